import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATA_LICENCES } from "~/lib/data-licences";
import { searchLocations } from "~/queries/locations.server";
import { saveGeneralSettings } from "~/queries/settings.server";
import { ENTRY_KINDS } from "~/services/entries/registry.server";
import { changeMakers, focusAreas, locations, programs, regions } from "~db/schema";
import { seedDemo } from "~db/seed/seed";
import { adminHarnessForFile } from "~tests/helpers/admin-context";
import { locationInput } from "~tests/helpers/location-input";
import * as collection from "./collection";
import * as item from "./item";

const h = adminHarnessForFile();
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "api-v1-media-"));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

let rateLimit = 100_000;
function context(ip: string): AppLoadContext {
  const services = h.context.services;
  return {
    ...h.context,
    clientIp: ip,
    services: { ...services, config: { ...services.config, apiRateLimit: rateLimit } },
  } as unknown as AppLoadContext;
}

/** A request to the API as a client sends it, answered by the route that serves its path. */
async function api(address: string, init: RequestInit = {}, ip = "198.51.100.1"): Promise<Response> {
  const url = new URL(address, "http://localhost");
  const [, , name, id] = url.pathname.split("/").filter(Boolean);
  const mod = id === undefined ? collection : item;
  const method = init.method ?? "GET";
  const args = {
    request: new Request(url, init),
    context: context(ip),
    params: id === undefined ? { collection: name } : { collection: name, id },
  } as never;
  // As React Router does: GET, HEAD and OPTIONS load, the other methods act.
  return ["GET", "HEAD", "OPTIONS"].includes(method) ? mod.loader(args) : mod.action(args);
}

async function json(address: string, init?: RequestInit, ip?: string) {
  const res = await api(address, init, ip);
  return { res, body: (await res.json()) as Record<string, unknown> & { links?: { rel: string; href: string }[] } };
}

/** Every item of a collection, following each page's `next` link from the first. */
async function everything(first: string): Promise<{ bodies: string[]; items: Record<string, unknown>[] }> {
  const bodies: string[] = [];
  const items: Record<string, unknown>[] = [];
  let next: string | undefined = first;
  while (next) {
    const res = await api(next);
    expect(res.status).toBe(200);
    const text = await res.text();
    bodies.push(text);
    const body = JSON.parse(text);
    items.push(...(body.features ?? body.data));
    next = body.links.find((l: { rel: string }) => l.rel === "next")?.href;
    if (next) expect(res.headers.get("Link")).toContain(`<${next}>; rel="next"`);
  }
  return { bodies, items };
}

beforeAll(async () => {
  await seedDemo(h.t.db as never, { mediaDir, mediaUrlPrefix: "/media" });
}, 120_000);

const PHONE = /\+?\d[\d ().-]{6,}\d/;

describe(`read API /api/v1 (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("lists never carry an e-mail address or a phone number; a place's own answer has what its page shows", async () => {
    const withContacts = await h.t.db.select().from(locations).where(eq(locations.status, "published"));
    const phones = withContacts.map((l) => l.contactPhone).filter((p): p is string => Boolean(p));
    expect(phones.length).toBeGreaterThan(3);
    for (const name of ["places", "programs", "change-makers", "resources", "episodes"]) {
      const { bodies, items } = await everything(`/api/v1/${name}?limit=4`);
      expect(items.length).toBeGreaterThan(0);
      for (const body of bodies) {
        expect(body).not.toContain("@");
        for (const phone of phones) expect(body).not.toContain(phone);
        const { data, features, links, ...rest } = JSON.parse(body);
        expect(JSON.stringify(rest)).not.toMatch(PHONE);
      }
    }
    const shown = withContacts.find((l) => l.contactEmail && l.contactPhone);
    const { res, body } = await json(`/api/v1/places/${shown?.id}`);
    expect(res.headers.get("Content-Type")).toBe("application/geo+json; charset=utf-8");
    expect(body.properties).toMatchObject({
      email: shown?.contactEmail,
      phone: shown?.contactPhone,
      name: shown?.name,
    });
  });

  it("answers places as a GeoJSON FeatureCollection: [lon, lat] to 6 decimals, null geometry without a position", async () => {
    const db = h.t.db;
    const precise = await ENTRY_KINDS.location.create(
      db,
      locationInput("Precise Farm", { latitude: -33.123456789, longitude: -70.987654321, country: "Chile" }),
    );
    const nowhere = await ENTRY_KINDS.location.create(db, locationInput("Nowhere Farm", { country: "Chile" }));
    const { res, body } = await json("/api/v1/places?country=CL&limit=1000");
    expect(res.headers.get("Content-Type")).toBe("application/geo+json; charset=utf-8");
    expect(body.type).toBe("FeatureCollection");
    const features = body.features as { id: string; geometry: unknown; properties: Record<string, unknown> }[];
    expect(features.find((f) => f.id === precise)?.geometry).toEqual({
      type: "Point",
      coordinates: [-70.987654, -33.123457],
    });
    const lone = features.find((f) => f.id === nowhere);
    expect(lone?.geometry).toBeNull();
    expect(lone?.properties).toMatchObject({
      name: "Nowhere Farm",
      url: "http://localhost/location/Nowhere-Farm",
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      country_code: "CL",
    });
    expect(features.every((f) => f.properties.country_code === "CL")).toBe(true);
  });

  it("filters places by bbox, region, focus area, category and the site's own search", async () => {
    const all = (await everything("/api/v1/places?limit=1000")).items as {
      id: string;
      geometry: { coordinates: [number, number] } | null;
      properties: Record<string, unknown>;
    }[];
    const europe = "-25,34,45,72";
    const inBox = (await json(`/api/v1/places?bbox=${europe}&limit=1000`)).body.features as typeof all;
    const expected = all.filter((f) => {
      const [x, y] = f.geometry?.coordinates ?? [999, 999];
      return x >= -25 && x <= 45 && y >= 34 && y <= 72;
    });
    expect(inBox.map((f) => f.id).sort()).toEqual(expected.map((f) => f.id).sort());
    expect(inBox.length).toBeGreaterThan(0);
    expect(inBox.length).toBeLessThan(all.length);

    const [region] = await h.t.db.select().from(regions).where(eq(regions.key, "Europe"));
    const byRegion = (await json("/api/v1/places?region=europe&limit=1000")).body.features as typeof all;
    expect(byRegion.length).toBeGreaterThan(0);
    expect(byRegion.every((f) => (f.properties.region as { id: string }).id === region?.id)).toBe(true);

    const [focus] = await h.t.db.select().from(focusAreas).limit(1);
    const byFocus = (await json(`/api/v1/places?focus=${focus?.id}&limit=1000`)).body.features as typeof all;
    for (const f of byFocus)
      expect((f.properties.focus_areas as { id: string }[]).map((a) => a.id)).toContain(focus?.id);
    const byCategory = (await json(`/api/v1/places?category=${focus?.categoryId}&limit=1000`)).body
      .features as typeof all;
    expect(byCategory.length).toBeGreaterThanOrEqual(byFocus.length);

    const searched = (await json("/api/v1/places?q=Cedar%20Hollow")).body.features as typeof all;
    expect(searched[0]?.properties.name).toBe("Cedar Hollow Food Forest");
    // The same matches in the same order as the site's list and search pages.
    const site = await searchLocations(h.t.db, { q: "farm" }, { limit: 1000, offset: 0 });
    const farms = (await everything("/api/v1/places?q=farm&limit=3")).items as typeof all;
    expect(farms.map((f) => f.id)).toEqual(site.rows.map((r) => r.id));
    expect(farms.length).toBeGreaterThan(3);
    // Paged in the search's order with the same cursor mechanism.
    const firstTwo = (await json("/api/v1/places?q=farm&limit=2")).body;
    const next = firstTwo.links?.find((l) => l.rel === "next")?.href;
    expect(next).toBeDefined();
    const page2 = (await json(next as string)).body.features as typeof all;
    const page1 = firstTwo.features as typeof all;
    expect(page2.some((f) => page1.some((g) => g.id === f.id))).toBe(false);
  });

  it("filters programs by dates and place, and says so when nothing matches", async () => {
    const [hosted] = await h.t.db.select().from(programs).where(eq(programs.status, "published")).limit(1);
    const atPlace = (await json(`/api/v1/programs?place=${hosted?.locationId}`)).body.data as { place: string }[];
    expect(atPlace.length).toBeGreaterThan(0);
    expect(atPlace.every((p) => p.place === hosted?.locationId)).toBe(true);
    const past = (await json("/api/v1/programs?from=1990-01-01&to=1990-12-31")).body;
    expect(past.data).toEqual([]);
    expect(past.links?.find((l) => l.rel === "next")).toBeUndefined();
  });

  it("gives translated names and texts with lang, and names which fields were translated", async () => {
    const id = await ENTRY_KINDS.location.create(
      h.t.db,
      locationInput("Olive Grove", {
        shortDescription: "Olives and bees",
        translations: { es: { name: "Olivar", shortDescription: "Olivos y abejas" } },
      } as never),
    );
    const es = (await json(`/api/v1/places/${id}?lang=es`)).body.properties as Record<string, unknown>;
    expect(es).toMatchObject({
      name: "Olivar",
      short_description: "Olivos y abejas",
      language: "en",
      lang: "es",
      translated_fields: ["name", "shortDescription"],
    });
    const de = (await json(`/api/v1/places/${id}?lang=de`)).body.properties as Record<string, unknown>;
    expect(de).toMatchObject({ name: "Olive Grove", translated_fields: [] });
    const plain = (await json(`/api/v1/places/${id}`)).body.properties as Record<string, unknown>;
    expect(plain.name).toBe("Olive Grove");
    expect(plain.lang).toBeUndefined();
  });

  it("answers every bad parameter with a problem+json 400 (or 404) that says what to change, never a 5xx", async () => {
    const other = (await json("/api/v1/places?limit=1")).body.links?.find((l) => l.rel === "next")?.href ?? "";
    const otherCursor = new URL(other).searchParams.get("cursor") ?? "";
    const cases: [string, number, RegExp][] = [
      ["/api/v1/places?limit=0", 400, /"limit" must be a whole number from 1 to 1000/],
      ["/api/v1/places?limit=1001", 400, /from 1 to 1000/],
      ["/api/v1/places?limit=ten", 400, /"limit"/],
      ["/api/v1/places?bbox=1,2,3", 400, /"bbox" must be minLon,minLat,maxLon,maxLat/],
      ["/api/v1/places?bbox=200,0,210,10", 400, /longitudes/],
      ["/api/v1/places?bbox=0,50,10,40", 400, /southern latitude first/],
      ["/api/v1/places?cursor=abc.def", 400, /"cursor" is not one this API gave/],
      [`/api/v1/places?country=CL&cursor=${otherCursor}`, 400, /belongs to a query with other parameters/],
      [`/api/v1/programs?cursor=${otherCursor}`, 400, /belongs to a query with other parameters/],
      ["/api/v1/places?updated_since=yesterday", 400, /RFC 3339/],
      ["/api/v1/places?updated_since=2026-11-27", 400, /RFC 3339/],
      ["/api/v1/places?updated_since=2001-01-01T00:00:00Z", 400, /365 days/],
      ["/api/v1/places?updated_since=2026-11-27T00:00:00Z&country=CL", 400, /takes no filters/],
      ["/api/v1/places?lang=xx", 400, /"lang" must be one of en, es, pt, fr, de/],
      ["/api/v1/regions?lang=xx", 400, /"lang"/],
      ["/api/v1/places?bboxx=1,2,3,4", 400, /Unknown parameter "bboxx"/],
      ["/api/v1/places?limit=5&limit=6", 400, /more than once/],
      ["/api/v1/places?q=a%00b", 400, /control character/],
      [`/api/v1/places?q=${"x".repeat(10_000)}`, 400, /longer than 1000/],
      ["/api/v1/places?country=XX", 400, /ISO 3166-1 alpha-2/],
      ["/api/v1/places?region=atlantis", 400, /region's key/],
      ["/api/v1/places?region=00000000-0000-4000-8000-000000000000", 400, /No region or sub-region/],
      ["/api/v1/places?focus=00000000-0000-4000-8000-000000000000", 400, /No focus area/],
      ["/api/v1/places?category=cooking", 400, /category id/],
      ["/api/v1/programs?from=2026-09-01&to=2026-05-01", 400, /before "from"/],
      ["/api/v1/programs?from=someday", 400, /a date/],
      ["/api/v1/programs?from=2026-02-30", 400, /a date/],
      ["/api/v1/places?updated_since=2026-02-30T00:00:00Z", 400, /RFC 3339/],
      ["/api/v1/places?updated_since=2026-11-27T24:00:00Z", 400, /RFC 3339/],
      ["/api/v1/unicorns", 404, /no collection "unicorns"/],
      ["/api/v1/places/00000000-0000-4000-8000-000000000000", 404, /No place has the id/],
      ["/api/v1/places/not-an-id", 404, /No place has the id/],
      ["/api/v1/places/00000000-0000-4000-8000-000000000000?lang=xx", 400, /"lang"/],
    ];
    for (const [address, status, detail] of cases) {
      const { res, body } = await json(address);
      expect({ address, status: res.status }).toEqual({ address, status });
      expect(res.headers.get("Content-Type")).toBe("application/problem+json");
      expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
      expect(body).toMatchObject({
        type: "about:blank",
        status,
        title: expect.any(String),
        license: expect.any(Object),
      });
      expect(body.detail).toMatch(detail);
    }
  });

  it("sends an ETag and answers 304 to a matching If-None-Match, until the data changes", async () => {
    const first = await api("/api/v1/change-makers?limit=3");
    const etag = first.headers.get("ETag") ?? "";
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get("Cache-Control")).toMatch(/public, max-age=60/);
    const again = await api("/api/v1/change-makers?limit=3", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    // Weak comparison: the strong form of the same tag, or one of several, matches too.
    const strong = etag.replace(/^W\//, "");
    expect(
      (await api("/api/v1/change-makers?limit=3", { headers: { "If-None-Match": `"x", ${strong}` } })).status,
    ).toBe(304);
    const [first3] = ((await first.json()) as { data: { id: string }[] }).data;
    await h.t.db
      .update(changeMakers)
      .set({ role: "Changed role" })
      .where(eq(changeMakers.id, first3?.id ?? ""));
    const changed = await api("/api/v1/change-makers?limit=3", { headers: { "If-None-Match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(etag);
  });

  it("answers CORS preflights, lets any origin read, exposes its headers and never sets a cookie", async () => {
    const pre = await api("/api/v1/places", {
      method: "OPTIONS",
      headers: { Origin: "https://map.example", "Access-Control-Request-Method": "GET" },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(pre.headers.get("Access-Control-Allow-Methods")).toContain("GET");
    expect(pre.headers.get("Access-Control-Allow-Headers")).toContain("If-None-Match");
    const res = await api("/api/v1/regions", { headers: { Origin: "https://map.example", Cookie: "lang=de" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const exposed = res.headers.get("Access-Control-Expose-Headers") ?? "";
    for (const name of ["ETag", "Link", "RateLimit", "RateLimit-Policy", "Retry-After"])
      expect(exposed).toContain(name);
    expect(res.headers.get("Set-Cookie")).toBeNull();
    const post = await api("/api/v1/places", { method: "POST", body: "x" });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
    const head = await api("/api/v1/places/", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("states the rate limit, answers 429 with Retry-After over it, and counts a 304 as a tenth", async () => {
    rateLimit = 3;
    try {
      const ip = "192.0.2.77";
      const one = await api("/api/v1/focus-areas", {}, ip);
      expect(one.headers.get("RateLimit-Policy")).toBe('"per-address";q=3;w=60');
      expect(one.headers.get("RateLimit")).toMatch(/^"per-address";r=2;t=\d+$/);
      const etag = one.headers.get("ETag") ?? "";
      // Twenty revalidations cost two requests.
      for (let i = 0; i < 20; i++)
        expect((await api("/api/v1/focus-areas", { headers: { "If-None-Match": etag } }, ip)).status).toBe(304);
      const over = await api("/api/v1/focus-areas", {}, ip);
      expect(over.status).toBe(429);
      expect(over.headers.get("Content-Type")).toBe("application/problem+json");
      expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(((await over.json()) as { detail: string }).detail).toMatch(/more than 3 requests in a minute/);
      // Another address has its own budget.
      expect((await api("/api/v1/focus-areas", {}, "192.0.2.78")).status).toBe(200);
    } finally {
      rateLimit = 100_000;
    }
  });

  it("states the data licence and attribution staff chose, in every body and a Link header", async () => {
    const cc = DATA_LICENCES.find((l) => l.spdx === "CC-BY-4.0");
    const { res, body } = await json("/api/v1/categories");
    expect(res.headers.get("Link")).toContain(`<${cc?.url}>; rel="license"`);
    expect(body.license).toEqual({ id: "CC-BY-4.0", name: cc?.name, url: cc?.url });
    expect(body.attribution).toBe("© Permaculture Network contributors");
    expect(
      (body.data as { id: string; focus_areas: unknown[] }[]).find((c) => c.id === "agriculture")?.focus_areas,
    ).not.toHaveLength(0);

    await saveGeneralSettings(h.context.services as never, {
      contactEmail: "team@example.org",
      mapStyleUrl: "",
      freshnessMonths: 12,
      dataLicence: "ODbL-1.0",
      dataAttribution: "Data: Permaculture Network and its contributors",
    });
    const odbl = DATA_LICENCES.find((l) => l.spdx === "ODbL-1.0");
    const after = await json("/api/v1/places?limit=1");
    expect(after.res.headers.get("Link")).toContain(`<${odbl?.url}>; rel="license"`);
    expect(after.body).toMatchObject({
      license: { id: "ODbL-1.0" },
      attribution: "Data: Permaculture Network and its contributors",
    });
    const problem = await json("/api/v1/places?limit=0");
    expect(problem.body).toMatchObject({ license: { id: "ODbL-1.0" } });
    expect(problem.res.headers.get("Link")).toContain('rel="license"');
  });

  it("answers a removed entry with its tombstone (410) and lists regions with their sub-regions", async () => {
    const id = await ENTRY_KINDS.location.create(h.t.db, locationInput("Closing Farm"));
    await ENTRY_KINDS.location.update(h.t.db, id, { status: "archived" });
    const { res, body } = await json(`/api/v1/places/${id}`);
    expect(res.status).toBe(410);
    expect(body).toMatchObject({
      type: "Feature",
      id,
      geometry: null,
      properties: { deleted: true, merged_into: null },
    });
    const regionsBody = (await json("/api/v1/regions")).body.data as { key: string; sub_regions: unknown[] }[];
    expect(regionsBody.length).toBeGreaterThan(3);
    expect(regionsBody.some((r) => r.sub_regions.length > 0)).toBe(true);
  });
});
