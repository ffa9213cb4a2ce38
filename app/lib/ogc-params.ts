/**
 * OGC API – Features' query parameters (decision 073), read as strictly as the read API's (decision 070): `f`, and on
 * a collection's items `bbox`, `limit`, `datetime` and the `cursor` a `next` link carries. A parameter the API does
 * not define is a 400 (OGC 17-069r4, /req/core/query-param-unknown).
 */
import {
  API_MAX_LIMIT,
  ApiParamError,
  type BBox,
  isCalendarDay,
  RFC3339,
  readParams,
  readPlaceParams,
} from "./open-data-params";

/** The one encoding this API serves (JSON; GeoJSON for features). */
export const OGC_FORMATS = ["json"] as const;

export const OGC_DOCUMENT_KEYS = ["f"] as const;
export const OGC_ITEMS_KEYS = ["f", "bbox", "limit", "datetime", "cursor"] as const;

/** A page request of a collection's items: the days `datetime` covers (UTC), each end open when not given. */
export type OgcItemsParams = {
  limit: number;
  cursor?: string;
  bbox?: BBox;
  datetime?: { from?: string; to?: string };
  /** The parameters as given, `f` left out (the next page's address repeats them). */
  query: Map<string, string>;
};

function readFormat(values: Map<string, string>) {
  const f = values.get("f");
  if (f !== undefined && !(OGC_FORMATS as readonly string[]).includes(f))
    throw new ApiParamError("f", `"f" must be ${OGC_FORMATS.join(" or ")} (the only encoding served); it was "${f}".`);
  values.delete("f");
  return values;
}

/** The parameters of a document (the landing page, a collection, a single feature …): none but `f`. */
export function readOgcDocumentParams(params: URLSearchParams): void {
  readFormat(readParams(params, OGC_DOCUMENT_KEYS));
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day of a date or an RFC 3339 date-time, or undefined for an open end (`..` or nothing). */
function dayOf(raw: string, whole: string): string | undefined {
  if (raw === ".." || raw === "") return undefined;
  const bad = () =>
    new ApiParamError(
      "datetime",
      `"datetime" must be a date-time (2026-05-01T10:00:00Z), a date (2026-05-01), or an interval of them with "/" and ".." for an open end (2026-05-01/2026-09-30, 2026-05-01/..); it was "${whole}".`,
    );
  if (DATE.test(raw)) {
    if (!isCalendarDay(raw)) throw bad();
    return raw;
  }
  const date = RFC3339.exec(raw)?.[1];
  const at = date && isCalendarDay(date) ? new Date(raw.replace(" ", "T").toUpperCase()) : null;
  if (!at || Number.isNaN(at.getTime())) throw bad();
  return at.toISOString().slice(0, 10);
}

/**
 * `datetime` as days: an instant is the day it falls on (UTC), an interval the days from its start's to its end's.
 * Programs run in whole days, so a feature matches when its days and these overlap.
 */
export function readDatetime(raw: string | undefined): { from?: string; to?: string } | undefined {
  if (raw === undefined) return undefined;
  const parts = raw.split("/");
  if (parts.length > 2)
    throw new ApiParamError("datetime", `"datetime" is one instant or one interval "start/end"; it was "${raw}".`);
  if (parts.length === 1) {
    const d = dayOf(raw, raw);
    if (d === undefined)
      throw new ApiParamError("datetime", `"datetime" needs a date or a date-time; it was "${raw}".`);
    return { from: d, to: d };
  }
  const [from, to] = parts.map((p) => dayOf(p, raw));
  if (from === undefined && to === undefined)
    throw new ApiParamError(
      "datetime",
      `"datetime" may leave one end of its interval open, not both; it was "${raw}".`,
    );
  if (from && to && from > to)
    throw new ApiParamError("datetime", `"datetime" ends (${to}) before it starts (${from}); it was "${raw}".`);
  return { from, to };
}

/** A collection's items request. `temporal`: whether its features have dates (programs); places take no `datetime`. */
export function readOgcItemsParams(params: URLSearchParams, temporal: boolean): OgcItemsParams {
  const query = readFormat(readParams(params, OGC_ITEMS_KEYS));
  const raw = query.get("datetime");
  if (raw !== undefined && !temporal)
    throw new ApiParamError(
      "datetime",
      '"datetime" filters by the days a feature covers; this collection\'s features have none (programs have).',
    );
  // A limit above the most a page holds gives full pages, not an error (OGC 17-069: ask for 50000, get up to the
  // server's maximum, and a next link); zero, a fraction or a word is still a 400.
  const read = new Map([...query].filter(([k]) => k !== "datetime"));
  const asked = read.get("limit");
  if (asked && /^\d{1,12}$/.test(asked) && Number(asked) > API_MAX_LIMIT) read.set("limit", String(API_MAX_LIMIT));
  const { limit, cursor, bbox } = readPlaceParams(read);
  return { limit, cursor, bbox, datetime: readDatetime(raw), query };
}
