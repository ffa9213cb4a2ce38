import { asc, eq } from "drizzle-orm";
import type { NameTranslations } from "~/lib/reference-names";
import type { Executor } from "~db/client";
import { focusAreas, regions, subRegions } from "~db/schema";

export type Region = { id: string; key: string; name: string; description: string; translations: NameTranslations };
export type SubRegion = {
  id: string;
  name: string;
  description: string;
  regionId: string;
  translations: NameTranslations;
};
export type FocusArea = { id: string; name: string; categoryId: string; translations: NameTranslations };

const regionColumns = {
  id: regions.id,
  key: regions.key,
  name: regions.name,
  description: regions.description,
  translations: regions.translations,
};
const subRegionColumns = {
  id: subRegions.id,
  name: subRegions.name,
  description: subRegions.description,
  regionId: subRegions.regionId,
  translations: subRegions.translations,
};
const focusAreaColumns = {
  id: focusAreas.id,
  name: focusAreas.name,
  categoryId: focusAreas.categoryId,
  translations: focusAreas.translations,
};

/** The kinds of reference rows whose names are translated. */
export type ReferenceKind = "region" | "subRegion" | "focusArea";

const tables = { region: regions, subRegion: subRegions, focusArea: focusAreas } as const;

/** Replaces one reference row's translated names; false when no row has that id. */
export async function updateNameTranslations(
  db: Executor,
  kind: ReferenceKind,
  id: string,
  translations: NameTranslations,
): Promise<boolean> {
  const table = tables[kind];
  const rows = await db.update(table).set({ translations }).where(eq(table.id, id)).returning({ id: table.id });
  return rows.length > 0;
}

/** All regions, ordered by name. */
export function listRegions(db: Executor): Promise<Region[]> {
  return db.select(regionColumns).from(regions).orderBy(asc(regions.name));
}

/** All sub-regions, ordered by name. */
export function listSubRegions(db: Executor): Promise<SubRegion[]> {
  return db.select(subRegionColumns).from(subRegions).orderBy(asc(subRegions.name));
}

/** All focus areas, ordered by name. */
export function listFocusAreas(db: Executor): Promise<FocusArea[]> {
  return db.select(focusAreaColumns).from(focusAreas).orderBy(asc(focusAreas.name));
}

export type ReferenceData = {
  regions: Region[];
  subRegions: SubRegion[];
  focusAreas: FocusArea[];
  regionsById: Map<string, Region>;
  subRegionsById: Map<string, SubRegion>;
  focusAreasById: Map<string, FocusArea>;
};

/**
 * Regions, sub-regions and focus areas with lookup maps, read now. Pages read the copy services/site/reference.server.ts
 * keeps until reference data changes; staff actions that run rarely read afresh.
 */
export async function loadReferenceData(db: Executor): Promise<ReferenceData> {
  const [r, s, f] = await Promise.all([listRegions(db), listSubRegions(db), listFocusAreas(db)]);
  return {
    regions: r,
    subRegions: s,
    focusAreas: f,
    regionsById: new Map(r.map((x) => [x.id, x])),
    subRegionsById: new Map(s.map((x) => [x.id, x])),
    focusAreasById: new Map(f.map((x) => [x.id, x])),
  };
}
