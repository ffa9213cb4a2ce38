import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import { languageFromPath } from "~/lib/i18n/languages";
import { useTranslation } from "~/lib/i18n/react";
import type { Translate } from "~/lib/i18n/translate";
import { island } from "../components/island";
import { MobileBottomBar } from "../components/shell/mobile-bottom-bar";
import { SiteHeader } from "../components/shell/site-header";
import { useLiveSettings } from "../components/shell/use-live-settings";
import { MOBILE_BOTTOM_BAR_PADDING_PX, SITE_NAME, SITE_TAGLINE } from "../lib/constants";
import { refusedRequestMessage, refusedRequestTitleKey } from "../lib/error-titles";
import type { NavigationPages } from "../lib/nav-pages";
import { ALL_PAGES_VISIBLE, hiddenPagesKey } from "../lib/nav-pages";
import { getPublicPageTexts } from "../services/site/page-texts.server";
import { getPublicSettings } from "../services/site/site-settings.server";
import type { Route } from "./+types/public-layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { logger } = context.services;
  const lang = languageFromPath(new URL(request.url).pathname);
  const [{ navigation, general }, texts] = await Promise.all([
    getPublicSettings(context.services, (err) =>
      logger.warn({ err }, "site settings unreadable; showing all pages and the default contact"),
    ),
    getPublicPageTexts(context.services, lang),
  ]);
  return {
    // The site's name and footer tagline, as written in the admin's Pages section.
    siteName: texts.siteName,
    footerTagline: texts.footerTagline,
    footerTaglineLang: texts.footerTaglineLanguage,
    navigation,
    contactEmail: general.contactEmail,
    // Read here once for the pages with a map (home, /map), which take it from this layout's data. The admin
    // setting, when filled in, overrides the operator's MAP_STYLE_URL.
    mapStyleUrl: general.mapStyleUrl || context.services.config.map?.styleUrl || "",
    year: new Date().getFullYear(),
  };
}

// Error pages are rare: their content hydrates after the page load instead of weighing on every page's bundle.
const NotFoundContent = island(() => import("../components/shell/not-found-content").then((m) => m.NotFoundContent));
// The footer is below the fold: it hydrates after the page load (its links and form work before that).
const SiteFooter = island(() => import("../components/shell/site-footer").then((m) => m.SiteFooterIsland));
const ErrorContent = island(() => import("../components/shell/not-found-content").then((m) => m.ErrorContent));

/**
 * Used only when the layout's own data is missing (its loader failed); mirrors DEFAULT_GENERAL and the default page
 * texts, which are server-only.
 */
const FALLBACK = {
  navigation: ALL_PAGES_VISIBLE,
  contactEmail: "info@permaculture.example",
  siteName: SITE_NAME,
  footerTagline: SITE_TAGLINE,
};

function Shell({
  data: { navigation, contactEmail, year, siteName, footerTagline, footerTaglineLang },
  children,
}: {
  /** The layout's data (or the fallback when its loader failed). */
  data: {
    navigation: NavigationPages;
    contactEmail: string;
    year: number;
    siteName: string;
    footerTagline: string;
    footerTaglineLang?: string;
  };
  children: React.ReactNode;
}) {
  const live = useLiveSettings(navigation, contactEmail);
  const { t } = useTranslation();
  return (
    <div
      className="flex min-h-screen flex-col pb-[var(--bottom-bar)] md:pb-0"
      style={{ "--bottom-bar": `${MOBILE_BOTTOM_BAR_PADDING_PX}px` } as React.CSSProperties}
    >
      <a className="skip-link" href="#main">
        {t("shell.skipToContent")}
      </a>
      <SiteHeader pages={live.pages} siteName={siteName} />
      <div className="flex-1">{children}</div>
      <SiteFooter
        hiddenPages={hiddenPagesKey(live.pages)}
        contactEmail={live.contactEmail}
        year={year}
        siteName={siteName}
        tagline={footerTagline}
        taglineLang={footerTaglineLang}
      />
      <MobileBottomBar pages={live.pages} />
    </div>
  );
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Shell data={loaderData}>
      <Outlet />
    </Shell>
  );
}

/**
 * Errors thrown below the layout (an unknown path, an unknown location slug ...) render inside the shell, so the
 * visitor keeps the header, footer and a way on. The status code of the response is kept (404 stays 404).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("routes/public-layout");
  const shell = data ?? { ...FALLBACK, year: new Date().getFullYear() };
  const { t } = useTranslation();
  let body: React.ReactNode;
  if (isRouteErrorResponse(error) && error.status === 404) {
    body = (
      <NotFoundContent
        message={typeof error.data === "string" ? notFoundMessage(error.data, t) : undefined}
        siteName={shell.siteName}
      />
    );
  } else if (isRouteErrorResponse(error)) {
    body = (
      <ErrorContent
        title={t(error.status < 500 ? refusedRequestTitleKey(error.status) : "error.somethingWrong")}
        message={refusedRequestMessage(error.data, t, t("error.notCompleted"))}
        siteName={shell.siteName}
      />
    );
  } else {
    body = (
      <ErrorContent
        title={t("error.somethingWrong")}
        message={t("error.unexpectedOurSide")}
        siteName={shell.siteName}
      />
    );
  }
  return <Shell data={shell}>{body}</Shell>;
}

/**
 * "Location not found" (in the page's language, as the loader wrote it) -> a sentence for the page; a bare "Page not
 * found" keeps the default wording.
 */
function notFoundMessage(data: string, t: Translate): string | undefined {
  if (/^page not found$/i.test(data.trim())) return undefined;
  return t("rest.notFoundMaybeMoved", { what: data.trim().replace(/\.$/, "") });
}
