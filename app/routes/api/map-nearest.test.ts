import { beforeAll, describe, expect, it } from "vitest";
import { distanceKm, distanceUnitFor, formatDistance } from "~/lib/geo";
import { createLocation, searchLocations, updateLocation } from "~/queries/locations.server";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { locationInput } from "~tests/helpers/location-input";
import { publicContext, routeCalls } from "~tests/helpers/route-calls";
import { loader } from "./map-nearest";

const BERLIN = { lat: 52.52, lng: 13.405 };

// Ten places spread from Berlin to Australia, and one without a position.
const PLACES = [
  ["Potsdam Garden", 52.39, 13.06, "Germany"],
  ["Spreewald Commons", 51.86, 14.03, "Germany"],
  ["Leipzig Food Forest", 51.34, 12.37, "Germany"],
  ["Hamburg Roof Farm", 53.55, 9.99, "Germany"],
  ["Szczecin Orchard", 53.43, 14.55, "Poland"],
  ["Prague Permaculture School", 50.08, 14.44, "Czechia"],
  ["Copenhagen Forest Garden", 55.68, 12.57, "Denmark"],
  ["Lisbon Commons", 38.72, -9.14, "Portugal"],
  ["Nairobi Seed Library", -1.29, 36.82, "Kenya"],
  ["Adelaide Hills Garden", -34.93, 138.6, "Australia"],
] as const;

const t = testDatabaseForFile();

beforeAll(async () => {
  for (const [name, lat, lng, country] of PLACES) {
    await createLocation(t.db, locationInput(name, { latitude: lat, longitude: lng, country }));
  }
  await createLocation(t.db, locationInput("Nowhere Yet", { country: "Germany" }));
});

function call(query: string): Promise<Response> {
  return loader(routeCalls(publicContext({ db: t.db, bus: t.bus })).get(`http://localhost/api/map/nearest?${query}`));
}

type Body = { places: { name: string; slug: string; lat: number; lng: number; distanceKm: number }[] };

describe("GET /api/map/nearest (what Near me shows)", () => {
  it("names the nearest places first, with their distances, however far the nearest ones are", async () => {
    const res = await call(`lat=${BERLIN.lat}&lng=${BERLIN.lng}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toContain("no-store");
    const { places } = (await res.json()) as Body;
    expect(places).toHaveLength(8);
    expect(places.map((p) => p.name).slice(0, 3)).toEqual(["Potsdam Garden", "Spreewald Commons", "Szczecin Orchard"]);
    const distances = places.map((p) => p.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeCloseTo(distanceKm(BERLIN, { lat: 52.39, lng: 13.06 }), 3);

    // In the middle of the Pacific the nearest places are thousands of kilometres away: still named.
    const far = (await (await call("lat=-20&lng=-140")).json()) as Body;
    expect(far.places).toHaveLength(8);
    expect(far.places[0]?.distanceKm).toBeGreaterThan(5000);
  });

  it("orders them as the search's distance sort does", async () => {
    const { places } = (await (await call(`lat=${BERLIN.lat}&lng=${BERLIN.lng}`)).json()) as Body;
    const sorted = await searchLocations(t.db, { near: BERLIN, onMap: true }, { limit: 8, offset: 0 });
    expect(places.map((p) => p.name)).toEqual(sorted.rows.map((r) => r.name));
  });

  it("keeps to the map's filters and leaves out what is not published", async () => {
    const inGermany = (await (await call(`lat=${BERLIN.lat}&lng=${BERLIN.lng}&country=Germany`)).json()) as Body;
    expect(inGermany.places.map((p) => p.name)).toEqual([
      "Potsdam Garden",
      "Spreewald Commons",
      "Leipzig Food Forest",
      "Hamburg Roof Farm",
    ]);
    const [potsdam] = await searchLocations(t.db, { q: "Potsdam" }, { limit: 1, offset: 0 }).then((r) => r.rows);
    if (!potsdam) throw new Error("the Potsdam place is missing");
    await updateLocation(t.db, potsdam.id, { status: "draft" });
    try {
      const after = (await (await call(`lat=${BERLIN.lat}&lng=${BERLIN.lng}&country=Germany`)).json()) as Body;
      expect(after.places.map((p) => p.name)).not.toContain("Potsdam Garden");
    } finally {
      await updateLocation(t.db, potsdam.id, { status: "published" });
    }
  });

  it("answers for a town of the built-in list although no place is listed there, in the page's language", async () => {
    // Issue 37: "Nearest to Berlin" said it knew no place called Berlin. No place here has Berlin as its town.
    for (const [typed, lang, label] of [
      ["Berlin", "en", "Berlin, Germany"],
      ["berlin", "de", "Berlin, Deutschland"],
      ["München", "en", "Munich, Germany"],
      ["munich", "de", "München, Deutschland"],
      ["Múnich", "es", "Múnich, Alemania"],
    ] as const) {
      const res = await call(`near=${encodeURIComponent(typed)}&lang=${lang}`);
      expect(res.status, typed).toBe(200);
      const body = (await res.json()) as Body & { origin: { lat: number; lng: number; label: string } };
      expect(body.origin.label).toBe(label);
      expect(body.places.length).toBe(8);
    }
    const berlin = (await (await call("near=Berlin")).json()) as Body & { origin: { lat: number; lng: number } };
    expect(distanceKm(berlin.origin, BERLIN)).toBeLessThan(5);
    expect(berlin.places[0]?.name).toBe("Potsdam Garden");
    // Without accents, and a town in another hemisphere.
    const sao = (await (await call("near=sao%20paulo&lang=pt")).json()) as Body & { origin: { label: string } };
    expect(sao.origin.label).toBe("São Paulo, Brasil");
    // Nothing is known by that name: 404, and no places.
    const none = await call("near=Erewhon");
    expect(none.status).toBe(404);
    expect(((await none.json()) as Body).places).toEqual([]);
  });

  it("refuses a missing or impossible position with a message", async () => {
    for (const query of ["", "lat=52.5", "lat=abc&lng=13", "lat=91&lng=0", "lat=0&lng=181"]) {
      const res = await call(query);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/lat between -90 and 90/);
    }
  });
});

describe("distances in the visitor's unit", () => {
  it("reads miles where people do, kilometres elsewhere", () => {
    expect(distanceUnitFor("en-US")).toBe("mi");
    expect(distanceUnitFor("en-GB")).toBe("mi");
    expect(distanceUnitFor("en")).toBe("mi");
    expect(distanceUnitFor("de-DE")).toBe("km");
    expect(distanceUnitFor("es")).toBe("km");
    expect(distanceUnitFor("en-AU")).toBe("km");
    expect(distanceUnitFor("not a tag")).toBe("km");
    expect(formatDistance(12.07, "mi")).toBe("7.5 mi");
    expect(formatDistance(1249, "mi")).toBe("776 mi");
    expect(formatDistance(0.05, "mi")).toBe("0.1 mi");
    expect(formatDistance(3.26, "km", "de")).toBe("3,3 km");
  });
});
