import { beforeAll, describe, expect, it } from "vitest";
import { createLocation } from "~/queries/locations.server";
import { basemapVersion } from "~/services/map/basemap.server";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { locationInput } from "~tests/helpers/location-input";
import { publicContext, routeCalls } from "~tests/helpers/route-calls";
import { loader } from "./map-clusters";

const t = testDatabaseForFile();

beforeAll(async () => {
  for (const [name, lat, lng, country] of [
    ["Tagus Valley Farm", 38.9, -8.9, "Portugal"],
    ["Douro Terraces", 41.1, -7.8, "Portugal"],
    ["Rift Valley School", -0.5, 36.1, "Kenya"],
  ] as const) {
    await createLocation(t.db, locationInput(name, { country, latitude: lat, longitude: lng }));
  }
});

function call(query: string): Promise<Response> {
  return loader(routeCalls(publicContext({ db: t.db, bus: t.bus })).get(`http://localhost/api/map/clusters?${query}`));
}

describe("GET /api/map/clusters", () => {
  it("returns the compact clusters and points of a viewport, cacheable", async () => {
    const res = await call("bbox=-180,-85,180,85&zoom=12");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+/);
    const body = (await res.json()) as { clusters: unknown[]; points: unknown[][]; total: number; zoom: number };
    expect(body.total).toBe(3);
    expect(body.clusters).toEqual([]);
    expect(body.points.map((p) => p[3])).toEqual(["Douro Terraces", "Rift Valley School", "Tagus Valley Farm"]);
    expect(body.points[0]).toEqual([-7.8, 41.1, "Douro-Terraces", "Douro Terraces", "standard"]);
  });

  it("applies the /locations filters", async () => {
    const res = await call("bbox=-180,-85,180,85&zoom=12&country=Kenya");
    const body = (await res.json()) as { points: unknown[][]; total: number };
    expect(body.total).toBe(1);
    expect(body.points[0]?.[3]).toBe("Rift Valley School");
  });

  it.each([
    ["", "bbox is required"],
    ["bbox=1,2,3&zoom=2", "bbox must be four numbers"],
    ["bbox=0,0,10,10", "zoom must be a number"],
    ["bbox=0,0,10,10&zoom=30", "zoom must be between 0 and 24"],
    ["bbox=0,60,10,10&zoom=3", "south must not be greater than north"],
    ["basemap=png", "basemap must be 1 (GeoJSON) or svg"],
    ["basemap=svg&lat=100&lng=0&zoom=3", "basemap=svg needs"],
  ])("answers %s with a 400 and a clear message", async (query, message) => {
    const res = await call(query);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toContain(message);
  });

  it("serves the offline basemap as GeoJSON, and sends the old SVG basemap URL to the outline image", async () => {
    const geo = await call("basemap=1");
    expect(geo.headers.get("Content-Type")).toContain("application/geo+json");
    const fc = (await geo.json()) as { features: { properties: { kind: string } }[] };
    expect(fc.features.map((f) => f.properties.kind)).toEqual(["land", "border"]);
    const svg = await call("basemap=svg&lat=39&lng=-9&zoom=3&width=320&height=200");
    expect(svg.status).toBe(301);
    expect(svg.headers.get("Location")).toBe(
      `/api/map/outline?lat=39&lng=-9&zoom=3&width=320&height=200&v=${basemapVersion()}`,
    );
  });
});
