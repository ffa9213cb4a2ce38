import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import { locations } from "~db/schema";
import { ENTRY_NAME_MAX_LENGTH } from "../lib/constants";
import type { EntryTranslations } from "../lib/i18n/entry-translations";
import type { Language } from "../lib/i18n/languages";
import { isUuid } from "../lib/ids";
import type { NameTranslations } from "../lib/reference-names";
import { parseSearch, SEARCH_COUNT_CAP } from "../lib/search-query";
import { nameFromSlug } from "../lib/slug";
import { DEFAULT_MARKER_TYPE } from "../lib/taxonomy";
import type { EntryStatus } from "../lib/vocabulary";
import { distanceKmSql, type Point, withinKmSql } from "./distance.server";
import { addressLookups } from "./page-addresses.server";
import { rememberSlugBeforeRename } from "./redirects.server";
import { countRows, deleteRowById, findRowById, insertStampedRow, updateRowById } from "./rows.server";
import {
  cappedCountSql,
  cappedTotal,
  type PreparedSearch,
  prepareSearch,
  rankPoolSql,
  searchOrderSql,
} from "./search.server";
import { escapeLike, publishedSql, rowsOf, type StatusFilter, statusSql } from "./sql-helpers.server";

export type LocationRow = typeof locations.$inferSelect;

/** The writable fields of a location; timestamps are set by the query module. */
export type LocationInput = {
  name: string;
  shortDescription: string;
  longDescription: string;
  originalImageUrl: string | null;
  webpImageUrl: string | null;
  imageWidth?: number | null;
  imageHeight?: number | null;
  website: string | null;
  country: string;
  regionName: string;
  regionId: string | null;
  subRegionId: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  contactAddress: string | null;
  contactCity: string | null;
  contactState: string | null;
  contactZipCode: string | null;
  focusAreas: string[];
  latitude: number | null;
  longitude: number | null;
  markerType?: string | null;
  featured?: boolean;
  status?: EntryStatus;
  /** The original's language and the translations of the name and texts (decision 032). */
  language?: string;
  translations?: EntryTranslations;
};

/** One location by id, or null (a malformed id is simply not found). */
export function getLocationById(db: Executor, id: string): Promise<LocationRow | null> {
  return findRowById(db, locations, id);
}

function writable(input: LocationInput) {
  return {
    ...input,
    markerType: input.markerType || DEFAULT_MARKER_TYPE,
    featured: input.featured ?? false,
  };
}

/** Creates a location with createdAt and updatedAt set; returns the new id. */
export function createLocation(db: Executor, input: LocationInput): Promise<string> {
  return insertStampedRow(db, locations, writable(input));
}

/**
 * Updates a location by id (staff saving it: it is also marked as checked now); returns false when no such location.
 */
export async function updateLocation(db: Executor, id: string, input: Partial<LocationInput>): Promise<boolean> {
  if (!isUuid(id)) return false;
  const now = new Date();
  const values = { ...input, updatedAt: now, checkedAt: now } as Partial<typeof locations.$inferInsert>;
  if ("markerType" in input) values.markerType = input.markerType || DEFAULT_MARKER_TYPE;
  // A rename keeps the old address working (it answers 301 to the new one).
  if (typeof input.name === "string") await rememberSlugBeforeRename(db, "location", id, input.name);
  return updateRowById(db, locations, id, values);
}

/** Deletes a location by id; returns false when no such location. */
export function deleteLocation(db: Executor, id: string): Promise<boolean> {
  return deleteRowById(db, locations, id);
}

/**
 * Another location whose name has the same address key (same letters, whatever their case, spaces or hyphens): saving
 * this name would give both one page address; and the published location an address typed in another case, or with
 * extra hyphens, stands for (for a 301).
 */
export const { nameClash: findLocationNameClash, byAddressKey: findLocationByAddressKey } = addressLookups(locations);

export type LocationFilters = {
  /** Search words, as a visitor types them (full-text search, decision 013). */
  q?: string;
  /** The language `q` is read in (its stems and stop words); English when not given. */
  lang?: Language;
  /** `q` read against the names the site knows (`prepareLocationFilters`); the query functions prepare it once. */
  search?: PreparedSearch;
  /** Staff lists: a part of the name, city, country or summary, letter for letter. */
  contains?: string;
  /** Nearest first from this point; with `withinKm`, only locations that close. */
  near?: Point;
  withinKm?: number;
  regionId?: string;
  subRegionId?: string;
  focusAreaId?: string;
  country?: string;
  /** Only locations with a position (what the map shows). */
  onMap?: boolean;
  /** Published ones unless said otherwise: staff lists ask for "any" or one status. */
  status?: StatusFilter;
};

export type LocationSort = "name" | "-name" | "updated" | "-updated" | "country";

/** Search words read without the names of the database (a caller that did not prepare them). */
function searchOf(q: string, lang: Language | undefined): PreparedSearch | null {
  const parsed = parseSearch(q);
  return parsed.ok ? { text: parsed.text, terms: parsed.terms, lang } : null;
}

/**
 * The filters with their search words prepared (`prepareSearch`: the names of countries, focus areas and kinds in
 * every language), once for every statement a function builds from them.
 */
export async function prepareLocationFilters(db: Executor, filters: LocationFilters): Promise<LocationFilters> {
  if (!filters.q || filters.search) return filters;
  const parsed = parseSearch(filters.q);
  return parsed.ok ? { ...filters, search: await prepareSearch(db, parsed, filters.lang) } : filters;
}

export function locationFilterSql(f: LocationFilters): SQL | undefined {
  const conds: SQL[] = [];
  const status = statusSql(locations.status, f.status);
  if (status) conds.push(status);
  if (f.regionId) conds.push(eq(locations.regionId, f.regionId));
  if (f.subRegionId) conds.push(eq(locations.subRegionId, f.subRegionId));
  if (f.focusAreaId) conds.push(sql`${locations.focusAreas} @> ARRAY[${f.focusAreaId}]::uuid[]`);
  if (f.country) conds.push(eq(locations.country, f.country));
  if (f.onMap) conds.push(sql`${locations.latitude} IS NOT NULL AND ${locations.longitude} IS NOT NULL`);
  if (f.near && f.withinKm) conds.push(withinKmSql(f.near, f.withinKm));
  if (f.contains) {
    const pattern = `%${escapeLike(f.contains)}%`;
    conds.push(
      or(
        ilike(locations.name, pattern),
        ilike(locations.country, pattern),
        ilike(locations.shortDescription, pattern),
        ilike(locations.contactCity, pattern),
      ) as SQL,
    );
  }
  if (f.q) {
    // Every word must match somewhere in the entry (decision 013); input with no word to search matches nothing.
    const search = f.search ?? searchOf(f.q, f.lang);
    conds.push(search ? searchOrderSql("location", search, "locations").where : sql`false`);
  }
  return conds.length ? and(...conds) : undefined;
}

/**
 * For each choice of region, country and focus area: how many locations it would give together with the other
 * filters in force (its own dimension left out, so the counts say what switching to that choice would show).
 * Each dimension reads at most SEARCH_COUNT_CAP + 1 locations; one whose choices would count more is left out
 * (null), so a broad search costs no more than a narrow one (decision 021).
 */
export async function locationFacetCounts(
  db: Executor,
  unprepared: LocationFilters,
): Promise<{
  region: Map<string, number> | null;
  country: Map<string, number> | null;
  focus: Map<string, number> | null;
}> {
  const filters = await prepareLocationFilters(db, unprepared);
  const cap = SEARCH_COUNT_CAP + 1;
  const facet = async (column: SQL, where: SQL | undefined, unnestKeys = false) => {
    // The first row (no key) says how many locations were read: all of them, or the cap (then the counts are not
    // complete and this dimension shows none).
    const rows = await db.execute(sql`
      WITH s AS (SELECT ${column} AS k FROM ${locations} WHERE ${where ?? sql`TRUE`} LIMIT ${cap})
      SELECT NULL::text AS key, (SELECT count(*) FROM s)::int AS n
      UNION ALL
      SELECT key, n FROM (
        SELECT key::text AS key, count(*)::int AS n
        FROM ${unnestKeys ? sql`s, unnest(s.k) AS f(key)` : sql`(SELECT k AS key FROM s) s2`}
        WHERE key IS NOT NULL
        GROUP BY key
      ) counted
    `);
    const list = rowsOf(rows);
    const seen = list.find((r) => r.key === null);
    if (Number(seen?.n ?? 0) >= cap) return null;
    return new Map(list.filter((r) => r.key !== null).map((r) => [String(r.key), Number(r.n)]));
  };
  const [region, country, focus] = await Promise.all([
    facet(sql`${locations.regionId}`, locationFilterSql({ ...filters, regionId: undefined, subRegionId: undefined })),
    facet(sql`${locations.country}`, locationFilterSql({ ...filters, country: undefined })),
    facet(sql`${locations.focusAreas}`, locationFilterSql({ ...filters, focusAreaId: undefined }), true),
  ]);
  return { region, country, focus };
}

/**
 * A page of locations matching the filters, with the total count (and each one's distance, when near a point).
 * With search words, `capped` counts no further than SEARCH_COUNT_CAP and ranks a bounded sample of a broad
 * search's matches (decision 021); staff lists leave it off and get exact figures.
 */
export async function searchLocations(
  db: Executor,
  unprepared: LocationFilters,
  page: { limit: number; offset: number; sort?: LocationSort; capped?: boolean },
  /** The total when the caller already knows it (kept per content version): then it is not counted again. */
  knownTotal?: Promise<number>,
): Promise<{ rows: (LocationRow & { distanceKm: number | null })[]; total: number; capped: boolean }> {
  const filters = await prepareLocationFilters(db, unprepared);
  const where = locationFilterSql(filters);
  const search = filters.search;
  const distance = filters.near ? distanceKmSql(filters.near) : null;
  const ranked = Boolean(search && !distance && !page.sort);
  const order = (() => {
    // Near a point: the nearest first (places without a position last), then the best match.
    if (distance && !page.sort) return [sql`${distance} ASC NULLS LAST`, asc(locations.name)];
    // Words typed and no order asked for: the best match first.
    if (search && ranked) return [searchOrderSql("location", search, "locations").orderBy];
    switch (page.sort ?? "name") {
      case "-name":
        return [desc(locations.name)];
      case "updated":
        return [asc(locations.updatedAt), asc(locations.name)];
      case "-updated":
        return [desc(locations.updatedAt), asc(locations.name)];
      case "country":
        return [asc(locations.country), asc(locations.name)];
      default:
        return [asc(locations.name)];
    }
  })();
  const bounded = Boolean(page.capped && search);
  // A broad search reads its bounded pool of rows instead of the table: a WITH query named "locations" stands in
  // for the table (inside it, "locations" is still the table), so every column reference holds. The pool applies
  // the words itself; given them twice, the planner takes a word in 10 % of rows for one in 1 % and builds a bitmap
  // of every match (100 ms at 500,000) instead of reading until the pool is full.
  const pool =
    bounded && ranked && search
      ? db
          .$with("locations", {})
          .as(rankPoolSql("location", search, "locations", locationFilterSql({ ...filters, q: undefined })))
      : null;
  const [rows, totals] = await Promise.all([
    (pool ? db.with(pool) : db)
      .select({ ...getTableColumns(locations), distanceKm: distance ?? sql<null>`NULL::float8` })
      .from(locations)
      .where(pool ? undefined : where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    knownTotal
      ? knownTotal.then((total) => ({ total, capped: false }))
      : bounded
        ? countLocationsCapped(db, filters)
        : countLocationsMatching(db, filters).then((total) => ({ total, capped: false })),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, distanceKm: r.distanceKm === null ? null : Number(r.distanceKm) })),
    ...totals,
  };
}

export type NearestLocation = {
  slug: string;
  name: string;
  lat: number;
  lng: number;
  markerType: string;
  distanceKm: number;
};

/** How far "Near me" looks before widening: most visitors find enough places in the first ring. */
const NEAREST_RINGS_KM = [50, 500] as const;

/**
 * The `limit` published locations nearest to a point that match the filters, nearest first, by the same distance as
 * the search's distance sort. Looks within 50 km, then 500 km (a box the planner can use), and only then everywhere:
 * a ring that already holds `limit` places holds the nearest ones.
 */
export async function nearestLocations(
  db: Executor,
  from: Point,
  unprepared: LocationFilters,
  limit: number,
): Promise<NearestLocation[]> {
  const filters = await prepareLocationFilters(db, unprepared);
  const distance = distanceKmSql(from);
  const read = (withinKm: number | undefined) =>
    db
      .select({
        slug: locations.slug,
        name: locations.name,
        lat: locations.latitude,
        lng: locations.longitude,
        markerType: locations.markerType,
        distanceKm: distance,
      })
      .from(locations)
      .where(locationFilterSql({ ...filters, near: from, withinKm, onMap: true }))
      .orderBy(sql`${distance} ASC`, asc(locations.name))
      .limit(limit);
  let rows: Awaited<ReturnType<typeof read>> = [];
  for (const ring of [...NEAREST_RINGS_KM, undefined]) {
    rows = await read(ring);
    if (rows.length >= limit) break;
  }
  return rows.map((r) => ({
    slug: r.slug,
    name: r.name,
    lat: Number(r.lat),
    lng: Number(r.lng),
    markerType: r.markerType,
    distanceKm: Number(r.distanceKm),
  }));
}

export type NearbyLocation = NearestLocation & {
  id: string;
  language: string;
  translations: unknown;
  city: string | null;
  country: string;
};

/**
 * The published locations nearest to a place, itself left out, within `maxKm`: a place page's neighbours. The same
 * distance and box-then-distance filter as "Near me", and its rings: 50 km first (an index range scan of a few
 * milliseconds at 500,000 places), the whole `maxKm` only when that holds fewer than `limit` (the 500 km box costs
 * 100-300 ms there, decision 029). No unbounded step: far places are not neighbours.
 */
export async function nearbyLocations(
  db: Executor,
  from: Point & { id: string },
  limit: number,
  maxKm: number,
): Promise<NearbyLocation[]> {
  const distance = distanceKmSql(from);
  const read = (withinKm: number) =>
    db
      .select({
        id: locations.id,
        slug: locations.slug,
        name: locations.name,
        language: locations.language,
        translations: locations.translations,
        city: locations.contactCity,
        country: locations.country,
        lat: locations.latitude,
        lng: locations.longitude,
        markerType: locations.markerType,
        distanceKm: distance,
      })
      .from(locations)
      .where(and(locationFilterSql({ near: from, withinKm, onMap: true }), ne(locations.id, from.id)))
      .orderBy(sql`${distance} ASC`, asc(locations.name))
      .limit(limit);
  let rows: Awaited<ReturnType<typeof read>> = [];
  for (const ring of [...NEAREST_RINGS_KM.filter((km) => km < maxKm), maxKm]) {
    rows = await read(ring);
    if (rows.length >= limit) break;
  }
  return rows.map((r) => ({
    ...r,
    lat: Number(r.lat),
    lng: Number(r.lng),
    distanceKm: Number(r.distanceKm),
  }));
}

/** How many locations match the filters. */
export async function countLocationsMatching(db: Executor, filters: LocationFilters): Promise<number> {
  const prepared = await prepareLocationFilters(db, filters);
  const [row] = await db.select({ n: count() }).from(locations).where(locationFilterSql(prepared));
  return row?.n ?? 0;
}

/** How many locations match, counted no further than SEARCH_COUNT_CAP. */
async function countLocationsCapped(db: Executor, filters: LocationFilters) {
  const [row] = await db
    .select({ n: sql<number>`${cappedCountSql(sql`${locations}`, locationFilterSql(filters))}` })
    .from(sql`(SELECT 1) one`);
  return cappedTotal(Number(row?.n ?? 0));
}

/** Distinct countries that have locations, alphabetically (for filters). */
export async function listLocationCountries(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ country: locations.country })
    .from(locations)
    .where(and(sql`${locations.country} <> ''`, publishedSql(locations.status)))
    .orderBy(asc(locations.country));
  return rows.map((r) => r.country);
}

/** How many locations are published. */
export function countLocations(db: Executor): Promise<number> {
  return countRows(db, locations, publishedSql(locations.status));
}

/** Names and places of the given published locations (for public links from other entities), ordered by name. */
export async function listLocationLinksByIds(
  db: Executor,
  ids: string[],
): Promise<{ id: string; name: string; country: string; contactCity: string | null }[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  return db
    .select({ id: locations.id, name: locations.name, country: locations.country, contactCity: locations.contactCity })
    .from(locations)
    .where(and(inArray(locations.id, valid), publishedSql(locations.status)))
    .orderBy(asc(locations.name));
}

/** Map points for the open-data feed: only the columns the feed shows, filtered like the list page. */
export async function listLocationFeatures(
  db: Executor,
  unprepared: LocationFilters,
  page: { limit: number; offset: number },
  /** The total when the caller already knows it (kept per content version). */
  knownTotal?: Promise<number>,
) {
  const filters = await prepareLocationFilters(db, unprepared);
  const where = and(
    locationFilterSql(filters),
    sql`${locations.latitude} is not null and ${locations.longitude} is not null`,
  );
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: locations.id,
        name: locations.name,
        country: locations.country,
        regionId: locations.regionId,
        regionName: locations.regionName,
        focusAreas: locations.focusAreas,
        latitude: locations.latitude,
        longitude: locations.longitude,
        markerType: locations.markerType,
        updatedAt: locations.updatedAt,
      })
      .from(locations)
      .where(where)
      .orderBy(asc(locations.name))
      .limit(page.limit)
      .offset(page.offset),
    knownTotal ?? countRows(db, locations, where),
  ]);
  return { rows, total: totals };
}

/** Ids of the locations with exactly these names (for forms that pick locations by name). */
export async function getLocationIdsByNames(db: Executor, names: readonly string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(inArray(locations.name, [...names]));
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** Names of the locations with these ids, in the order given (unknown ids dropped). */
export async function getLocationNamesByIds(db: Executor, ids: readonly string[]): Promise<string[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  const rows = await db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(inArray(locations.id, valid));
  const byId = new Map(rows.map((r) => [r.id, r.name]));
  return valid.map((id) => byId.get(id)).filter((n): n is string => Boolean(n));
}

/** Location names for a form's suggestions list, alphabetically, capped so a huge directory stays light. */
export async function listLocationNames(db: Executor, limit = 1000): Promise<string[]> {
  const rows = await db.select({ name: locations.name }).from(locations).orderBy(asc(locations.name)).limit(limit);
  return rows.map((r) => r.name);
}

/** Featured locations for the home page: only the fields a card shows, newest first. */
export function listFeaturedLocations(db: Executor, limit: number) {
  return db
    .select({
      id: locations.id,
      name: locations.name,
      country: locations.country,
      shortDescription: locations.shortDescription,
      originalImageUrl: locations.originalImageUrl,
      webpImageUrl: locations.webpImageUrl,
      imageWidth: locations.imageWidth,
      imageHeight: locations.imageHeight,
      markerType: locations.markerType,
      language: locations.language,
      translations: locations.translations,
    })
    .from(locations)
    .where(and(eq(locations.featured, true), publishedSql(locations.status)))
    .orderBy(desc(locations.updatedAt), asc(locations.name))
    .limit(limit);
}

export type LocationPageProgram = {
  id: string;
  name: string;
  summary: string;
  startDate: string | null;
  endDate: string | null;
  format: "in-person" | "online" | "hybrid";
  priceCents: number | null;
  currency: string;
  language: string;
  translations: EntryTranslations;
};

/**
 * Everything a location's public page shows, in one statement: the location with its region (name and key),
 * sub-region, focus-area names (blank ones dropped) and the programs it hosts, soonest first.
 */
export async function getLocationPage(db: Executor, slug: string, opts: { includeUnpublished?: boolean } = {}) {
  if (slug.length === 0 || slug.length > ENTRY_NAME_MAX_LENGTH) return null;
  const [row] = await db
    .select({
      id: locations.id,
      name: locations.name,
      shortDescription: locations.shortDescription,
      longDescription: locations.longDescription,
      image: locations.originalImageUrl,
      webpImageUrl: locations.webpImageUrl,
      imageWidth: locations.imageWidth,
      imageHeight: locations.imageHeight,
      website: locations.website,
      email: locations.contactEmail,
      phone: locations.contactPhone,
      address: locations.contactAddress,
      city: locations.contactCity,
      state: locations.contactState,
      zip: locations.contactZipCode,
      country: locations.country,
      latitude: locations.latitude,
      longitude: locations.longitude,
      markerType: locations.markerType,
      status: locations.status,
      updatedAt: locations.updatedAt,
      checkedAt: locations.checkedAt,
      language: locations.language,
      translations: locations.translations,
      region: sql<{
        name: string;
        key: string;
        translations: NameTranslations;
      } | null>`(SELECT json_build_object('name', r.name, 'key', r.key, 'translations', r.translations)
        FROM regions r WHERE r.id = locations.region_id)`,
      subRegion: sql<{
        id: string;
        name: string;
        translations: NameTranslations;
      } | null>`(SELECT json_build_object('id', s.id, 'name', s.name, 'translations', s.translations)
        FROM sub_regions s WHERE s.id = locations.sub_region_id)`,
      focus: sql<{ id: string; name: string; translations: NameTranslations }[]>`coalesce((SELECT json_agg(
        json_build_object('id', f.id, 'name', f.name, 'translations', f.translations)
        ORDER BY array_position(locations.focus_areas, f.id))
        FROM focus_areas f WHERE f.id = ANY(locations.focus_areas) AND btrim(f.name) <> ''), '[]'::json)`,
      programs: sql<LocationPageProgram[]>`coalesce((SELECT json_agg(json_build_object('id', p.id, 'name', p.name,
          'summary', p.summary, 'startDate', p.start_date, 'endDate', p.end_date, 'format', p.format,
          'priceCents', p.price_cents, 'currency', p.currency, 'language', p.language,
          'translations', p.translations) ORDER BY p.start_date ASC NULLS LAST, p.name)
        FROM programs p WHERE p.location_id = locations.id AND ${publishedSql(sql`p.status`)}), '[]'::json)`,
    })
    .from(locations)
    .where(
      and(
        or(eq(locations.name, nameFromSlug(slug)), eq(locations.slug, slug)),
        opts.includeUnpublished ? undefined : publishedSql(locations.status),
      ),
    )
    .orderBy(sql`${locations.slug} = ${slug} desc`)
    .limit(1);
  if (!row) return null;
  // JSON values arrive parsed from Postgres and as text from some drivers.
  const json = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);
  return {
    ...row,
    markerType: row.markerType || DEFAULT_MARKER_TYPE,
    region: json(row.region),
    subRegion: json(row.subRegion),
    focus: json(row.focus),
    programs: json(row.programs),
  };
}
