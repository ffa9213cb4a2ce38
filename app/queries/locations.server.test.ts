import { describe, expect, it } from "vitest";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { locationInput } from "~tests/helpers/location-input";
import {
  createLocation,
  deleteLocation,
  findLocationNameClash,
  getLocationById,
  getLocationPage,
  type LocationInput,
  searchLocations,
  updateLocation,
} from "./locations.server";
import { loadReferenceData } from "./reference.server";

const t = testDatabaseForFile();

function input(name: string, extra: Partial<LocationInput> = {}): LocationInput {
  return locationInput(name, {
    shortDescription: `${name} in short`,
    longDescription: "Long text",
    website: "https://example.org",
    country: "Kenya",
    latitude: -1.29,
    longitude: 36.82,
    ...extra,
  });
}

describe("locations query module", () => {
  it("creates a location, returns its id and sets both timestamps", async () => {
    const before = Date.now();
    const id = await createLocation(t.db, input("Green Valley Farm"));
    const row = await getLocationById(t.db, id);
    expect(row?.name).toBe("Green Valley Farm");
    expect(row?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row?.updatedAt.getTime()).toBe(row?.createdAt.getTime());
    expect(row?.markerType).toBe("standard");
  });

  it("finds a location by slug, hyphens standing for spaces", async () => {
    const row = await getLocationPage(t.db, "Green-Valley-Farm", { includeUnpublished: true });
    expect(row?.name).toBe("Green Valley Farm");
    expect(await getLocationPage(t.db, "No-Such-Place", { includeUnpublished: true })).toBeNull();
    expect(await getLocationPage(t.db, "x".repeat(5000), { includeUnpublished: true })).toBeNull();
  });

  it("finds a name that itself contains a hyphen through its stored slug", async () => {
    await createLocation(t.db, input("Saint-Denis Garden"));
    const row = await getLocationPage(t.db, "Saint-Denis-Garden", { includeUnpublished: true });
    expect(row?.name).toBe("Saint-Denis Garden");
  });

  it("refuses a second location whose name maps to the same slug", async () => {
    await expect(createLocation(t.db, input("Green Valley Farm"))).rejects.toThrow();
    await expect(createLocation(t.db, input("Green-Valley Farm"))).rejects.toThrow();
    expect(await findLocationNameClash(t.db, "Green Valley Farm")).toMatchObject({ name: "Green Valley Farm" });
    expect(await findLocationNameClash(t.db, "Green-Valley-Farm")).toMatchObject({ name: "Green Valley Farm" });
    expect(await findLocationNameClash(t.db, "Brand New Place")).toBeNull();
  });

  it("updates by id and refreshes updatedAt only", async () => {
    const id = await createLocation(t.db, input("Update Me"));
    const before = await getLocationById(t.db, id);
    await new Promise((r) => setTimeout(r, 15));
    expect(await updateLocation(t.db, id, { shortDescription: "changed" })).toBe(true);
    const after = await getLocationById(t.db, id);
    expect(after?.shortDescription).toBe("changed");
    expect(after?.createdAt.getTime()).toBe(before?.createdAt.getTime());
    expect(after?.updatedAt.getTime()).toBeGreaterThan(before?.updatedAt.getTime() ?? 0);
    // Staff saving an entry have looked at it: it counts as checked now (shown as "Last checked" on its page).
    expect(after?.checkedAt.getTime()).toBeGreaterThan(before?.checkedAt.getTime() ?? 0);
    expect(after?.checkedAt.getTime()).toBe(after?.updatedAt.getTime());
    expect(await updateLocation(t.db, "00000000-0000-4000-8000-000000000000", { name: "x" })).toBe(false);
    expect(await updateLocation(t.db, "not-a-uuid", { name: "x" })).toBe(false);
  });

  it("deletes by id", async () => {
    const id = await createLocation(t.db, input("Delete Me"));
    expect(await deleteLocation(t.db, id)).toBe(true);
    expect(await getLocationById(t.db, id)).toBeNull();
    expect(await deleteLocation(t.db, id)).toBe(false);
  });

  it("searches with filters and paginates, with an empty result for nonsense input", async () => {
    const ref = await loadReferenceData(t.db);
    const region = ref.regions.find((r) => r.name === "Africa");
    if (!region) throw new Error("reference data missing");
    const regionId = region.id;
    await createLocation(t.db, input("Zebra Ridge"));
    await createLocation(t.db, input("Shown Place", { regionId, regionName: region.name }));
    const all = await searchLocations(t.db, {}, { limit: 2, offset: 0 });
    expect(all.rows).toHaveLength(2);
    expect(all.total).toBeGreaterThan(2);
    const africa = await searchLocations(t.db, { regionId }, { limit: 50, offset: 0 });
    expect(africa.rows.map((r) => r.name)).toEqual(["Shown Place"]);
    const q = await searchLocations(t.db, { q: "zebra" }, { limit: 50, offset: 0 });
    expect(q.rows.map((r) => r.name)).toEqual(["Zebra Ridge"]);
    const weird = await searchLocations(t.db, { q: "' OR 1=1--%_" }, { limit: 50, offset: 0 });
    expect(weird.total).toBe(0);
  });
});
