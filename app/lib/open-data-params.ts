/**
 * The read API's query parameters (`/api/v1`, decision 070), read strictly: a value the API does not understand is a
 * clear 400 naming the parameter, never a silently wider answer (a mirror or a map that asked for a bounding box must
 * not get the world). Pages are lenient (app/lib/filters.ts); a program talking to the API is better told at once.
 */
import { MAX_QUERY_LENGTH } from "./constants";
import { isCountryCode } from "./countries";
import { isLanguage, LANGUAGES, type Language } from "./i18n/languages";
import { isUuid } from "./ids";
import { PROJECT_CATEGORIES, REGIONS } from "./taxonomy";

export const API_DEFAULT_LIMIT = 100;
export const API_MAX_LIMIT = 1000;
/** The longest value any parameter may have (a cursor is about 200 characters; `q` is cut to MAX_QUERY_LENGTH). */
export const API_MAX_VALUE_LENGTH = 1000;
/** How far back `updated_since` may reach: tombstones are kept 400 days, so a year is always complete. */
export const API_CHANGES_MAX_AGE_DAYS = 365;

/** A parameter the API refuses, and why (the problem's `detail`). */
export class ApiParamError extends Error {
  constructor(
    readonly param: string,
    detail: string,
  ) {
    super(detail);
  }
}

/** The bounding box `minLon,minLat,maxLon,maxLat`; minLon > maxLon crosses the antimeridian. */
export type BBox = [number, number, number, number];

export type CommonParams = {
  limit: number;
  cursor?: string;
  updatedSince?: Date;
  lang?: Language;
};

export type PlaceParams = CommonParams & {
  bbox?: BBox;
  q?: string;
  region?: string;
  country?: string;
  focus?: string;
  category?: string;
};

export type ProgramParams = CommonParams & { from?: string; to?: string; place?: string };

const COMMON_KEYS = ["limit", "cursor", "updated_since", "lang"] as const;
export const PLACE_KEYS = [...COMMON_KEYS, "bbox", "q", "region", "country", "focus", "category"] as const;
export const PROGRAM_KEYS = [...COMMON_KEYS, "from", "to", "place"] as const;
export const COLLECTION_KEYS = COMMON_KEYS;
export const ITEM_KEYS = ["lang"] as const;

/**
 * Each allowed parameter's one value. Refuses an unknown parameter (a typo would otherwise widen the answer), one given
 * twice, a value longer than API_MAX_VALUE_LENGTH, and control characters (NUL …).
 */
export function readParams(params: URLSearchParams, allowed: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of params) {
    if (!allowed.includes(key)) {
      const known = allowed.length ? ` Known parameters: ${allowed.join(", ")}.` : " It takes no parameters.";
      throw new ApiParamError(key.slice(0, 50), `Unknown parameter "${key.slice(0, 50)}".${known}`);
    }
    if (out.has(key)) throw new ApiParamError(key, `The parameter "${key}" is given more than once; give it once.`);
    if (value.length > API_MAX_VALUE_LENGTH)
      throw new ApiParamError(key, `The value of "${key}" is longer than ${API_MAX_VALUE_LENGTH} characters.`);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
    if (/[\u0000-\u001f\u007f]/.test(value))
      throw new ApiParamError(key, `The value of "${key}" contains a control character.`);
    out.set(key, value);
  }
  return out;
}

function readLimit(raw: string | undefined): number {
  if (raw === undefined) return API_DEFAULT_LIMIT;
  const n = /^\d{1,7}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(n >= 1 && n <= API_MAX_LIMIT))
    throw new ApiParamError("limit", `"limit" must be a whole number from 1 to ${API_MAX_LIMIT}; it was "${raw}".`);
  return n;
}

/** An RFC 3339 date-time with its offset; its first group is the day. */
export const RFC3339 =
  /^(\d{4}-\d{2}-\d{2})[Tt ]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d{1,9})?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/** A day that is on the calendar (JavaScript would read 2026-02-30 as 2 March). */
export function isCalendarDay(ymd: string): boolean {
  const [y, m, d] = ymd.split("-").map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

/** An RFC 3339 date-time with its offset (`2026-11-27T10:00:00Z`). */
export function readUpdatedSince(raw: string | undefined, now = Date.now()): Date | undefined {
  if (raw === undefined) return undefined;
  const day = RFC3339.exec(raw)?.[1];
  const at = day && isCalendarDay(day) ? new Date(raw.replace(" ", "T")) : null;
  if (!at || Number.isNaN(at.getTime()))
    throw new ApiParamError(
      "updated_since",
      `"updated_since" must be an RFC 3339 date-time with a time zone, such as 2026-11-27T10:00:00Z; it was "${raw}".`,
    );
  if (at.getTime() < now - API_CHANGES_MAX_AGE_DAYS * 86_400_000)
    throw new ApiParamError(
      "updated_since",
      `"updated_since" may reach back ${API_CHANGES_MAX_AGE_DAYS} days at most (deletions are kept that long); copy the whole collection again instead.`,
    );
  return at;
}

function readLang(raw: string | undefined): Language | undefined {
  if (raw === undefined) return undefined;
  if (!isLanguage(raw))
    throw new ApiParamError("lang", `"lang" must be one of ${LANGUAGES.join(", ")}; it was "${raw}".`);
  return raw;
}

/** The parameters every collection takes. */
export function readCommonParams(values: Map<string, string>, now = Date.now()): CommonParams {
  return {
    limit: readLimit(values.get("limit")),
    cursor: values.get("cursor") || undefined,
    updatedSince: readUpdatedSince(values.get("updated_since"), now),
    lang: readLang(values.get("lang")),
  };
}

/** The item endpoints' `lang`. */
export function readItemLang(values: Map<string, string>): Language | undefined {
  return readLang(values.get("lang"));
}

function readBBox(raw: string | undefined): BBox | undefined {
  if (raw === undefined) return undefined;
  const parts = raw.split(",");
  const nums = parts.map((p) => (/^\s*-?\d+(\.\d+)?\s*$/.test(p) ? Number(p) : Number.NaN));
  const [minLon, minLat, maxLon, maxLat] = nums as BBox;
  const bad = (why: string) =>
    new ApiParamError("bbox", `"bbox" must be minLon,minLat,maxLon,maxLat in degrees (${why}); it was "${raw}".`);
  if (parts.length !== 4 || nums.some(Number.isNaN)) throw bad("four numbers separated by commas");
  if ([minLon, maxLon].some((x) => x < -180 || x > 180)) throw bad("longitudes from -180 to 180");
  if ([minLat, maxLat].some((y) => y < -90 || y > 90)) throw bad("latitudes from -90 to 90");
  if (minLat > maxLat) throw bad("the southern latitude first");
  return [minLon, minLat, maxLon, maxLat];
}

const CATEGORY_IDS: readonly string[] = PROJECT_CATEGORIES.map((c) => c.id);
const REGION_KEYS: readonly string[] = REGIONS.map((r) => r.key);

function oneOf(param: string, raw: string | undefined, ok: (v: string) => boolean, expected: string) {
  if (raw === undefined) return undefined;
  if (!ok(raw)) throw new ApiParamError(param, `"${param}" must be ${expected}; it was "${raw}".`);
  return raw;
}

/** A region's key in any letter case ("europe" for "Europe"), or the value as given (an id). */
function regionKeyOf(raw: string | undefined): string | undefined {
  return REGION_KEYS.find((k) => k.toLowerCase() === raw?.toLowerCase()) ?? raw?.toLowerCase();
}

/** `/api/v1/places`'s parameters. */
export function readPlaceParams(values: Map<string, string>, now = Date.now()): PlaceParams {
  const q = values.get("q")?.trim();
  return {
    ...readCommonParams(values, now),
    bbox: readBBox(values.get("bbox")),
    // Cut as the search page cuts it (decision 065): what was typed still narrows the list.
    q: q ? q.slice(0, MAX_QUERY_LENGTH) : undefined,
    region: oneOf(
      "region",
      regionKeyOf(values.get("region")),
      (v) => REGION_KEYS.includes(v) || isUuid(v),
      `a region's key (${REGION_KEYS.join(", ")}) or a region's or sub-region's id from /api/v1/regions`,
    ),
    country: oneOf(
      "country",
      values.get("country")?.toUpperCase(),
      isCountryCode,
      "an ISO 3166-1 alpha-2 country code such as KE",
    ),
    focus: oneOf("focus", values.get("focus")?.toLowerCase(), isUuid, "a focus area's id from /api/v1/focus-areas"),
    category: oneOf(
      "category",
      values.get("category"),
      (v) => CATEGORY_IDS.includes(v),
      `a category id from /api/v1/categories (${CATEGORY_IDS.join(", ")})`,
    ),
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) => DAY.test(v) && isCalendarDay(v);

/** `/api/v1/programs`'s parameters. */
export function readProgramParams(values: Map<string, string>, now = Date.now()): ProgramParams {
  const from = oneOf("from", values.get("from"), isDay, "a date such as 2026-05-01");
  const to = oneOf("to", values.get("to"), isDay, "a date such as 2026-09-30");
  if (from && to && from > to) throw new ApiParamError("to", `"to" (${to}) is before "from" (${from}).`);
  return {
    ...readCommonParams(values, now),
    from,
    to,
    place: oneOf("place", values.get("place")?.toLowerCase(), isUuid, "a place's id"),
  };
}
