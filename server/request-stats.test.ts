import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { requestStats } from "~db/schema";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { BUCKET_MS, createRequestStats, LATENCY_BOUNDS_MS, percentileFromHistogram } from "./request-stats";

const t = testDatabaseForFile({ reference: false });

// The shape of React Router's route manifest, as the server build provides it.
const build = {
  routes: {
    root: { id: "root", path: "" },
    layout: { id: "layout", parentId: "root" },
    home: { id: "home", parentId: "layout", index: true },
    location: { id: "location", parentId: "layout", path: "location/:slug" },
    splat: { id: "splat", parentId: "layout", path: "*" },
    // Each other language has its own copy of the public routes under its prefix (app/routes.ts).
    "es/routes/home": { id: "es/routes/home", parentId: "layout", path: "es" },
    "es/routes/location": { id: "es/routes/location", parentId: "layout", path: "es/location/:slug" },
    "es/routes/not-found": { id: "es/routes/not-found", parentId: "layout", path: "es/*" },
    admin: { id: "admin", parentId: "root", path: "admin/dashboard" },
    edit: { id: "edit", parentId: "admin", path: "edit/:id" },
  },
} as unknown as ServerBuild;

describe("request statistics", () => {
  it("names requests by route pattern, never by raw URL", () => {
    const stats = createRequestStats({ db: t.db, build, flushMs: 1e9 });
    expect(stats.patternFor("/location/Green-Valley-Farm")).toBe("/location/:slug");
    expect(stats.patternFor("/location/Other-Place.data")).toBe("/location/:slug (data)");
    expect(stats.patternFor("/admin/dashboard/edit/123")).toBe("/admin/dashboard/edit/:id");
    expect(stats.patternFor("/no/such/page")).toBe("/*");
    // Each language keeps its own rows, named by its prefix; an unknown prefix is the catch-all, never the raw text.
    expect(stats.patternFor("/es")).toBe("/es");
    expect(stats.patternFor("/es/location/Green-Valley-Farm")).toBe("/es/location/:slug");
    expect(stats.patternFor("/es/location/Other-Place.data")).toBe("/es/location/:slug (data)");
    expect(stats.patternFor("/es/no/such/page")).toBe("/es/*");
    expect(stats.patternFor("/xx/location/Green-Valley-Farm")).toBe("/*");
    expect(stats.patternFor("/assets/app-abc.js")).toBe("/assets/*");
    void stats.close();
  });

  it("gives the home page's data, files, the server's own addresses and the root files their own rows", () => {
    const stats = createRequestStats({ db: t.db, build, flushMs: 1e9, staticFiles: ["/favicon.svg", "/sw.js"] });
    // React Router asks for the home page's data at /_root.data.
    expect(stats.patternFor("/_root.data")).toBe("/ (data)");
    expect(stats.patternFor("/es.data")).toBe("/es (data)");
    expect(stats.patternFor("/media/demo/farm.webp")).toBe("/media/*");
    expect(stats.patternFor("/api/storage/download/a/b.jpg")).toBe("/api/storage/download/*");
    expect(stats.patternFor("/api/storage/o")).toBe("/api/storage/*");
    expect(stats.patternFor("/__manifest")).toBe("/__manifest");
    expect(stats.patternFor("/api/analytics")).toBe("/api/analytics");
    expect(stats.patternFor("/offline-de.html")).toBe("/offline-de.html");
    expect(stats.patternFor("/api/map/tiles.pmtiles")).toBe("/api/map/tiles.pmtiles");
    expect(stats.patternFor("/favicon.svg")).toBe("/favicon.svg");
    expect(stats.patternFor("/sw.js")).toBe("/sw.js");
    // A file the build does not have, or any address made up, stays under the catch-all: no row per address.
    expect(stats.patternFor("/favicon.ico")).toBe("/*");
    expect(stats.patternFor("/wp-login.php")).toBe("/*");
    void stats.close();
  });

  it("writes counts by status class and merges latency histograms across flushes", async () => {
    const stats = createRequestStats({ db: t.db, build, flushMs: 1e9 });
    const at = Date.now();
    for (let i = 0; i < 90; i++) stats.record("/location/:slug", "GET", 200, 4, at);
    for (let i = 0; i < 9; i++) stats.record("/location/:slug", "GET", 404, 40, at);
    stats.record("/location/:slug", "GET", 500, 400, at);
    await stats.flush();
    // A second batch in the same minute (another flush, or another instance) adds to the same row.
    for (let i = 0; i < 100; i++) stats.record("/location/:slug", "GET", 200, 4, at);
    await stats.close();

    const rows = await t.db.select().from(requestStats);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    if (!row) throw new Error("no row");
    expect(row.bucketStart.getTime()).toBe(at - (at % BUCKET_MS));
    expect([row.count, row.count2xx, row.count4xx, row.count5xx]).toEqual([200, 190, 9, 1]);
    expect(row.histogram.reduce((a, b) => a + Number(b), 0)).toBe(200);
    const hist = row.histogram.map(Number);
    expect(percentileFromHistogram(hist, 0.5)).toBeGreaterThanOrEqual(4);
    expect(percentileFromHistogram(hist, 0.5)).toBeLessThan(5);
    expect(percentileFromHistogram(hist, 0.99)).toBeGreaterThanOrEqual(40);
    expect(percentileFromHistogram(hist, 0.99)).toBeLessThan(50);
    expect(percentileFromHistogram(hist, 1)).toBeGreaterThanOrEqual(400);
    expect(row.maxMs).toBe(400);
  });

  it("has histogram bounds that grow by 25 % steps", () => {
    expect(LATENCY_BOUNDS_MS[0]).toBe(0.5);
    expect(LATENCY_BOUNDS_MS.at(-1)).toBeGreaterThan(40_000);
  });
});
