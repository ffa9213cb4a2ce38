import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, isNotNull } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { locations, programs } from "~db/schema";
import { seedDemo } from "~db/seed/seed";
import { adminHarnessForFile } from "~tests/helpers/admin-context";
import * as ogc from "./ogc";

const h = adminHarnessForFile();
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "ogc-media-"));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

const context = () =>
  ({
    ...h.context,
    clientIp: "198.51.100.7",
    services: { ...h.context.services, config: { ...h.context.services.config, apiRateLimit: 100_000 } },
  }) as unknown as AppLoadContext;

/** A request to /ogc/… as a client sends it, answered by the route module. */
function ogcGet(address: string, init: RequestInit = {}): Promise<Response> {
  const url = new URL(address, "http://localhost");
  const splat = url.pathname.replace(/^\/ogc\/?/, "");
  const args = { request: new Request(url, init), context: context(), params: { "*": splat } } as never;
  const method = init.method ?? "GET";
  return method === "GET" || method === "HEAD" ? ogc.loader(args) : ogc.action(args);
}

type Link = { rel: string; href: string; type?: string };
type Doc = Record<string, unknown> & { links: Link[] };
type Feature = {
  type: string;
  id: string;
  geometry: { coordinates: [number, number] } | null;
  properties: Record<string, unknown>;
};
type Page = Doc & { features: Feature[]; numberMatched: number; numberReturned: number; timeStamp: string };

async function doc<T = Doc>(address: string, init?: RequestInit): Promise<{ res: Response; body: T }> {
  const res = await ogcGet(address, init);
  return { res, body: (await res.json()) as T };
}

/** A link's address as this test asks for it (the site's address replaced by a path). */
const local = (href: string) => href.replace(h.context.services.config.siteUrl, "");

/** Every feature of a collection, following `next` links from the first page. */
async function walk(first: string): Promise<{ pages: Page[]; features: Feature[] }> {
  const pages: Page[] = [];
  let next: string | undefined = first;
  while (next) {
    const { res, body }: { res: Response; body: Page } = await doc<Page>(next);
    expect(res.status).toBe(200);
    pages.push(body);
    next = body.links.find((l) => l.rel === "next")?.href;
    if (next) next = local(next);
  }
  return { pages, features: pages.flatMap((p) => p.features) };
}

let positioned: { id: string; longitude: number | null; latitude: number | null }[];

beforeAll(async () => {
  await seedDemo(h.t.db as never, { mediaDir, mediaUrlPrefix: "/media" });
  positioned = await h.t.db
    .select({ id: locations.id, longitude: locations.longitude, latitude: locations.latitude })
    .from(locations)
    .where(and(eq(locations.status, "published"), isNotNull(locations.latitude), isNotNull(locations.longitude)));
}, 120_000);

describe("OGC API – Features at /ogc", () => {
  it("has a landing page linking itself, its OpenAPI 3.0 definition, its conformance and its collections", async () => {
    for (const address of ["/ogc", "/ogc/", "/ogc?f=json"]) {
      const { res, body } = await doc(address);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
      const rels = Object.fromEntries(body.links.map((l) => [l.rel, l]));
      expect(local(rels.self?.href ?? "")).toBe("/ogc");
      expect(rels["service-desc"]?.type).toBe("application/vnd.oai.openapi+json;version=3.0");
      expect(local(rels.conformance?.href ?? "")).toBe("/ogc/conformance");
      expect(local(rels.data?.href ?? "")).toBe("/ogc/collections");
      expect(rels.license?.href).toMatch(/^https:\/\//);
    }
  });

  it("declares Core, GeoJSON and OpenAPI 3.0, and describes every path in its OpenAPI document", async () => {
    const { body } = await doc<{ conformsTo: string[] }>("/ogc/conformance");
    const conf = "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf";
    expect(body.conformsTo).toEqual(expect.arrayContaining([`${conf}/core`, `${conf}/geojson`, `${conf}/oas30`]));

    const api = await ogcGet("/ogc/api");
    expect(api.headers.get("Content-Type")).toMatch(/^application\/vnd\.oai\.openapi\+json;version=3\.0/);
    const openapi = (await api.json()) as { openapi: string; paths: Record<string, unknown>; components: never };
    expect(openapi.openapi).toMatch(/^3\.0\./);
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(["/", "/conformance", "/collections", "/collections/{collectionId}/items"]),
    );
    expect(JSON.stringify(openapi.components)).toContain('"maximum":1000');
    expect(openapi).not.toHaveProperty("attribution");
  });

  it("lists places and programs with a spatial extent around their features, and the programs' days", async () => {
    type Described = Doc & { id: string; extent: { spatial: { bbox: number[][] } } };
    const { body } = await doc<{ collections: Described[] }>("/ogc/collections");
    expect(body.collections.map((c) => c.id)).toEqual(["places", "programs"]);
    const places = body.collections[0] as Described;
    const lons = positioned.map((p) => p.longitude as number);
    const lats = positioned.map((p) => p.latitude as number);
    expect(places.extent.spatial.bbox).toEqual([
      [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)],
    ]);
    expect(places.extent).not.toHaveProperty("temporal");
    const items = places.links.find((l) => l.rel === "items");
    expect(items?.type).toBe("application/geo+json");

    const { body: prog } = await doc<{ extent: { temporal: { interval: string[][]; trs: string } } }>(
      "/ogc/collections/programs",
    );
    const dated = await h.t.db
      .select()
      .from(programs)
      .where(and(eq(programs.status, "published"), isNotNull(programs.startDate)));
    expect(dated.length).toBeGreaterThan(0);
    const [start, end] = prog.extent.temporal.interval[0] as [string, string];
    expect(start).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
    expect(end >= start).toBe(true);
  });

  it("pages every positioned place once by next links, with numberMatched and numberReturned", async () => {
    const { pages, features } = await walk("/ogc/collections/places/items?limit=7");
    expect(pages.length).toBe(Math.ceil(positioned.length / 7));
    // A page that ends the collection exactly has no next link (no empty page after it).
    const whole = await walk(`/ogc/collections/places/items?limit=${positioned.length}`);
    expect(whole.pages.length).toBe(1);
    const ids = features.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(positioned.map((p) => p.id).sort());
    for (const p of pages) {
      expect(p.numberMatched).toBe(positioned.length);
      expect(p.numberReturned).toBe(p.features.length);
      expect(Number.isNaN(Date.parse(p.timeStamp))).toBe(false);
    }
    const feature = features[0] as Feature;
    expect(feature.type).toBe("Feature");
    expect(feature.geometry).not.toBeNull();
    expect(feature.properties).toHaveProperty("name");
    for (const f of features) {
      expect(f.properties).not.toHaveProperty("email");
      expect(f.properties).not.toHaveProperty("phone");
    }
  });

  it("keeps to a bbox, also across the antimeridian, and refuses a bad one with a problem", async () => {
    const box = [-20, -40, 55, 40];
    const [west, south, east, north] = box as [number, number, number, number];
    const inside = positioned.filter((p) => {
      const [lon, lat] = [p.longitude as number, p.latitude as number];
      return lon >= west && lon <= east && lat >= south && lat <= north;
    });
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.length).toBeLessThan(positioned.length);
    const { features, pages } = await walk(`/ogc/collections/places/items?bbox=${box.join(",")}&limit=3`);
    expect(features.map((f) => f.id).sort()).toEqual(inside.map((p) => p.id).sort());
    expect(pages[0]?.numberMatched).toBe(inside.length);

    const across = await walk("/ogc/collections/places/items?bbox=170,-60,-170,60");
    for (const f of across.features) expect(Math.abs(f.geometry?.coordinates[0] as number)).toBeGreaterThanOrEqual(170);

    for (const bad of ["1,2,3", "a,b,c,d", "0,50,10,40", "0,0,200,10"]) {
      const { res, body } = await doc<{ detail: string; status: number }>(`/ogc/collections/places/items?bbox=${bad}`);
      expect(res.status).toBe(400);
      expect(res.headers.get("Content-Type")).toBe("application/problem+json");
      expect(body.detail).toContain("bbox");
    }
  });

  it("filters programs by datetime as an instant, a closed and an open interval, at their places' points", async () => {
    const all = await walk("/ogc/collections/programs/items");
    expect(all.features.length).toBeGreaterThan(0);
    const dated = all.features.filter((f) => f.properties.start_date);
    const first = dated[0] as Feature;
    const startDay = String(first.properties.start_date);
    const endDay = String(first.properties.end_date ?? startDay);
    const overlaps = (from: string, to: string) =>
      dated.filter((f) => {
        const s = String(f.properties.start_date);
        const e = String(f.properties.end_date ?? s);
        return s <= to && e >= from;
      });

    const instant = await walk(`/ogc/collections/programs/items?datetime=${startDay}T12:00:00Z`);
    expect(instant.features.map((f) => f.id).sort()).toEqual(
      overlaps(startDay, startDay)
        .map((f) => f.id)
        .sort(),
    );
    expect(instant.features.map((f) => f.id)).toContain(first.id);

    const closed = await walk(`/ogc/collections/programs/items?datetime=${startDay}/${endDay}`);
    expect(closed.features.map((f) => f.id).sort()).toEqual(
      overlaps(startDay, endDay)
        .map((f) => f.id)
        .sort(),
    );

    const open = await walk(`/ogc/collections/programs/items?datetime=${endDay}T00:00:00Z/..`);
    expect(open.features.map((f) => f.id).sort()).toEqual(
      overlaps(endDay, "9999-12-31")
        .map((f) => f.id)
        .sort(),
    );
    expect(open.pages[0]?.numberMatched).toBe(open.features.length);

    // A box keeps the programs whose place is in it.
    const [lon, lat] = first.geometry?.coordinates ?? [0, 0];
    const near = await walk(`/ogc/collections/programs/items?bbox=${lon - 1},${lat - 1},${lon + 1},${lat + 1}`);
    expect(near.features.map((f) => f.id)).toContain(first.id);
    const atPoints = all.features.filter((f) => {
      const [x, y] = f.geometry?.coordinates ?? [Number.NaN, Number.NaN];
      return Math.abs(x - lon) <= 1 && Math.abs(y - lat) <= 1;
    });
    expect(near.features.map((f) => f.id).sort()).toEqual(atPoints.map((f) => f.id).sort());

    const place = positioned.find((p) => p.id === first.properties.place);
    expect(first.geometry?.coordinates).toEqual([place?.longitude, place?.latitude]);

    for (const bad of [
      "yesterday",
      "2026-02-30",
      "2026-05-01/2026-04-01",
      "../..",
      "2026-01-01/2026-02-01/2026-03-01",
    ]) {
      const { res, body } = await doc<{ detail: string }>(`/ogc/collections/programs/items?datetime=${bad}`);
      expect(res.status).toBe(400);
      expect(body.detail).toContain("datetime");
    }
    const places = await doc<{ detail: string }>("/ogc/collections/places/items?datetime=2026-05-01");
    expect(places.res.status).toBe(400);
  });

  it("serves a single feature and answers 404 problems for unknown collections and features", async () => {
    const place = positioned[0] as { id: string };
    const { res, body } = await doc<Feature & Doc>(`/ogc/collections/places/items/${place.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/geo\+json/);
    expect(body.id).toBe(place.id);
    expect(body.properties).not.toHaveProperty("email");
    expect(body.links.map((l) => l.rel)).toEqual(expect.arrayContaining(["self", "collection"]));

    for (const address of [
      "/ogc/collections/rivers",
      "/ogc/collections/rivers/items",
      "/ogc/collections/places/items/00000000-0000-4000-8000-000000000000",
      "/ogc/collections/places/items/not-an-id",
      `/ogc/collections/programs/items/${place.id}`,
      "/ogc/nothing",
    ]) {
      const r = await ogcGet(address);
      expect({ address, status: r.status }).toEqual({ address, status: 404 });
      expect(r.headers.get("Content-Type")).toBe("application/problem+json");
    }
  });

  it("refuses unknown parameters, limits out of bounds, other formats; revalidates with 304", async () => {
    for (const [address, param] of [
      ["/ogc/collections/places/items?limit=0", "limit"],
      ["/ogc/collections/places/items?limit=2.5", "limit"],
      ["/ogc/collections/places/items?colour=red", "colour"],
      ["/ogc/collections?f=html", "f"],
      ["/ogc/collections/places/items?cursor=forged", "cursor"],
      // What a hostile client sends: a NUL, a 10,000-character value, a parameter twice, a broken bbox.
      ["/ogc/collections/places/items?bbox=1,2,3,%00", "bbox"],
      [`/ogc/collections/places/items?bbox=${"9".repeat(10_000)}`, "bbox"],
      ["/ogc/collections/places/items?limit=1&limit=2", "limit"],
      ["/ogc/collections/places/items?bbox=NaN,NaN,NaN,NaN", "bbox"],
      ["/ogc/collections/programs/items?datetime=2026-13-40", "datetime"],
    ] as const) {
      const { res, body } = await doc<{ detail: string }>(address);
      expect({ address, status: res.status }).toEqual({ address, status: 400 });
      expect(body.detail).toContain(param);
    }
    // More than a page holds is the most it holds, as OGC API – Features asks of a server.
    const big = await doc<Page>("/ogc/collections/places/items?limit=50000");
    expect(big.res.status).toBe(200);
    expect(big.body.numberReturned).toBe(positioned.length);

    const html = await ogcGet("/ogc/collections", { headers: { Accept: "text/html" } });
    expect(html.status).toBe(406);
    expect((await ogcGet("/ogc/collections", { headers: { Accept: "text/html,*/*;q=0.8" } })).status).toBe(200);

    const first = await ogcGet("/ogc/collections/places/items?limit=5");
    const etag = first.headers.get("ETag") ?? "";
    expect(first.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(first.headers.get("Link")).toMatch(/rel="next"/);
    const again = await ogcGet("/ogc/collections/places/items?limit=5", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect((await ogcGet("/ogc/collections", { method: "POST" })).status).toBe(405);
    const preflight = await ogcGet("/ogc/collections/places/items", { method: "OPTIONS" });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });
});
