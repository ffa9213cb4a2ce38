/**
 * Search across every kind of entry: the search page and the header's suggestions. The queries find and rank;
 * this module adds what the site knows beyond its entries (towns, its own words: `search-vocabulary.server.ts`),
 * so that a query naming them is never replaced by a spelling correction, offers places near a town it names when
 * nothing matches, and counts each search for staff (decision 055).
 */
import type { Language } from "~/lib/i18n/languages";
import type { Translate } from "~/lib/i18n/translate";
import { countryLabel } from "~/lib/reference-names";
import type { SearchKind } from "~/queries/search.server";
import {
  type PreparedSearch,
  prepareSearch,
  type SearchHit,
  type SearchOutcome,
  searchEverything,
} from "~/queries/search.server";
import { serverTranslate } from "~/server-lib/messages.server";
import { recordSearch } from "../analytics/search-stats.server";
import { contentCache } from "../entries/content-cache.server";
import { ENTRY_KINDS, isEntryKind } from "../entries/registry.server";
import type { Services } from "../services.server";
import { isKnownWord, namesTown } from "./search-vocabulary.server";

export { type SearchKind, searchEverything, suggestNames } from "~/queries/search.server";

export type SiteSearch = SearchOutcome & {
  /** The town a query that found nothing names, for "places near …" (null otherwise). */
  near: string | null;
};

/** A place's kind as its page and the map name it ("Granja" on a Spanish page). */
function kindLabel(t: Translate, kind: string): string {
  if (kind === "school") return t("map.markerSchool");
  if (kind === "farm") return t("map.markerFarm");
  if (kind === "ecovillage") return t("map.markerEcovillage");
  return t("map.markerStandard");
}

/** Where a place is (its town and country, in the page's language) and what it is; null for other kinds. */
export function hitPlace(hit: SearchHit, lang: Language): { where: string; what: string } | null {
  if (!hit.place) return null;
  const country = countryLabel(hit.place.country, lang);
  return {
    where: [hit.place.city, country].filter((part) => part?.trim()).join(", "),
    what: kindLabel(serverTranslate(lang), hit.place.kind),
  };
}

/**
 * Prepared queries (their stems, stop words and the names they match: one round trip each) are kept until reference
 * data changes: the names of regions, sub-regions and focus areas are reference rows, and those of countries and
 * kinds change only with a release.
 */
const prepared = contentCache<PreparedSearch>(["reference"]);

/** A search of the search page, in the page's language, counted for staff. */
export async function searchSite(
  services: Pick<Services, "db" | "bus">,
  raw: string | null | undefined,
  opts: { perKind: number; lang: Language },
): Promise<SiteSearch> {
  const { db } = services;
  const outcome = await searchEverything(db, raw, {
    ...opts,
    knownWord: isKnownWord,
    prepare: (query, lang) =>
      prepared(services, `${lang ?? ""}\u0000${query.text}`, () => prepareSearch(db, query, lang)),
  });
  if (outcome.status !== "ok") return { ...outcome, near: null };
  const found = outcome.groups.some((g) => g.total > 0);
  recordSearch(services, { text: outcome.parsed.text, lang: opts.lang, found });
  const near = !found && !outcome.suggestion && namesTown(outcome.parsed.text) ? outcome.parsed.text : null;
  return { ...outcome, near };
}

/**
 * Where a search result or suggestion leads: an entry's public page as its kind's record in the registry makes it
 * (a hit's key is the entry's id where the address is made from the id, and a resource's own address, since a
 * resource has no page here); a podcast episode (not an entry kind: decision 063) at its place on the podcast page.
 */
export function hitHref(hit: { kind: SearchKind; name: string; key: string }): string {
  if (isEntryKind(hit.kind)) return ENTRY_KINDS[hit.kind].publicPath({ id: hit.key, name: hit.name }) ?? hit.key;
  return `/podcast#episode-${encodeURIComponent(hit.key)}`;
}
