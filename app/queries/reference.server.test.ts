import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { regions, subRegions } from "~db/schema";
import { seedReferenceData } from "~db/seed/seed";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { allSubcategories, PROJECT_CATEGORIES } from "../lib/taxonomy";
import { listFocusAreas, listRegions, listSubRegions, updateNameTranslations } from "./reference.server";

const t = testDatabaseForFile();

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

describe("reference data", () => {
  it("has the six regions, ordered by name, each with a description", async () => {
    const regions = await listRegions(t.db);
    expect(regions.map((r) => r.name)).toEqual([
      "Africa",
      "Asia",
      "Europe",
      "North America",
      "Oceania",
      "South America",
    ]);
    for (const r of regions) expect(r.description.length).toBeGreaterThan(20);
  });

  it("has every subcategory of the taxonomy (24 subcategories) as focus areas, ordered by name", async () => {
    const areas = await listFocusAreas(t.db);
    expect(allSubcategories()).toHaveLength(24);
    expect(PROJECT_CATEGORIES).toHaveLength(6);
    expect(areas.map((a) => a.name).sort()).toEqual(
      allSubcategories()
        .map((s) => s.name)
        .sort(),
    );
    expect(areas).toEqual([...areas].sort(byName));
  });

  it("seeding reference data twice changes nothing", async () => {
    await seedReferenceData(t.db);
    expect(await listRegions(t.db)).toHaveLength(6);
    expect(await listFocusAreas(t.db)).toHaveLength(24);
  });

  it("reads sub-regions ordered by name", async () => {
    const [africa, asia] = await listRegions(t.db);
    if (!africa || !asia) throw new Error("regions missing");
    await t.db.insert(subRegions).values([
      { name: "West Africa", description: "", regionId: africa.id },
      { name: "East Africa", description: "", regionId: africa.id },
      { name: "Southeast Asia", description: "", regionId: asia.id },
    ]);
    expect((await listSubRegions(t.db)).map((s) => s.name)).toEqual(["East Africa", "Southeast Asia", "West Africa"]);
  });

  it("gives every built-in name its translations, keeps staff's, and fills those of a database from before them", async () => {
    const europe = (await listRegions(t.db)).find((r) => r.key === "Europe");
    expect(europe?.translations).toEqual({ es: "Europa", pt: "Europa", fr: "Europe", de: "Europa" });
    expect((await listFocusAreas(t.db)).every((f) => Object.keys(f.translations).length === 4)).toBe(true);
    // Staff's own translation stays; a row as an older release left it (no translations) gets the built-in ones.
    const soil = (await listFocusAreas(t.db)).find((f) => f.name === "Soil Health");
    if (!soil || !europe) throw new Error("reference data missing");
    expect(await updateNameTranslations(t.db, "focusArea", soil.id, { de: "Bodenleben" })).toBe(true);
    await t.db.update(regions).set({ translations: {} }).where(eq(regions.id, europe.id));
    await t.db.execute(sql`update ${subRegions} set translations = '{}'::jsonb`);
    await seedReferenceData(t.db);
    expect((await listFocusAreas(t.db)).find((f) => f.id === soil.id)).toMatchObject({
      translations: { de: "Bodenleben" },
    });
    expect((await listRegions(t.db)).find((r) => r.id === europe.id)?.translations.de).toBe("Europa");
    expect((await listSubRegions(t.db)).find((s) => s.name === "West Africa")?.translations.fr).toBe(
      "Afrique de l’Ouest",
    );
    expect(await updateNameTranslations(t.db, "region", "00000000-0000-4000-8000-000000000000", {})).toBe(false);
  });
});
