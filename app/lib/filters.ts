import { MAX_QUERY_LENGTH, PROGRAM_PRICES, PROGRAM_WHEN, WITHIN_KM } from "./constants";
import { UUID_PATTERN } from "./ids";

export { MAX_QUERY_LENGTH, PROGRAM_PRICES, PROGRAM_WHEN };

import { INSTRUCTION_LANGUAGES } from "./instruction-languages";
import { PROGRAM_FORMATS } from "./query-string";
import { REGIONS, RESOURCE_TYPES, type RegionKey, type ResourceType } from "./taxonomy";
import { z } from "./zod";

/**
 * Parsing of list-page query parameters (/locations, /programs, /resources and the open-data feeds).
 * Every value comes from a URL anyone can type, so each field is validated on its own and an invalid one is
 * dropped (the page then shows everything for that field) instead of failing the whole request.
 */

export const MAX_PAGE = 10_000;

// Control characters (NUL, newlines, escapes) never belong in a filter value.
// biome-ignore lint/suspicious/noControlCharactersInRegex: that is exactly what it looks for
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

const UUID = z.string().regex(UUID_PATTERN);

/**
 * Free text as typed: trimmed, inner whitespace collapsed, no control characters, cut to MAX_QUERY_LENGTH as /search
 * cuts it (decision 065). A value several times as long is no query anyone typed, and is ignored.
 */
const SearchText = z
  .string()
  .max(MAX_QUERY_LENGTH * 4)
  .refine((s) => !CONTROL_CHARS.test(s))
  .transform((s) => s.trim().replace(/\s+/g, " ").slice(0, MAX_QUERY_LENGTH).trim())
  .refine((s) => s.length > 0);

function normalizeRegion(value: string): string {
  return value.toLowerCase().replace(/[^a-z]/g, "");
}

/** A region given by its key (NorthAmerica) or its name (North America, north-america), any case. */
export function parseRegionKey(value: string | null | undefined): RegionKey | undefined {
  if (!value || value.length > 40) return undefined;
  const wanted = normalizeRegion(value);
  return REGIONS.find((r) => normalizeRegion(r.key) === wanted || normalizeRegion(r.name) === wanted)?.key;
}

const RegionParam = z
  .string()
  .transform((v, ctx) => {
    const key = parseRegionKey(v);
    if (!key) {
      ctx.addIssue({ code: "custom", message: "unknown region" });
      return z.NEVER;
    }
    return key;
  })
  .pipe(z.enum(REGIONS.map((r) => r.key) as [RegionKey, ...RegionKey[]]));

const PageParam = z.coerce.number().int().min(1).max(MAX_PAGE);

/** Drops a field whose value does not parse, instead of failing the whole object. */
function lenient<T extends z.ZodType>(schema: T) {
  return schema.optional().catch(undefined);
}

const Coordinate = (max: number) => z.coerce.number().min(-max).max(max);

export const LocationQuerySchema = z.object({
  region: lenient(RegionParam),
  subRegion: lenient(UUID),
  focus: lenient(UUID),
  country: lenient(SearchText),
  q: lenient(SearchText),
  /** Sort by distance from a place the directory knows (a town or a location's name) … */
  near: lenient(SearchText),
  /** … or from a position (the visitor's, from the browser). */
  lat: lenient(Coordinate(90)),
  lng: lenient(Coordinate(180)),
  within: lenient(z.coerce.number().pipe(z.union(WITHIN_KM.map((k) => z.literal(k))))),
  page: PageParam.catch(1).default(1),
});
export type LocationQuery = z.infer<typeof LocationQuerySchema>;

/** First value of each known parameter (repeated parameters cannot smuggle arrays in). */
function firstValues(params: URLSearchParams, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const v = params.get(key);
    if (v !== null && v !== "") out[key] = v;
  }
  return out;
}

/** Which submitted values were not understood (so the page can say it ignored them). */
function ignoredKeys(raw: Record<string, string>, parsed: Record<string, unknown>, keys: readonly string[]) {
  return keys.filter((k) => raw[k] !== undefined && parsed[k] === undefined);
}

const LOCATION_KEYS = ["region", "subRegion", "focus", "country", "q", "near", "lat", "lng", "within", "page"] as const;

/** Parses /locations (and /locations.geojson) query parameters; never throws. */
export function parseLocationQuery(params: URLSearchParams): LocationQuery & { ignored: string[] } {
  const raw = firstValues(params, LOCATION_KEYS);
  const parsed = LocationQuerySchema.parse(raw);
  return {
    ...parsed,
    ignored: ignoredKeys(raw, parsed, ["region", "subRegion", "focus", "country", "q", "near", "lat", "lng", "within"]),
  };
}

type RefLike = {
  regions: { id: string; key: string }[];
  subRegions: { id: string; regionId: string }[];
  focusAreas: { id: string }[];
};

/** Database filters for a parsed query; ids that do not exist, or a sub-region outside the region, are dropped. */
export function resolveLocationFilters(query: LocationQuery, ref: RefLike) {
  const region = query.region ? ref.regions.find((r) => r.key === query.region) : undefined;
  const subRegion = query.subRegion ? ref.subRegions.find((s) => s.id === query.subRegion) : undefined;
  const subRegionOk = subRegion && (!region || subRegion.regionId === region.id);
  const focus = query.focus ? ref.focusAreas.find((f) => f.id === query.focus) : undefined;
  return {
    regionId: region?.id,
    subRegionId: subRegionOk ? subRegion.id : undefined,
    focusAreaId: focus?.id,
    country: query.country,
    q: query.q,
  };
}

type NamedRef = {
  regions: { id: string; key: string; name: string }[];
  subRegions: { id: string; regionId: string; name: string }[];
  focusAreas: { id: string; name: string }[];
};

/**
 * What the location filter form (on /locations and /map alike) shows: the filters in force, by the keys the URL
 * uses, and the choices. A country typed into the address that no location has yet stays selectable, so the form
 * shows what the results are filtered by.
 */
export function locationFilterForm(
  filters: ReturnType<typeof resolveLocationFilters>,
  ref: NamedRef,
  countries: string[],
) {
  const region = filters.regionId ? ref.regions.find((r) => r.id === filters.regionId) : undefined;
  return {
    values: {
      region: region?.key,
      subRegion: filters.subRegionId,
      focus: filters.focusAreaId,
      country: filters.country,
      q: filters.q,
    },
    regions: ref.regions.map((r) => ({ key: r.key, id: r.id, name: r.name })),
    subRegions: ref.subRegions.map((s) => ({ id: s.id, name: s.name, regionId: s.regionId })),
    focusAreas: ref.focusAreas.map((f) => ({ id: f.id, name: f.name })).sort((a, b) => a.name.localeCompare(b.name)),
    countries:
      filters.country && !countries.includes(filters.country) ? [...countries, filters.country].sort() : countries,
  };
}

/**
 * Facet counts (by region id, country and focus area id) as the filter form reads them: regions by the key the
 * URL uses, every region present (none found is 0).
 */
export function facetCountsForForm(
  facets: {
    region: Map<string, number> | null;
    country: Map<string, number> | null;
    focus: Map<string, number> | null;
  },
  ref: { regions: { id: string; key: string }[] },
): { region?: Record<string, number>; country?: Record<string, number>; focus?: Record<string, number> } {
  // A dimension without counts (too many matches to count cheaply) shows its choices without numbers.
  const { region, country, focus } = facets;
  return {
    region: region ? Object.fromEntries(ref.regions.map((r) => [r.key, region.get(r.id) ?? 0] as const)) : undefined,
    country: country ? Object.fromEntries(country) : undefined,
    focus: focus ? Object.fromEntries(focus) : undefined,
  };
}

/** The search words of a list page (?q=), or null when none (or none readable) were given. */
export function parseListWords(params: URLSearchParams): string | null {
  const parsed = SearchText.safeParse(params.get("q") ?? "");
  return parsed.success ? parsed.data : null;
}

// ---------------------------------------------------------------------------
// Resources
// ---------------------------------------------------------------------------
function normalizeType(value: string): string {
  return value.toLowerCase().replace(/[^a-z]/g, "");
}

/** A resource type by value ("youtube channel") or label ("YouTube Channels", "books"), any case. */
export function parseResourceType(value: string | null | undefined): ResourceType | undefined {
  if (!value || value.length > 40) return undefined;
  const wanted = normalizeType(value);
  return RESOURCE_TYPES.find(
    (t) =>
      normalizeType(t.value) === wanted || normalizeType(t.label) === wanted || `${normalizeType(t.value)}s` === wanted,
  )?.value;
}

/** Parses /resources' ?type=; `invalid` is true when a value was given but not understood. */
export function parseResourceQuery(params: URLSearchParams): { type?: ResourceType; invalid: boolean } {
  const raw = params.get("type");
  if (raw === null || raw === "") return { invalid: false };
  const type = parseResourceType(raw);
  return { type, invalid: type === undefined };
}

// ---------------------------------------------------------------------------
// Programs
// ---------------------------------------------------------------------------

const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s));

export const ProgramQuerySchema = z.object({
  q: lenient(SearchText),
  format: lenient(z.enum(PROGRAM_FORMATS)),
  region: lenient(RegionParam),
  /** A focus area's id: programs on that topic (a topic chip on a program's page leads here). */
  focus: lenient(UUID),
  /** The host location's country, by its English name as stored (as on /locations). */
  country: lenient(SearchText),
  /** A language the program is taught in, by its ISO 639-1 code (decision 060). */
  taughtIn: lenient(z.enum(INSTRUCTION_LANGUAGES)),
  when: lenient(z.enum(PROGRAM_WHEN)),
  from: lenient(IsoDate),
  to: lenient(IsoDate),
  price: lenient(z.enum(PROGRAM_PRICES)),
  past: z
    .enum(["1", "true", "yes"])
    .transform(() => true)
    .catch(false)
    .default(false),
});
export type ProgramQuery = z.infer<typeof ProgramQuerySchema>;

const PROGRAM_KEYS = ["q", "format", "region", "focus", "country", "taughtIn", "when", "from", "to", "price"] as const;

/** Parses /programs and /programs.ics query parameters; never throws. */
export function parseProgramQuery(params: URLSearchParams): ProgramQuery & { ignored: string[] } {
  const raw = firstValues(params, [...PROGRAM_KEYS, "past"]);
  const parsed = ProgramQuerySchema.parse(raw);
  return { ...parsed, ignored: ignoredKeys(raw, parsed, PROGRAM_KEYS) };
}

function addMonths(isoDay: string, months: number): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/**
 * The days a program must overlap to be shown, from the "when" choice: this calendar month, the next three months
 * from today, or the chosen dates (either end may be open; reversed ends are swapped). Undefined: any time.
 */
export function programDateWindow(
  q: Pick<ProgramQuery, "when" | "from" | "to">,
  today: string,
): { from?: string; to?: string } | undefined {
  if (q.when === "month") {
    const first = `${today.slice(0, 7)}-01`;
    return { from: first, to: lastDayOfMonth(first) };
  }
  if (q.when === "quarter") return { from: today, to: addMonths(today, 3) };
  if (q.when === "dates" || q.from || q.to) {
    if (!q.from && !q.to) return undefined;
    const [from, to] = q.from && q.to && q.from > q.to ? [q.to, q.from] : [q.from, q.to];
    return { from, to };
  }
  return undefined;
}

/**
 * What /programs and its calendar feed list for a parsed query: its filters with the region and focus area the page
 * resolved (an unknown one is left out, not matched), in the page's language, within the query's dates.
 */
export function programListFilter<L extends string>(
  query: ProgramQuery,
  resolved: { region?: { id: string }; focus?: { id: string } },
  lang: L,
  today: string = new Date().toISOString().slice(0, 10),
) {
  return {
    format: query.format,
    regionId: resolved.region?.id,
    focusAreaId: resolved.focus?.id,
    country: query.country,
    instructionLanguage: query.taughtIn,
    q: query.q,
    lang,
    price: query.price,
    ...programDateWindow(query, today),
  };
}

/** The region (by key) and focus area (by id) a programs query names, among those the site knows; unknown ones are left out. */
export function programQueryReference<R extends { key: string }, F extends { id: string }>(
  query: ProgramQuery,
  ref: { regions: readonly R[]; focusAreas: readonly F[] },
): { region?: R; focus?: F } {
  return {
    region: query.region ? ref.regions.find((r) => r.key === query.region) : undefined,
    focus: query.focus ? ref.focusAreas.find((f) => f.id === query.focus) : undefined,
  };
}

function lastDayOfMonth(first: string): string {
  const d = new Date(`${addMonths(first, 1)}T00:00:00Z`);
  d.setUTCDate(0);
  return d.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------
// Feeds
// ---------------------------------------------------------------------------
export const GEOJSON_DEFAULT_LIMIT = 1000;
export const GEOJSON_MAX_LIMIT = 5000;

/** `limit` and `offset` of the GeoJSON feed, clamped to sensible bounds. */
export function parseFeedPage(params: URLSearchParams): { limit: number; offset: number } {
  const limit = z.coerce
    .number()
    .int()
    .min(1)
    .max(GEOJSON_MAX_LIMIT)
    .catch(GEOJSON_DEFAULT_LIMIT)
    .parse(params.get("limit") ?? GEOJSON_DEFAULT_LIMIT);
  const offset = z.coerce
    .number()
    .int()
    .min(0)
    .max(10_000_000)
    .catch(0)
    .parse(params.get("offset") ?? 0);
  return { limit, offset };
}
