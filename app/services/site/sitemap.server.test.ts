import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { URLS_PER_ENTRY } from "~/lib/feeds/sitemap";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { xmlProblems } from "~tests/helpers/xml-well-formed";
import { sitemapResponse } from "./sitemap.server";

const SITE = "https://permaculture.example.org";

const t = testDatabaseForFile();

beforeAll(async () => {
  // 23 places, 4 programs, 3 change-makers.
  await t.db.execute(
    sql`INSERT INTO locations (name, country) SELECT 'Garden ' || i, 'Kenya' FROM generate_series(1, 23) i`,
  );
  await t.db.execute(sql`INSERT INTO programs (name) SELECT 'Course ' || i FROM generate_series(1, 4) i`);
  await t.db.execute(sql`INSERT INTO change_makers (name) SELECT 'Person ' || i FROM generate_series(1, 3) i`);
});

const get = (path: string, perPart?: number, headers: Record<string, string> = {}) =>
  sitemapResponse(t, SITE, new Request(`${SITE}${path}`, { headers }), perPart);
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");

describe("sitemap", () => {
  it("is one well-formed file listing every page and entry while the site is small", async () => {
    const res = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    expect(xmlProblems(xml)).toEqual([]);
    const urls = locs(xml);
    expect(urls).toContain(`${SITE}/location/Garden-17`);
    expect(urls).toContain(`${SITE}/program/Course-2`);
    // Three change-makers, each in every language.
    expect(urls.filter((u) => u.includes("/change-makers/"))).toHaveLength(3 * URLS_PER_ENTRY);
    expect(urls).toContain(`${SITE}/es/location/Garden-17`);
    expect(urls).toContain(`${SITE}/change-makers`);
    expect(urls).toContain(`${SITE}/map`);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it("becomes an index of parts past the per-file limit; the parts list every URL exactly once", async () => {
    const small = locs(await (await get("/sitemap.xml")).text());
    const perPart = 10;
    const index = await (await get("/sitemap.xml", perPart)).text();
    expect(xmlProblems(index)).toEqual([]);
    expect(index).toContain("<sitemapindex");
    const parts = locs(index);
    // Pages, one part of programs, one of change-makers, three of locations (23 at 10 per part).
    expect(parts.map((p) => new URL(p).searchParams.get("part"))).toEqual([
      "pages",
      "programs-1",
      "change-makers-1",
      "locations-1",
      "locations-2",
      "locations-3",
    ]);
    const all: string[] = [];
    for (const part of parts) {
      const res = await get(part.slice(SITE.length), perPart);
      expect(res.status).toBe(200);
      const xml = await res.text();
      expect(xmlProblems(xml)).toEqual([]);
      const urls = locs(xml);
      if (!part.endsWith("=pages")) expect(urls.length).toBeLessThanOrEqual(perPart * URLS_PER_ENTRY);
      all.push(...urls);
    }
    expect(all.sort()).toEqual([...small].sort());
    expect(index).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it("streams every part to a crawler fetching them all at once (pages are read a few at a time)", async () => {
    const small = locs(await (await get("/sitemap.xml")).text());
    const perPart = 4;
    const parts = locs(await (await get("/sitemap.xml", perPart)).text());
    expect(parts.length).toBeGreaterThan(8);
    const bodies = await Promise.all(parts.map(async (p) => (await get(p.slice(SITE.length), perPart)).text()));
    for (const xml of bodies) expect(xmlProblems(xml)).toEqual([]);
    expect(bodies.flatMap(locs).sort()).toEqual([...small].sort());
  });

  it("answers a part that does not exist with 404 and a pointer to the index", async () => {
    for (const part of ["locations-4", "locations-0", "places-1", "locations-1x", "%00"]) {
      const res = await get(`/sitemap.xml?part=${part}`, 10);
      expect(res.status, part).toBe(404);
      expect(await res.text()).toContain("/sitemap.xml lists them");
    }
  });

  it("answers 304 to a crawler that has the current version, and a new ETag once content changes", async () => {
    const first = await get("/sitemap.xml?part=locations-2", 10);
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\/"sitemap-/);
    await first.text();
    const again = await get("/sitemap.xml?part=locations-2", 10, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    // Another part has another ETag.
    expect((await get("/sitemap.xml?part=locations-1", 10)).headers.get("etag")).not.toBe(etag);
    await t.db.execute(sql`UPDATE locations SET country = 'Uganda' WHERE name = 'Garden 5'`);
    const changed = await get("/sitemap.xml?part=locations-2", 10, { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });
});
