import { lazy, Suspense, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { Analytics } from "./components/analytics";
import { useDelegatedNavigation } from "./components/app-link";
import { AppStylesheet } from "./components/shell/app-stylesheet";
import { PageLoadingIndicator } from "./components/shell/page-loading-indicator";
import { ScrollToTop } from "./components/shell/scroll-to-top";
import { useHydrated } from "./components/shell/use-hydrated";
import { afterPageLoad } from "./lib/after-load";
import { refusedRequestTitle } from "./lib/error-titles";
import { readToast } from "./services/toast.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const { toast, clearHeader } = readToast(request);
  // Public pages allow their scripts by hash (no nonce), so their bytes are the same for every visitor.
  const payload = { nonce: context.cspNonce || undefined, siteHostname: context.services.config.siteHostname, toast };
  // The toast is shown once: the same response clears its cookie.
  return clearHeader ? data(payload, { headers: { "Set-Cookie": clearHeader } }) : payload;
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
        <AppStylesheet />
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

/** Work that must never delay the first paint: the service worker and the web-vitals log start after `load`. */
function useAfterLoad() {
  useEffect(
    () =>
      afterPageLoad(() => {
        if (import.meta.env.PROD && "serviceWorker" in navigator) {
          navigator.serviceWorker.register("/sw.js").catch((err: unknown) => {
            console.warn("Service worker registration failed", err);
          });
        }
        import("./lib/web-vitals.client").then((m) => m.startWebVitalsLogging()).catch(() => {});
      }),
    [],
  );
}

/** Marks `<html data-hydrated>` once the app is live: a signal for browser tests and monitoring (decision 009). */
function useMarkHydrated() {
  useEffect(() => document.documentElement.setAttribute("data-hydrated", ""), []);
}

const AppToaster = lazy(() => import("./components/toaster"));

export default function App({ loaderData }: Route.ComponentProps) {
  const { toast, siteHostname } = loaderData;
  useAfterLoad();
  useDelegatedNavigation();
  // The toaster (and its library) loads only after hydration, keeping it out of the initial JavaScript.
  const hydrated = useHydrated();
  useMarkHydrated();

  return (
    <>
      <PageLoadingIndicator />
      <ScrollToTop />
      <Analytics productionHostname={siteHostname} />
      <Outlet />
      {hydrated ? (
        <Suspense fallback={null}>
          <AppToaster toast={toast} />
        </Suspense>
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useMarkHydrated();
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
      title = error.status < 500 ? refusedRequestTitle(error.status) : title;
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
