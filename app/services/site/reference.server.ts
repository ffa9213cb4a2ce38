import type { Language } from "~/lib/i18n/languages";
import { type NameTranslations, withReferenceNames } from "~/lib/reference-names";
import {
  type FocusArea,
  listFocusAreas,
  listRegions,
  listSubRegions,
  type ReferenceData,
  type ReferenceKind,
  type Region,
  loadReferenceData as readReferenceData,
  type SubRegion,
  updateNameTranslations,
} from "~/queries/reference.server";
import { contentCache } from "../entries/content-cache.server";
import { notifyContentChanged } from "../entries/content-events.server";
import type { Services } from "../services.server";

export type { FocusArea, ReferenceData, ReferenceKind, Region, SubRegion };
/**
 * The reference lists (regions, sub-regions, focus areas) that forms, filters and feeds offer, and their names in
 * the page's language. Routes reach the queries through this module (decision 036).
 */
export { listFocusAreas, listRegions, listSubRegions };

const referenceCache = contentCache<ReferenceData>(["reference"], 1);

/**
 * Regions, sub-regions and focus areas with lookup maps: small tables nearly every page needs and that change rarely
 * (seeding, staff editing their translated names). The one kept copy, until reference data changes on any instance;
 * its names in a language are derived from it once (referenceNamesFor).
 */
export function loadReferenceData(services: Pick<Services, "db" | "bus">): Promise<ReferenceData> {
  return referenceCache(services, "all", () => readReferenceData(services.db));
}

const named = new WeakMap<ReferenceData, Map<Language, ReferenceData>>();

/**
 * The reference data with each name in a language (its translation, else the stored name), for showing; ids and
 * keys are those of the stored rows, so filters resolve the same in every language. English is the data itself.
 */
export function referenceNamesFor(ref: ReferenceData, lang: Language): ReferenceData {
  if (lang === "en") return ref;
  let byLang = named.get(ref);
  if (!byLang) {
    byLang = new Map();
    named.set(ref, byLang);
  }
  const hit = byLang.get(lang);
  if (hit) return hit;
  const regions = withReferenceNames(ref.regions, lang);
  const subRegions = withReferenceNames(ref.subRegions, lang);
  const focusAreas = withReferenceNames(ref.focusAreas, lang);
  const data: ReferenceData = {
    regions,
    subRegions,
    focusAreas,
    regionsById: new Map(regions.map((x) => [x.id, x])),
    subRegionsById: new Map(subRegions.map((x) => [x.id, x])),
    focusAreasById: new Map(focusAreas.map((x) => [x.id, x])),
  };
  byLang.set(lang, data);
  return data;
}

/**
 * Reference data with names in the page's language (see `referenceNamesFor`), for public pages: from the kept copy,
 * so a page made again after staff save a name (on any instance) already shows it.
 */
export async function loadReferenceNames(
  services: Pick<Services, "db" | "bus">,
  lang: Language,
): Promise<ReferenceData> {
  return referenceNamesFor(await loadReferenceData(services), lang);
}

/**
 * Saves one reference row's translated names (validated by the caller) and announces the change so rendered pages
 * are made again; false when the row does not exist.
 */
export async function saveNameTranslations(
  services: Pick<Services, "db" | "bus">,
  kind: ReferenceKind,
  id: string,
  translations: NameTranslations,
): Promise<boolean> {
  const found = await updateNameTranslations(services.db, kind, id, translations);
  if (found) await notifyContentChanged(services, "reference");
  return found;
}
