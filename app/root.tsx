import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";

export function loader({ context }: Route.LoaderArgs) {
  return { nonce: context.cspNonce, siteUrl: context.services.config.siteUrl };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = data?.nonce;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2f5927" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let message = "An unexpected error occurred. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = "Page not found";
      message = "We could not find the page you were looking for.";
    } else if (error.status === 403) {
      title = "Access denied";
      message = typeof error.data === "string" ? error.data : "You do not have permission to view this page.";
    } else {
      title = `${error.status} ${error.statusText || "Error"}`;
      message = typeof error.data === "string" ? error.data : message;
    }
  }
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16">
      <title>{`${title} | Permaculture Network`}</title>
      <h1 className="text-3xl font-bold text-leaf-900">{title}</h1>
      <p className="mt-4 text-lg">{message}</p>
      <p className="mt-6">
        <a className="font-semibold text-leaf-700 underline" href="/">
          Go to the home page
        </a>
      </p>
    </main>
  );
}
