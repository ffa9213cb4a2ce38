import { useTranslation } from "~/lib/i18n/react";
import { AppLink } from "../components/app-link";
import { ArrowRight, MapPin } from "../components/icons";
import { island } from "../components/island";
import { useMapStyleUrl } from "../components/map/use-map-style-url";
import { JsonLd } from "../components/public/json-ld";
import { INLINE_PROSE, ProseHtml } from "../components/public/prose";
import { SectionHeader } from "../components/public/section-header";
import { languageFromPath } from "../lib/i18n/languages";
import { websiteJsonLd } from "../lib/jsonld";
import { pageMeta, siteNameFrom } from "../lib/meta";
import { loadHomePage } from "../services/site/home.server";
import type { Route } from "./+types/home";

const primaryBtn =
  "inline-flex items-center gap-2 rounded-md bg-leaf-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-leaf-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-leaf-700";
const secondaryBtn =
  "inline-flex items-center gap-2 rounded-md border border-leaf-700 bg-white px-5 py-3 font-semibold text-leaf-800 hover:bg-leaf-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-leaf-700";

// Islands: both hydrate after the page load (see components/island.tsx). Until then the map is the server-drawn
// SVG, whose clusters and places are links, and the sections are links and a plain POST form.
const HomeMap = island(() => import("../components/map/interactive-map").then((m) => m.InteractiveMap));
// Everything below the map: featured places, upcoming programs, episodes and the calls to apply and subscribe.
const HomeSections = island(() => import("../components/public/home-sections").then((m) => m.HomeSections));

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = languageFromPath(new URL(request.url).pathname);
  return loadHomePage(context.services, lang, new Date().toISOString().slice(0, 10));
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta({
    matches,
    title: siteNameFrom(matches),
    description: loaderData?.description ?? "",
    siteUrl: loaderData?.siteUrl,
    path: "/",
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { snapshot, featured, upcoming, episodes, heading, introHtml, description, siteUrl, siteName } = loaderData;
  const styleUrl = useMapStyleUrl();
  const { t, lang } = useTranslation();
  const foreign = (textLang: string) => (textLang !== lang ? textLang : undefined);
  return (
    <main id="main">
      <JsonLd data={websiteJsonLd({ siteUrl, name: siteName, description })} />
      <section aria-labelledby="hero-heading" className="bg-gradient-to-b from-leaf-50 to-white">
        <div className="mx-auto max-w-6xl px-4 pb-6 pt-10 sm:pt-14">
          <h1
            id="hero-heading"
            lang={foreign(loaderData.headingLang)}
            className="max-w-3xl text-3xl font-bold leading-tight text-leaf-900 sm:text-5xl"
          >
            {heading}
          </h1>
          <ProseHtml
            html={introHtml}
            lang={foreign(loaderData.introLang)}
            className={`mt-4 max-w-2xl text-lg text-stone-800 ${INLINE_PROSE}`}
          />
          <div className="mt-6 flex flex-wrap gap-3">
            <AppLink to="/map" className={primaryBtn}>
              <MapPin aria-hidden="true" className="h-5 w-5" />
              {t("home.exploreMap")}
            </AppLink>
            <AppLink to="/application" className={secondaryBtn}>
              {t("home.applyNow")}
              <ArrowRight aria-hidden="true" className="h-5 w-5" />
            </AppLink>
          </div>
        </div>
      </section>

      <section aria-labelledby="map-heading" className="mx-auto max-w-6xl px-4 py-6">
        <SectionHeader
          id="map-heading"
          title={t("home.placesOnMap", { count: snapshot.total })}
          to="/map"
          linkText={t("home.openFullMap")}
          spacing="mb-3"
        />
        <HomeMap
          snapshot={snapshot}
          styleUrl={styleUrl}
          activation="interaction"
          label={t("home.mapLabel", { count: snapshot.total })}
        />
      </section>

      <HomeSections featured={featured} upcoming={upcoming} episodes={episodes} />
    </main>
  );
}
