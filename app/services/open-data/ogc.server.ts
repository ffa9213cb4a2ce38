/**
 * OGC API – Features, Part 1 (OGC 17-069r4) at `/ogc` (decision 073): the landing page, conformance, the API's
 * OpenAPI 3.0 description, the collections (places, and programs held at a place) with their extents, pages of
 * features with `bbox`, `limit`, `datetime` and the open data's keyset cursor, and single features. The features are
 * the read API's items (decision 069: the same properties, no e-mail or phone); HTTP is the open data's (decision 070).
 */
import { SITE_NAME } from "~/lib/constants";
import { isUuid } from "~/lib/ids";
import { ogcOpenApi } from "~/lib/ogc-openapi";
import { readOgcDocumentParams, readOgcItemsParams } from "~/lib/ogc-params";
import { ApiParamError } from "~/lib/open-data-params";
import {
  countFeatures,
  type FeatureFilters,
  featureById,
  featureExtent,
  featureSql,
  placePositions,
} from "~/queries/ogc.server";
import { type OpenDataRow, pageEntriesById } from "~/queries/open-data.server";
import type { Services } from "../services.server";
import { loadReferenceData } from "../site/reference.server";
import { ApiNotFound, answerOpenData, type LicenceMembers, type OpenBody, OpenProblem } from "./answer.server";
import { type BodyLink, fingerprint, readCursor, signCursor } from "./collections.server";
import { type Item, OPEN_DATA_ITEMS } from "./items.server";

export const CRS84 = "http://www.opengis.net/def/crs/OGC/1.3/CRS84";
const GREGORIAN = "http://www.opengis.net/def/uom/ISO-8601/0/Gregorian";
const CONF = "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf";
export const OGC_CONFORMANCE = [`${CONF}/core`, `${CONF}/geojson`, `${CONF}/oas30`];

const JSON_TYPE = "application/json";
const GEOJSON = "application/geo+json";
export const OPENAPI_TYPE = "application/vnd.oai.openapi+json;version=3.0";

/** The feature collections, by id: what each is, and whether its features have days (`datetime` filters them). */
export const OGC_COLLECTIONS = {
  places: {
    kind: "place",
    title: "Places",
    description:
      "Permaculture sites, farms, gardens and projects that have a position: points with the directory's public description of each (no e-mail address or phone number).",
    temporal: false,
  },
  programs: {
    kind: "program",
    title: "Programs",
    description:
      "Courses, workshops and other programs held at a place with a position: each at its place's point, with its first and last day (datetime filters by the days a program runs).",
    temporal: true,
  },
} as const;
export type OgcCollectionId = keyof typeof OGC_COLLECTIONS;

function collectionOf(id: string): (typeof OGC_COLLECTIONS)[OgcCollectionId] & { id: OgcCollectionId } {
  if (!Object.hasOwn(OGC_COLLECTIONS, id))
    throw new ApiNotFound(
      `There is no collection "${id.slice(0, 50)}". The collections are: ${Object.keys(OGC_COLLECTIONS).join(", ")}.`,
    );
  return { ...OGC_COLLECTIONS[id as OgcCollectionId], id: id as OgcCollectionId };
}

type Ctx = { services: Pick<Services, "db" | "bus" | "config">; base: string; licence: LicenceMembers };

const licenceLink = (licence: LicenceMembers): BodyLink => ({
  rel: "license",
  href: licence.license.url,
  type: "text/html",
  title: licence.license.name,
});

function json(body: Record<string, unknown>, contentType = JSON_TYPE): OpenBody {
  return { body, contentType };
}

function landing({ base, licence }: Ctx): OpenBody {
  const link = (rel: string, path: string, type: string, title: string) => ({
    rel,
    href: `${base}${path}`,
    type,
    title,
  });
  return json({
    title: `${SITE_NAME}: OGC API – Features`,
    description: `The directory's places and programs as features (OGC API – Features, Part 1), in WGS 84 longitude and latitude; the whole read API is at /api/v1.`,
    links: [
      link("self", "", JSON_TYPE, "This document"),
      link("service-desc", "/api", OPENAPI_TYPE, "The API's definition (OpenAPI 3.0)"),
      link("conformance", "/conformance", JSON_TYPE, "The conformance classes this API implements"),
      link("http://www.opengis.net/def/rel/ogc/1.0/conformance", "/conformance", JSON_TYPE, "Conformance classes"),
      link("data", "/collections", JSON_TYPE, "The feature collections"),
      link("http://www.opengis.net/def/rel/ogc/1.0/data", "/collections", JSON_TYPE, "The feature collections"),
      licenceLink(licence),
    ],
  });
}

const day = (d: string, end: boolean) => `${d}T${end ? "23:59:59" : "00:00:00"}Z`;

/** A collection's description: its extent (the box of its features in CRS84, and for programs their first and last day). */
async function collectionDoc(ctx: Ctx, c: ReturnType<typeof collectionOf>) {
  const extent = await featureExtent(ctx.services.db, c.kind);
  const self = `${ctx.base}/collections/${c.id}`;
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    itemType: "feature",
    crs: [CRS84],
    extent: {
      ...(extent.bbox ? { spatial: { bbox: [extent.bbox], crs: CRS84 } } : {}),
      ...(c.temporal && extent.firstDay && extent.lastDay
        ? { temporal: { interval: [[day(extent.firstDay, false), day(extent.lastDay, true)]], trs: GREGORIAN } }
        : {}),
    },
    links: [
      { rel: "self", href: self, type: JSON_TYPE, title: "This collection" },
      { rel: "items", href: `${self}/items`, type: GEOJSON, title: `${c.title} (GeoJSON)` },
      licenceLink(ctx.licence),
    ],
  };
}

/** A row as a GeoJSON Feature: a place as the read API gives it; a program at its place's point. */
async function features(ctx: Ctx, kind: "place" | "program", rows: OpenDataRow<"place" | "program">[]) {
  const ref = await loadReferenceData(ctx.services);
  const itemCtx = { siteUrl: ctx.services.config.siteUrl, ref };
  if (kind === "place") return rows.map((r) => OPEN_DATA_ITEMS.place(r as OpenDataRow<"place">, itemCtx));
  const programs = rows as OpenDataRow<"program">[];
  const points = await placePositions(
    ctx.services.db,
    programs.flatMap((p) => (p.locationId ? [p.locationId] : [])),
  );
  return programs.map((p): Item => {
    const { id, ...properties } = OPEN_DATA_ITEMS.program(p, itemCtx);
    const point = p.locationId ? points.get(p.locationId) : undefined;
    return {
      type: "Feature",
      id,
      geometry: point ? { type: "Point", coordinates: point.map((n) => Math.round(n * 1e6) / 1e6) } : null,
      properties,
    };
  });
}

/** The address of a collection's items with these parameters and cursor. */
function itemsHref(ctx: Ctx, id: string, query: Map<string, string>, cursor?: string | null) {
  const params = new URLSearchParams([...query].filter(([k]) => k !== "cursor"));
  if (cursor) params.set("cursor", cursor);
  const qs = params.toString();
  return `${ctx.base}/collections/${id}/items${qs ? `?${qs}` : ""}`;
}

/**
 * A page of a collection's features, by id after the cursor's (the open data's keyset: a walk reads each feature that
 * stays unchanged exactly once), with how many match in all and the next page's link while there is one.
 */
async function itemsPage(ctx: Ctx, c: ReturnType<typeof collectionOf>, params: URLSearchParams): Promise<OpenBody> {
  const { db, config } = ctx.services;
  const p = readOgcItemsParams(params, c.temporal);
  const now = Date.now();
  const fp = fingerprint(`ogc/${c.id}`, p.query);
  const cursor = p.cursor ? readCursor(config.authSecret, p.cursor, fp, now) : null;
  if (cursor && cursor.m !== "id") throw new ApiParamError("cursor", '"cursor" belongs to another kind of walk.');
  const filters: FeatureFilters = { bbox: p.bbox, ...p.datetime };
  // One more than the page holds tells whether another follows: the last page has no `next`, never an empty one.
  const [read, matched] = await Promise.all([
    pageEntriesById(db, c.kind, { afterId: cursor?.a, limit: p.limit + 1, where: featureSql(c.kind, filters) }),
    countFeatures(db, c.kind, filters),
  ]);
  const rows = read.slice(0, p.limit);
  const stamp = new Date(now).toISOString();
  const last = rows.at(-1);
  const next =
    read.length > p.limit && last ? signCursor(config.authSecret, fp, { m: "id", a: last.id, h: stamp }, now) : null;
  const links: BodyLink[] = [
    { rel: "self", href: itemsHref(ctx, c.id, p.query, p.cursor), type: GEOJSON, title: "This page" },
    ...(next ? [{ rel: "next", href: itemsHref(ctx, c.id, p.query, next), type: GEOJSON, title: "Next page" }] : []),
    { rel: "collection", href: `${ctx.base}/collections/${c.id}`, type: JSON_TYPE, title: c.title },
    licenceLink(ctx.licence),
  ];
  return {
    body: {
      type: "FeatureCollection",
      features: await features(ctx, c.kind, rows),
      links,
      timeStamp: stamp,
      numberMatched: matched,
      numberReturned: rows.length,
    },
    contentType: GEOJSON,
    links: next ? [`<${itemsHref(ctx, c.id, p.query, next)}>; rel="next"`] : [],
    unstable: ["timeStamp"],
  };
}

async function singleFeature(ctx: Ctx, c: ReturnType<typeof collectionOf>, id: string): Promise<OpenBody> {
  const row = isUuid(id) ? await featureById(ctx.services.db, c.kind, id.toLowerCase()) : null;
  if (!row)
    throw new ApiNotFound(
      `The collection "${c.id}" has no feature "${id.slice(0, 50)}" (a feature's id is its entry's id; only entries with a position are features).`,
    );
  const [feature] = await features(ctx, c.kind, [row]);
  const self = `${ctx.base}/collections/${c.id}/items/${row.id}`;
  return {
    body: {
      ...feature,
      links: [
        { rel: "self", href: self, type: GEOJSON, title: "This feature" },
        { rel: "collection", href: `${ctx.base}/collections/${c.id}`, type: JSON_TYPE, title: c.title },
        licenceLink(ctx.licence),
      ],
    },
    contentType: GEOJSON,
  };
}

/** Whether the client takes `type` (or JSON, which every document here is), by its Accept header. */
function accepts(accept: string | null, type: string): boolean {
  if (!accept?.trim()) return true;
  const base = type.split(";")[0] ?? type;
  const ok = new Set(["*/*", "application/*", JSON_TYPE, base]);
  return accept.split(",").some((range) => {
    const [media = "", ...params] = range.split(";").map((s) => s.trim().toLowerCase());
    const q = params.find((x) => x.startsWith("q="));
    return ok.has(media) && !(q && Number(q.slice(2)) === 0);
  });
}

/** The document an address of `/ogc` names, by its path's parts after `/ogc`. */
async function ogcDocument(ctx: Ctx, parts: string[], params: URLSearchParams): Promise<OpenBody> {
  const [first, id, items, featureId, ...rest] = parts;
  if (
    rest.length ||
    (first && !["conformance", "api", "collections"].includes(first)) ||
    (first !== "collections" && id)
  )
    throw new ApiNotFound(`Nothing is at this address. The API starts at ${ctx.base}.`);
  if (items !== undefined && items !== "items")
    throw new ApiNotFound(`Nothing is at this address; a collection's features are at …/items.`);
  if (!(items && !featureId)) readOgcDocumentParams(params);
  if (!first) return landing(ctx);
  if (first === "conformance") return json({ conformsTo: OGC_CONFORMANCE });
  if (first === "api")
    return {
      body: ogcOpenApi({ base: ctx.base, licence: ctx.licence, collections: Object.keys(OGC_COLLECTIONS) }),
      contentType: OPENAPI_TYPE,
      licenceMembers: false,
    };
  if (id === undefined) {
    const collections = await Promise.all(Object.keys(OGC_COLLECTIONS).map((c) => collectionDoc(ctx, collectionOf(c))));
    return json({
      links: [
        { rel: "self", href: `${ctx.base}/collections`, type: JSON_TYPE, title: "The feature collections" },
        licenceLink(ctx.licence),
      ],
      collections,
    });
  }
  const c = collectionOf(id);
  if (!items) return json(await collectionDoc(ctx, c));
  if (!featureId) return itemsPage(ctx, c, params);
  return singleFeature(ctx, c, featureId);
}

/**
 * Answers a request to `/ogc/…` (`path`: what follows `/ogc`): GET and HEAD with the document, OPTIONS as a CORS
 * preflight, anything else 405. `f=json` or an Accept header that takes JSON; another format is a 406.
 */
export async function answerOgc(
  services: Pick<Services, "db" | "bus" | "config">,
  request: Request,
  clientIp: string,
  path: string,
): Promise<Response> {
  const base = `${services.config.siteUrl}/ogc`;
  const url = new URL(request.url);
  return answerOpenData(services, request, clientIp, async (licence) => {
    const made = await ogcDocument({ services, base, licence }, path.split("/").filter(Boolean), url.searchParams);
    if (!url.searchParams.has("f") && !accepts(request.headers.get("Accept"), made.contentType))
      throw new OpenProblem(
        406,
        "Not Acceptable",
        `This API serves JSON only (${made.contentType} here); ask for it in Accept, or add f=json to the address.`,
      );
    return made;
  });
}
