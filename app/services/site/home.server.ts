import { entryForPage } from "~/lib/i18n/entry-translations";
import type { Language } from "~/lib/i18n/languages";
import { DEFAULT_VIEW_CENTER, DEFAULT_VIEW_ZOOM, SNAPSHOT_SIZE } from "~/lib/map-geometry";
import { countryLabel } from "~/lib/reference-names";
import { locationPath } from "~/lib/slug";
import { listFeaturedLocations } from "~/queries/locations.server";
import { listEpisodes } from "~/queries/podcast.server";
import { listUpcomingPrograms } from "~/queries/programs.server";
import { contentCache } from "../entries/content-cache.server";
import { getClusterStore, mapSnapshot } from "../map/clusters.server";
import type { Services } from "../services.server";
import { getPublicPageTexts } from "./page-texts.server";

const FEATURED_LIMIT = 6;
const UPCOMING_LIMIT = 4;
const EPISODES_LIMIT = 3;

async function readHomeLists({ db }: Pick<Services, "db">, today: string) {
  const [featured, upcoming, episodes] = await Promise.all([
    listFeaturedLocations(db, FEATURED_LIMIT),
    listUpcomingPrograms(db, { from: today, limit: UPCOMING_LIMIT }),
    listEpisodes(db, { limit: EPISODES_LIMIT }),
  ]);
  return { featured, upcoming, episodes };
}

/**
 * The home page's three lists, read once per day and kept until places, programs, episodes or media (the cards'
 * pictures) change on any instance: a fresh render of the home page then makes no query for them.
 */
const homeLists = contentCache<Awaited<ReturnType<typeof readHomeLists>>>(
  ["locations", "programs", "podcast", "media"],
  2,
);

/**
 * Everything the home page shows, in the page's language: the owner's heading and introduction, the map's first
 * view, featured places, the next programs and the latest episodes. Names, summaries and titles are their
 * translations where an entry has one; `…Lang` names the language of a text shown in its original instead.
 */
export async function loadHomePage(
  services: Pick<Services, "db" | "bus" | "logger" | "storage" | "mapIndex" | "config">,
  lang: Language,
  today: string,
) {
  const [{ featured, upcoming, episodes }, snapshot, texts] = await Promise.all([
    homeLists(services, today, () => readHomeLists(services, today)),
    mapSnapshot(getClusterStore(services), { center: DEFAULT_VIEW_CENTER, zoom: DEFAULT_VIEW_ZOOM, ...SNAPSHOT_SIZE }),
    getPublicPageTexts(services, lang),
  ]);
  return {
    siteUrl: services.config.siteUrl,
    // The heading and introduction, written in the admin's Pages section; the tagline describes the site.
    heading: texts.homeHeading,
    introHtml: texts.homeIntroHtml,
    headingLang: texts.homeHeadingLanguage,
    introLang: texts.homeIntroLanguage,
    description: texts.footerTagline,
    siteName: texts.siteName,
    snapshot,
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
    upcoming: upcoming.map(({ language, translations, ...p }) => {
      const shown = entryForPage("program", { ...p, language, translations, description: "" }, lang);
      return {
        ...p,
        locationCountry: p.locationCountry && countryLabel(p.locationCountry, lang),
        // The address stays the original name's; the card shows the translation.
        shownName: shown.text.name,
        nameLang: shown.lang.name,
        summary: shown.text.summary,
        summaryLang: shown.lang.summary,
      };
    }),
    episodes: episodes.map((e) => {
      const shown = entryForPage("episode", e, lang);
      return {
        id: e.id,
        number: e.number,
        title: shown.text.title,
        titleLang: shown.lang.title,
        summary: shown.text.summary,
        summaryLang: shown.lang.summary,
        guest: e.guest,
        durationSeconds: e.durationSeconds,
        publishedAt: e.publishedAt.toISOString(),
      };
    }),
  };
}

export type HomePage = Awaited<ReturnType<typeof loadHomePage>>;
