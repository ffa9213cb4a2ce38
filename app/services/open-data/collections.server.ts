/**
 * The read API's collections (decision 069): one function reads a page of any of them with its filters, a signed
 * cursor and `updated_since`; one reads a single entry. The API's routes, and later OGC API Features and the dumps,
 * build their answers from these.
 */
import { createHash } from "node:crypto";
import { storedCountryName } from "~/lib/countries";
import type { Language } from "~/lib/i18n/languages";
import { isUuid } from "~/lib/ids";
import {
  ApiParamError,
  COLLECTION_KEYS,
  ITEM_KEYS,
  PLACE_KEYS,
  PROGRAM_KEYS,
  readCommonParams,
  readItemLang,
  readParams,
  readPlaceParams,
  readProgramParams,
} from "~/lib/open-data-params";
import {
  type ChangeKey,
  getPublicEntry,
  getTombstone,
  type OpenDataKind,
  type OpenDataRow,
  type PlaceFilters,
  pageChanges,
  pageEntriesById,
  pageSearchedPlaces,
  placeFilterSql,
  programFilterSql,
  readChangeHorizon,
} from "~/queries/open-data.server";
import { signToken, verifyToken } from "../mail/tokens.server";
import type { Services } from "../services.server";
import { loadReferenceData, type ReferenceData, referenceNamesFor } from "../site/reference.server";
import { type Item, OPEN_DATA_ITEMS, tombstoneItem } from "./items.server";

/** The collections of entries, by their path under /api/v1. */
export const API_COLLECTIONS = {
  places: { kind: "place", keys: PLACE_KEYS },
  programs: { kind: "program", keys: PROGRAM_KEYS },
  "change-makers": { kind: "change-maker", keys: COLLECTION_KEYS },
  resources: { kind: "resource", keys: COLLECTION_KEYS },
  episodes: { kind: "episode", keys: COLLECTION_KEYS },
} as const satisfies Record<string, { kind: OpenDataKind; keys: readonly string[] }>;
export type ApiCollection = keyof typeof API_COLLECTIONS;

export function isApiCollection(name: string): name is ApiCollection {
  return Object.hasOwn(API_COLLECTIONS, name);
}

/** A cursor is good for a day: a walk of the whole directory takes a minute, and a stale one is a clear 400. */
const CURSOR_LIFETIME_S = 24 * 60 * 60;

/** Where the next page starts: after an id, after a change's key, or at a search result's position. */
export type CursorState =
  | { m: "id"; a: string; h: string }
  | { m: "change"; t: string; a: string }
  | { m: "rank"; o: number; h: string };

/** A read of one page of a collection, as the routes turn it into an answer. */
export type CollectionPage = {
  collection: ApiCollection;
  kind: OpenDataKind;
  items: Item[];
  /** The cursor of the next page, or null on the last. */
  next: string | null;
  /**
   * The `updated_since` a mirror polls from after this walk: every change before it is in what the walk returns (for
   * a plain walk, the horizon when it started; for a walk of changes, the horizon of its last page).
   */
  syncFrom: Date;
  limit: number;
  /** The parameters as the client gave them (the next page's address repeats them). */
  query: Map<string, string>;
};

/** The fingerprint of a query's filters, so a cursor is refused with other filters than it was made for. */
export function fingerprint(collection: string, query: Map<string, string>): string {
  const parts = [...query].filter(([k]) => k !== "cursor" && k !== "limit").sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash("sha256")
    .update(JSON.stringify([collection, parts]))
    .digest("base64url")
    .slice(0, 16);
}

export function signCursor(secret: string, fp: string, state: CursorState, now: number): string {
  return signToken(secret, {
    p: "api-cursor",
    s: fp,
    n: JSON.stringify(state),
    e: Math.floor(now / 1000) + CURSOR_LIFETIME_S,
  });
}

export function readCursor(secret: string, raw: string, fp: string, now: number): CursorState {
  const payload = verifyToken(secret, raw, "api-cursor", now);
  const bad = (why: string) => new ApiParamError("cursor", `"cursor" ${why}; start again from the first page.`);
  if (!payload) throw bad("is not one this API gave, or is older than a day");
  if (payload.s !== fp) throw bad("belongs to a query with other parameters");
  try {
    return JSON.parse(payload.n ?? "") as CursorState;
  } catch {
    throw bad("cannot be read");
  }
}

/** The place filters as the database reads them; an unknown region is a 400 rather than the whole world. */
function placeFilters(p: ReturnType<typeof readPlaceParams>, ref: ReferenceData): PlaceFilters {
  const filters: PlaceFilters = { status: "published", lang: p.lang };
  if (p.region) {
    const region = ref.regions.find((r) => r.key === p.region || r.id === p.region);
    const sub = region ? undefined : ref.subRegionsById.get(p.region);
    if (!region && !sub) throw new ApiParamError("region", `No region or sub-region has the id "${p.region}".`);
    filters.regionId = region?.id ?? sub?.regionId;
    filters.subRegionId = sub?.id;
  }
  if (p.country) filters.country = storedCountryName(p.country);
  if (p.focus) {
    if (!ref.focusAreasById.has(p.focus)) throw new ApiParamError("focus", `No focus area has the id "${p.focus}".`);
    filters.focusAreaId = p.focus;
  }
  if (p.category) filters.anyFocusAreaIds = ref.focusAreas.filter((f) => f.categoryId === p.category).map((f) => f.id);
  if (p.bbox) filters.bbox = p.bbox;
  if (p.q) filters.q = p.q;
  return filters;
}

/** Reference names in the language asked (English names when none). */
async function referenceFor(services: Pick<Services, "db" | "bus">, lang: Language | undefined) {
  const ref = await loadReferenceData(services);
  return lang ? referenceNamesFor(ref, lang) : ref;
}

/**
 * One page of a collection: by id (keyset), by the search's rank with `q`, or, with `updated_since`, the changes in
 * change order with tombstones. Throws ApiParamError for any parameter it refuses.
 */
export async function readCollectionPage(
  services: Pick<Services, "db" | "bus" | "config">,
  collection: ApiCollection,
  params: URLSearchParams,
  now = Date.now(),
): Promise<CollectionPage> {
  const { db, config } = services;
  const { kind, keys } = API_COLLECTIONS[collection];
  const query = readParams(params, keys);
  const common = readCommonParams(query, now);
  const place = kind === "place" ? readPlaceParams(query, now) : null;
  const program = kind === "program" ? readProgramParams(query, now) : null;
  const filtered = [...query.keys()].some((k) => !["limit", "cursor", "updated_since", "lang"].includes(k));
  if (common.updatedSince && filtered)
    throw new ApiParamError(
      "updated_since",
      '"updated_since" lists every change of the collection and takes no filters (an entry that left a filter would stay in a filtered mirror); filter the copy instead.',
    );
  const ref = await referenceFor(services, common.lang);
  const fp = fingerprint(collection, query);
  const cursor = common.cursor ? readCursor(config.authSecret, common.cursor, fp, now) : null;
  const limit = common.limit;
  const ctx = { siteUrl: config.siteUrl, ref, lang: common.lang };
  const build = OPEN_DATA_ITEMS[kind] as (row: OpenDataRow<OpenDataKind>, c: typeof ctx) => Item;
  const page = { collection, kind, limit, query };
  const sign = (state: CursorState) => signCursor(config.authSecret, fp, state, now);

  if (common.updatedSince) {
    if (cursor && cursor.m !== "change") throw new ApiParamError("cursor", '"cursor" belongs to another kind of walk.');
    const after: ChangeKey | undefined = cursor?.m === "change" ? { at: new Date(cursor.t), id: cursor.a } : undefined;
    const horizon = await readChangeHorizon(db);
    const changes = await pageChanges(db, kind, { since: common.updatedSince, horizon, after, limit });
    const last = changes.at(-1);
    return {
      ...page,
      items: changes.map((c) => (c.deleted ? tombstoneItem(kind, c) : build(c.row, ctx))),
      next:
        changes.length === limit && last ? sign({ m: "change", t: last.at.toISOString(), a: changeId(last) }) : null,
      // A full page may have more after it, a short one reached the horizon: poll from there.
      syncFrom: changes.length === limit && last ? last.at : horizon,
    };
  }

  const filters = place ? placeFilters(place, ref) : null;
  if (filters?.q) {
    if (cursor && cursor.m !== "rank") throw new ApiParamError("cursor", '"cursor" belongs to another kind of walk.');
    const offset = cursor?.m === "rank" ? cursor.o : 0;
    const syncFrom = cursor?.m === "rank" ? new Date(cursor.h) : await readChangeHorizon(db);
    const rows = await pageSearchedPlaces(db, filters, { offset, limit });
    return {
      ...page,
      items: rows.map((r) => build(r, ctx)),
      next: rows.length === limit ? sign({ m: "rank", o: offset + limit, h: syncFrom.toISOString() }) : null,
      syncFrom,
    };
  }

  if (cursor && cursor.m !== "id") throw new ApiParamError("cursor", '"cursor" belongs to another kind of walk.');
  // The first page's horizon: what a mirror that copies the whole walk polls from afterwards.
  const syncFrom = cursor?.m === "id" ? new Date(cursor.h) : await readChangeHorizon(db);
  const where = filters
    ? placeFilterSql(filters)
    : program
      ? programFilterSql({ from: program.from, to: program.to, placeId: program.place })
      : undefined;
  const rows = await pageEntriesById(db, kind, { afterId: cursor?.m === "id" ? cursor.a : undefined, limit, where });
  const last = rows.at(-1);
  return {
    ...page,
    items: rows.map((r) => build(r, ctx)),
    next: rows.length === limit && last ? sign({ m: "id", a: last.id, h: syncFrom.toISOString() }) : null,
    syncFrom,
  };
}

function changeId(c: { deleted: true; id: string } | { deleted: false; row: { id: string } }): string {
  return c.deleted ? c.id : c.row.id;
}

/** One entry of a collection: its item (with the contact fields its page shows), its tombstone, or null. */
export async function readCollectionItem(
  services: Pick<Services, "db" | "bus" | "config">,
  collection: ApiCollection,
  id: string,
  params: URLSearchParams,
): Promise<{ item: Item; gone: boolean } | null> {
  const { db, config } = services;
  const { kind } = API_COLLECTIONS[collection];
  const lang = readItemLang(readParams(params, ITEM_KEYS));
  if (!isUuid(id)) return null;
  const row = await getPublicEntry(db, kind, id.toLowerCase());
  if (row) {
    const ref = await referenceFor(services, lang);
    const build = OPEN_DATA_ITEMS[kind] as (r: OpenDataRow<OpenDataKind>, c: object) => Item;
    return { item: build(row, { siteUrl: config.siteUrl, ref, lang, detail: true }), gone: false };
  }
  const tombstone = await getTombstone(db, kind, id.toLowerCase());
  return tombstone ? { item: tombstoneItem(kind, tombstone), gone: true } : null;
}

/** A link of a body: where it leads and what it is to this answer. */
export type BodyLink = { rel: string; href: string; type?: string; title?: string };

/** The address of a collection with these parameters (the cursor replaced, or dropped when null). */
export function collectionHref(siteUrl: string, path: string, query: Map<string, string>, cursor?: string | null) {
  const params = new URLSearchParams([...query].filter(([k]) => k !== "cursor" && k !== "updated_since"));
  if (query.has("updated_since")) params.set("updated_since", query.get("updated_since") ?? "");
  if (cursor) params.set("cursor", cursor);
  const qs = params.toString();
  return `${siteUrl}${path}${qs ? `?${qs}` : ""}`;
}

/**
 * A page of a collection as its answer's body and `Link` header: places a GeoJSON FeatureCollection, the others
 * `{ data, links }` (the licence members are added by answerOpenData). `links` names this page (`self`), the next one
 * while there is one (`next`), and the address a mirror polls afterwards (`updates`, `updated_since` of syncFrom).
 */
export function collectionBody(siteUrl: string, page: CollectionPage) {
  const path = `/api/v1/${page.collection}`;
  const type = page.kind === "place" ? "application/geo+json" : "application/json";
  const lang = page.query.get("lang");
  const updates = new Map([
    ...(lang ? ([["lang", lang]] as [string, string][]) : []),
    ["updated_since", page.syncFrom.toISOString()],
  ]);
  const links: BodyLink[] = [
    { rel: "self", href: collectionHref(siteUrl, path, page.query, page.query.get("cursor")), type },
    ...(page.next ? [{ rel: "next", href: collectionHref(siteUrl, path, page.query, page.next), type }] : []),
    { rel: "updates", href: collectionHref(siteUrl, path, updates), type, title: "Changes after this answer" },
  ];
  const header = links.filter((l) => l.rel === "next").map((l) => `<${l.href}>; rel="next"`);
  const body =
    page.kind === "place"
      ? { type: "FeatureCollection", features: page.items, links, number_returned: page.items.length }
      : { data: page.items, links, number_returned: page.items.length };
  return { body, contentType: type, links: header } as const;
}
