import { describe, expect, it } from "vitest";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { createLocation, getLocationPage } from "./locations.server";
import { createProgram } from "./programs.server";
import { loadReferenceData } from "./reference.server";

const t = testDatabaseForFile();

describe(`a location's page data (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("comes in one read: region, sub-region, focus-area names in order, and programs soonest first", async () => {
    const ref = await loadReferenceData(t.db);
    const region = ref.regions.find((r) => r.key === "Europe");
    const sub = ref.subRegions.find((s) => s.regionId === region?.id);
    const [fa1, fa2] = ref.focusAreas;
    const id = await createLocation(t.db, {
      name: "Page Test Farm",
      shortDescription: "Short",
      longDescription: "Long",
      originalImageUrl: null,
      webpImageUrl: null,
      website: null,
      country: "Portugal",
      regionName: region?.name ?? "",
      regionId: region?.id ?? null,
      subRegionId: sub?.id ?? null,
      contactEmail: null,
      contactPhone: null,
      contactAddress: null,
      contactCity: "Aljezur",
      contactState: null,
      contactZipCode: null,
      focusAreas: [fa2?.id ?? "", fa1?.id ?? ""],
      latitude: 37.3,
      longitude: -8.8,
    });
    await createProgram(t.db, {
      name: "Later Course",
      summary: "",
      description: "",
      format: "online",
      currency: "EUR",
      locationId: id,
      startDate: "2027-09-01",
    });
    await createProgram(t.db, {
      name: "Sooner Course",
      summary: "",
      description: "",
      format: "hybrid",
      currency: "EUR",
      locationId: id,
      startDate: "2027-03-01",
      priceCents: 5000,
    });

    const page = await getLocationPage(t.db, "Page-Test-Farm");
    expect(page).toMatchObject({
      name: "Page Test Farm",
      region: { name: "Europe", key: "Europe" },
      subRegion: sub ? { id: sub.id, name: sub.name } : null,
      focus: [
        { id: fa2?.id, name: fa2?.name },
        { id: fa1?.id, name: fa1?.name },
      ],
      markerType: "standard",
    });
    expect(page?.programs.map((p) => [p.name, p.startDate, p.format, p.priceCents])).toEqual([
      ["Sooner Course", "2027-03-01", "hybrid", 5000],
      ["Later Course", "2027-09-01", "online", null],
    ]);
    expect(await getLocationPage(t.db, "No-Such-Place")).toBeNull();
    expect(await getLocationPage(t.db, "x".repeat(500))).toBeNull();
  });
});
