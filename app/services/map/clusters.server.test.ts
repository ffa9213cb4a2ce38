import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { BBox } from "~/lib/map-geometry";
import { createLocation, type LocationInput, updateLocation } from "~/queries/locations.server";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { locationInput } from "~tests/helpers/location-input";
import { createTestDatabase } from "~tests/helpers/test-db";
import { notifyContentChanged } from "../entries/content-events.server";
import { basemapPaths, basemapVersion } from "./basemap.server";
import {
  BBoxSchema,
  ClusterStore,
  ClustersQuerySchema,
  getClusterStore,
  mapSnapshot,
  parseMapPosition,
} from "./clusters.server";

const WORLD: BBox = [-180, -85, 180, 85];

function input(
  name: string,
  lat: number | null,
  lng: number | null,
  extra: Partial<LocationInput> = {},
): LocationInput {
  return locationInput(name, {
    shortDescription: `${name} in short`,
    country: "Kenya",
    latitude: lat,
    longitude: lng,
    ...extra,
  });
}

const t = testDatabaseForFile();

beforeAll(async () => {
  // Ten places around Nairobi (they cluster at low zoom), two in Portugal, one without coordinates.
  for (let i = 0; i < 10; i++) {
    await createLocation(
      t.db,
      input(`Nairobi Garden ${i}`, -1.29 + i * 0.01, 36.82 + i * 0.01, { markerType: "farm" }),
    );
  }
  await createLocation(t.db, input("Lisbon Food Forest", 38.72, -9.14, { country: "Portugal", markerType: "school" }));
  await createLocation(t.db, input("Porto Seed School", 41.15, -8.61, { country: "Portugal" }));
  await createLocation(t.db, input("Nowhere Farm", null, null));
});

describe("cluster index", () => {
  it("indexes only located places and clusters nearby ones at low zoom", async () => {
    const store = new ClusterStore(t.db);
    const view = await store.query(WORLD, 2);
    expect(view.total).toBe(12);
    const counted = view.clusters.reduce((n, c) => n + c[2], 0) + view.points.length;
    expect(counted).toBe(12);
    const nairobi = view.clusters.find((c) => c[2] === 10);
    expect(nairobi).toBeDefined();
    // Expanding the cluster needs a deeper zoom than the one asked for.
    expect(nairobi?.[4]).toBeGreaterThan(2);
    expect(JSON.stringify(view)).not.toContain("Nowhere Farm");
  });

  it("returns single points with slug, name and marker type when zoomed in on a viewport", async () => {
    const store = new ClusterStore(t.db);
    const view = await store.query([-10, 38, -8, 42], 10);
    expect(view.clusters).toEqual([]);
    expect(view.points).toEqual([
      [-9.14, 38.72, "Lisbon-Food-Forest", "Lisbon Food Forest", "school"],
      [-8.61, 41.15, "Porto-Seed-School", "Porto Seed School", "standard"],
    ]);
  });

  it("builds a filtered index with the same filters as /locations", async () => {
    const store = new ClusterStore(t.db);
    const byCountry = await store.query(WORLD, 1, { country: "Portugal" });
    expect(byCountry.total).toBe(2);
    const byText = await store.query(WORLD, 12, { q: "seed" });
    expect(byText.points.map((p) => p[3])).toEqual(["Porto Seed School"]);
    // The unfiltered index stays intact.
    expect((await store.query(WORLD, 1)).total).toBe(12);
  });

  it("shares one build between concurrent requests", async () => {
    const store = new ClusterStore(t.db);
    await Promise.all([store.query(WORLD, 1), store.query(WORLD, 3), store.query(WORLD, 5)]);
    expect(store.builds).toBe(1);
  });

  it("rebuilds after a locations content-change notification on the bus", async () => {
    const store = getClusterStore(t);
    expect((await store.query(WORLD, 1)).total).toBe(12);
    const id = await createLocation(t.db, input("Cape Town Commons", -33.92, 18.42, { country: "South Africa" }));
    // Without a notification the cached index is still served.
    expect((await store.query(WORLD, 1)).total).toBe(12);
    await notifyContentChanged(t, "locations");
    // On Postgres the notification arrives asynchronously (LISTEN/NOTIFY), as it would on another instance.
    await expect.poll(async () => (await store.query([17, -35, 20, -32], 12)).total, { timeout: 5000 }).toBe(13);
    const after = await store.query([17, -35, 20, -32], 12);
    expect(after.points.map((p) => p[3])).toEqual(["Cape Town Commons"]);
    // A move also shows up after the next notification, including in filtered views.
    expect((await store.query(WORLD, 1, { country: "Portugal" })).total).toBe(2);
    await updateLocation(t.db, id, { latitude: 38.7, longitude: -9.1, country: "Portugal" });
    expect((await store.query(WORLD, 1, { country: "Portugal" })).total).toBe(2);
    await notifyContentChanged(t, "locations");
    await expect
      .poll(async () => (await store.query(WORLD, 1, { country: "Portugal" })).total, { timeout: 5000 })
      .toBe(3);
    // Other entities leave the index alone.
    const builds = store.builds;
    await notifyContentChanged(t, "programs");
    await new Promise((r) => setTimeout(r, 300));
    await store.query(WORLD, 1);
    expect(store.builds).toBe(builds);
    expect(getClusterStore(t)).toBe(store);
  });

  it("keeps answering from the previous index while a new one is built, then switches to it", async () => {
    const store = new ClusterStore(t.db, { freshWaitMs: 50 });
    const before = (await store.query(WORLD, 1)).total;
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    // A writer holds the table: the rebuild's reads wait for it (as a long rebuild at 500,000 places would take).
    const writer = t.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE locations IN ACCESS EXCLUSIVE MODE`);
      await tx.execute(sql`INSERT INTO locations (name, country, latitude, longitude)
        VALUES ('Slow Rebuild Farm', 'Chile', -33.45, -70.66)`);
      locked();
      await gate;
    });
    await isLocked;
    store.invalidate();
    const during = await store.query(WORLD, 1);
    expect(during.total).toBe(before);
    expect(store.stats().stale).toBe(true);
    release();
    await writer;
    await expect.poll(async () => (await store.query(WORLD, 1)).total, { timeout: 5000 }).toBe(before + 1);
    expect(store.stats().stale).toBe(false);
    expect(store.stats().lastBuild?.total).toBe(before + 1);
    await t.db.execute(sql`DELETE FROM locations WHERE name = 'Slow Rebuild Farm'`);
    store.close();
  });

  it("indexes 6,000 places read in pages and answers a viewport with a small payload", async () => {
    const big = await createTestDatabase();
    try {
      await big.db.execute(sql`
        INSERT INTO locations (name, country, latitude, longitude)
        SELECT 'Place ' || i, 'Kenya', ((i * 104729) % 15000) / 100.0 - 70, ((i * 7919) % 36000) / 100.0 - 180
        FROM generate_series(1::bigint, 6000) AS i`);
      // Pages of 2,500 rows: the last page is partial, and every place is read exactly once. On Postgres the worker
      // reads them itself, over its own connection.
      const store = new ClusterStore(big.db, { pageSize: 2500, postgresUrl: big.url });
      // Times are not asserted here (scripts/bench/map.ts prints them); what a viewport answers stays small.
      const view = await store.query(WORLD, 1);
      expect(view.total).toBe(6_000);
      expect(view.clusters.reduce((n, c) => n + c[2], 0) + view.points.length).toBe(6_000);
      const viewport = await store.query([-20, 30, 40, 60], 4);
      expect(viewport.clusters.length + viewport.points.length).toBeGreaterThan(0);
      expect(JSON.stringify(viewport).length).toBeLessThan(50_000);
      store.close();
    } finally {
      await big.destroy();
    }
  });
});

describe("map snapshot", () => {
  it("links the view's outline image and carries the view's clusters, not the outline itself", async () => {
    const view = { center: { lng: 10, lat: 20 }, zoom: 1, width: 1024, height: 512 };
    const snap = await mapSnapshot(new ClusterStore(t.db), view);
    expect(snap.outline).toBe(`/api/map/outline?lat=20&lng=10&zoom=1&width=1024&height=512&v=${basemapVersion()}`);
    expect(JSON.stringify(snap).length).toBeLessThan(5_000);
    expect(snap.clusters.length + snap.points.length).toBeGreaterThan(0);
  });

  it("rounds the view as its outline URL does, so image and clusters line up", async () => {
    const view = { center: { lng: -9.123456789, lat: 38.987654321 }, zoom: 6.123456, width: 1024, height: 512 };
    const snap = await mapSnapshot(new ClusterStore(t.db), view);
    expect(snap.view).toEqual({ center: { lng: -9.123457, lat: 38.987654 }, zoom: 6.1235, width: 1024, height: 512 });
    expect(snap.outline).toContain("lat=38.987654&lng=-9.123457&zoom=6.1235&");
  });

  it("draws less outline for a view zoomed on one country than for the world", () => {
    const world = basemapPaths({ center: { lng: 10, lat: 20 }, zoom: 1, width: 1024, height: 512 });
    expect(world.land.startsWith("M")).toBe(true);
    expect(world.borders.length).toBeGreaterThan(100);
    const lisbon = basemapPaths({ center: { lng: -9, lat: 39 }, zoom: 6, width: 320, height: 200 });
    expect(lisbon.land.length).toBeLessThan(world.land.length);
  });
});

describe("request validation", () => {
  it("accepts a bbox and zoom", () => {
    expect(ClustersQuerySchema.parse({ bbox: "-10,30,40,60", zoom: "3.5" })).toEqual({
      bbox: [-10, 30, 40, 60],
      zoom: 3.5,
    });
    // A view that wraps past the antimeridian.
    expect(BBoxSchema.parse("170,-20,190,10")).toEqual([170, -20, 190, 10]);
  });

  it.each([
    ["missing", undefined, "bbox is required"],
    ["three numbers", "1,2,3", "four numbers"],
    ["text", "a,b,c,d", "four numbers"],
    ["south above north", "0,50,10,40", "south must not be greater than north"],
    ["latitude out of range", "0,-95,10,40", "latitudes must be between -90 and 90"],
    ["west east swapped", "20,0,10,10", "west must not be greater than east"],
  ])("rejects a bbox that is %s", (_label, bbox, message) => {
    const r = ClustersQuerySchema.safeParse({ bbox, zoom: "2" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message).join(" ")).toContain(message);
  });

  it.each([["-1"], ["25"], ["abc"], ["Infinity"]])("rejects zoom %s", (zoom) => {
    const r = ClustersQuerySchema.safeParse({ bbox: "0,0,1,1", zoom });
    expect(r.success).toBe(false);
  });

  it("parses a shareable map position and ignores half positions or junk", () => {
    expect(parseMapPosition(new URLSearchParams("lat=38.7&lng=-9.1&zoom=8"))).toEqual({
      lat: 38.7,
      lng: -9.1,
      zoom: 8,
    });
    expect(parseMapPosition(new URLSearchParams("lat=38.7&zoom=4"))).toEqual({ zoom: 4 });
    expect(parseMapPosition(new URLSearchParams("lat=999&lng=abc&zoom=-3"))).toEqual({ zoom: undefined });
  });
});
