import { useTranslation } from "~/lib/i18n/react";
import { listFeaturedLocations } from "~/services/locations.server";
import { listEpisodes } from "~/services/podcast.server";
import { listUpcomingPrograms } from "~/services/programs.server";
import { AppLink } from "../components/app-link";
import { ArrowRight, MapPin } from "../components/icons";
import { island } from "../components/island";
import { useMapStyleUrl } from "../components/map/use-map-style-url";
import { JsonLd } from "../components/public/json-ld";
import { INLINE_PROSE, ProseHtml } from "../components/public/prose";
import { SectionHeader } from "../components/public/section-header";
import { entryForPage } from "../lib/i18n/entry-translations";
import { languageFromPath } from "../lib/i18n/languages";
import { websiteJsonLd } from "../lib/jsonld";
import { DEFAULT_VIEW_CENTER, DEFAULT_VIEW_ZOOM, SNAPSHOT_SIZE } from "../lib/map-geometry";
import { pageMeta, siteNameFrom } from "../lib/meta";
import { countryLabel } from "../lib/reference-names";
import { locationPath } from "../lib/slug";
import { getClusterStore, mapSnapshot } from "../services/clusters.server";
import { getPublicPageTexts } from "../services/page-texts.server";
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

const FEATURED_LIMIT = 6;
const UPCOMING_LIMIT = 4;
const EPISODES_LIMIT = 3;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.services;
  const today = new Date().toISOString().slice(0, 10);
  const lang = languageFromPath(new URL(request.url).pathname);
  const [featured, upcoming, episodes, snapshot, texts] = await Promise.all([
    listFeaturedLocations(db, FEATURED_LIMIT),
    listUpcomingPrograms(db, { from: today, limit: UPCOMING_LIMIT }),
    listEpisodes(db, { limit: EPISODES_LIMIT }),
    mapSnapshot(getClusterStore(context.services), {
      center: DEFAULT_VIEW_CENTER,
      zoom: DEFAULT_VIEW_ZOOM,
      ...SNAPSHOT_SIZE,
    }),
    getPublicPageTexts(context.services),
  ]);
  return {
    siteUrl: context.services.config.siteUrl,
    // The heading and introduction, written in the admin's Pages section; the tagline describes the site.
    heading: texts.homeHeading,
    introHtml: texts.homeIntroHtml,
    description: texts.footerTagline,
    siteName: texts.siteName,
    snapshot,
    // Each featured place's name and summary in the page's language where it has a translation.
    featured: featured.map(({ language, translations, ...l }) => {
      const shown = entryForPage("location", { ...l, language, translations, longDescription: "" }, lang);
      return {
        ...l,
        country: countryLabel(l.country, lang),
        name: shown.text.name,
        nameLang: shown.lang.name,
        path: locationPath(l.name),
        shortDescription: shown.text.shortDescription,
        summaryLang: shown.lang.shortDescription,
      };
    }),
    upcoming: upcoming.map((p) => ({
      ...p,
      locationCountry: p.locationCountry && countryLabel(p.locationCountry, lang),
    })),
    episodes: episodes.map((e) => ({
      id: e.id,
      number: e.number,
      title: e.title,
      summary: e.summary,
      guest: e.guest,
      durationSeconds: e.durationSeconds,
      publishedAt: e.publishedAt.toISOString(),
    })),
  };
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
  const { t } = useTranslation();
  return (
    <main id="main">
      <JsonLd data={websiteJsonLd({ siteUrl, name: siteName, description })} />
      <section aria-labelledby="hero-heading" className="bg-gradient-to-b from-leaf-50 to-white">
        <div className="mx-auto max-w-6xl px-4 pb-6 pt-10 sm:pt-14">
          <h1 id="hero-heading" className="max-w-3xl text-3xl font-bold leading-tight text-leaf-900 sm:text-5xl">
            {heading}
          </h1>
          <ProseHtml html={introHtml} className={`mt-4 max-w-2xl text-lg text-stone-800 ${INLINE_PROSE}`} />
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
