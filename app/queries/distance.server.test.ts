import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { locationInput } from "~tests/helpers/location-input";
import { distanceKm, formatDistance } from "../lib/geo";
import { resolvePlace } from "./distance.server";
import { createLocation, nearbyLocations, searchLocations } from "./locations.server";

const BERLIN = { lat: 52.52, lng: 13.405 };

const t = testDatabaseForFile();

beforeAll(async () => {
  await createLocation(
    t.db,
    locationInput("Potsdam Garden", { country: "Germany", contactCity: "Potsdam", latitude: 52.39, longitude: 13.06 }),
  );
  await createLocation(
    t.db,
    locationInput("Leipzig Farm", { country: "Germany", contactCity: "Leipzig", latitude: 51.34, longitude: 12.37 }),
  );
  await createLocation(
    t.db,
    locationInput("Lisbon Commons", { country: "Portugal", contactCity: "Lisboa", latitude: 38.72, longitude: -9.14 }),
  );
  await createLocation(
    t.db,
    locationInput("Somewhere Unmapped", { country: "Germany", contactCity: null, latitude: null, longitude: null }),
  );
});

describe(`distance (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("sorts nearest first, with the same distance the browser-side formula gives, unmapped places last", async () => {
    const { rows } = await searchLocations(t.db, { near: BERLIN }, { limit: 10, offset: 0 });
    expect(rows.map((r) => r.name)).toEqual(["Potsdam Garden", "Leipzig Farm", "Lisbon Commons", "Somewhere Unmapped"]);
    const potsdam = rows[0];
    expect(potsdam?.distanceKm).toBeCloseTo(distanceKm(BERLIN, { lat: 52.39, lng: 13.06 }), 3);
    expect(rows[3]?.distanceKm).toBeNull();
  });

  it("keeps only places within the chosen distance", async () => {
    const { rows, total } = await searchLocations(t.db, { near: BERLIN, withinKm: 250 }, { limit: 10, offset: 0 });
    expect(rows.map((r) => r.name)).toEqual(["Potsdam Garden", "Leipzig Farm"]);
    expect(total).toBe(2);
    const near = await searchLocations(t.db, { near: BERLIN, withinKm: 50 }, { limit: 10, offset: 0 });
    expect(near.rows.map((r) => r.name)).toEqual(["Potsdam Garden"]);
  });

  it("names a place's neighbours, nearest first, itself left out, no further than asked", async () => {
    const { rows } = await searchLocations(t.db, { q: "Potsdam Garden" }, { limit: 1, offset: 0 });
    const potsdam = rows[0];
    if (!potsdam?.latitude || !potsdam.longitude) throw new Error("Potsdam Garden has no position");
    const from = { id: potsdam.id, lat: potsdam.latitude, lng: potsdam.longitude };
    // Leipzig is 150 km away (past the first 50 km ring), Lisbon 2,300 km.
    expect((await nearbyLocations(t.db, from, 4, 500)).map((n) => n.name)).toEqual(["Leipzig Farm"]);
    const far = await nearbyLocations(t.db, from, 4, 3000);
    expect(far.map((n) => n.name)).toEqual(["Leipzig Farm", "Lisbon Commons"]);
    expect(far[0]?.distanceKm).toBeCloseTo(distanceKm(from, { lat: 51.34, lng: 12.37 }), 3);
    expect(await nearbyLocations(t.db, from, 4, 50)).toEqual([]);
  });

  it("knows a place by its town (any case or accents) or by a location's name", async () => {
    expect(await resolvePlace(t.db, "LEIPZIG")).toMatchObject({ lat: 51.34, lng: 12.37, label: "Leipzig, Germany" });
    expect(await resolvePlace(t.db, "lisbon commons")).toMatchObject({ label: "Lisbon Commons" });
    expect(await resolvePlace(t.db, "Atlantis")).toBeNull();
    expect(await resolvePlace(t.db, "!!!")).toBeNull();
  });
});

describe("distances as people read them", () => {
  it("uses metres close by and whole kilometres far away", () => {
    expect(formatDistance(0.42)).toBe("400 m");
    expect(formatDistance(3.26)).toBe("3.3 km");
    expect(formatDistance(1234.6)).toBe("1,235 km");
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(111.19, 1);
  });
});
