import { lazy, Suspense, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
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
import { refusedRequestMessage, refusedRequestTitleKey } from "./lib/error-titles";
import { languageFromPath, localizedPath } from "./lib/i18n/languages";
import { messagePage } from "./lib/i18n/page-messages";
import { TranslationProvider, useTranslation } from "./lib/i18n/react";
import { messagesFromJson } from "./lib/i18n/translate";
import { pageMessagesJson } from "./server-lib/messages.server";
import { readToast } from "./services/site/toast.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const { toast, clearHeader } = readToast(request);
  // The page's language is its path's; only the messages its kind of page uses, in that language, go to the browser.
  const { pathname } = new URL(request.url);
  const lang = languageFromPath(pathname);
  // Public pages allow their scripts by hash (no nonce), so their bytes are the same for every visitor.
  const payload = {
    nonce: context.cspNonce || undefined,
    siteHostname: context.services.config.siteHostname,
    toast,
    lang,
    messages: pageMessagesJson(lang, pathname),
  };
  // The toast is shown once: the same response clears its cookie.
  return clearHeader ? data(payload, { headers: { "Set-Cookie": clearHeader } }) : payload;
}

/**
 * A move to another language or another kind of page reads the root data again: the messages it carries are the
 * language's and the page's (`/locations` to `/application` brings the form's texts).
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return (
    languageFromPath(currentUrl.pathname) !== languageFromPath(nextUrl.pathname) ||
    messagePage(currentUrl.pathname) !== messagePage(nextUrl.pathname) ||
    defaultShouldRevalidate
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = data?.nonce;
  const { pathname } = useLocation();
  const lang = data?.lang ?? languageFromPath(pathname);
  return (
    <html lang={lang}>
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
        <TranslationProvider lang={lang} messages={data?.lang === lang ? messagesFromJson(data.messages) : undefined}>
          {children}
        </TranslationProvider>
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
  const { t } = useTranslation();
  const lang = languageFromPath(useLocation().pathname);
  let title = t("error.somethingWrong");
  let message = t("error.unexpected");
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = t("notFound.title");
      message = t("notFound.message");
    } else if (error.status === 403) {
      title = t("error.status403");
      message = typeof error.data === "string" ? error.data : t("error.forbidden");
    } else {
      title = error.status < 500 ? t(refusedRequestTitleKey(error.status)) : title;
      message = refusedRequestMessage(error.data, t, message);
    }
  }
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16">
      <title>{`${title} | Permaculture Network`}</title>
      <h1 className="text-3xl font-bold text-leaf-900">{title}</h1>
      <p className="mt-4 text-lg">{message}</p>
      <p className="mt-6">
        <a className="font-semibold text-leaf-700 underline" href={localizedPath("/", lang)}>
          {t("shell.goHome")}
        </a>
      </p>
    </main>
  );
}
