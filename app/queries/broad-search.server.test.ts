// Searches that match more entries than are counted (decision 021): a word in every name costs what a word in a
// thousand does, the page says "1,000+", and the entry named as typed still comes first.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { formatCount } from "../lib/numbers";
import { SEARCH_COUNT_CAP } from "../lib/search-query";
import { locationFacetCounts, searchLocations } from "./locations.server";
import { searchEverything } from "./search.server";

const MANY = SEARCH_COUNT_CAP + 150;

const t = testDatabaseForFile();

beforeAll(async () => {
  // Many places with "grove" in their names (in Kenya and Peru), inserted first so the index hands them out first.
  await t.db.execute(sql`
    INSERT INTO locations (name, country, short_description, long_description, region_name, focus_areas)
    SELECT 'Hillside Grove ' || lpad(i::text, 5, '0'), CASE WHEN i % 2 = 0 THEN 'Kenya' ELSE 'Peru' END,
      'Terraces and a food forest.', '', '', '{}'::uuid[]
    FROM generate_series(1, ${MANY}) AS i`);
  // Named exactly as a visitor will type it, and added last.
  await t.db.execute(sql`
    INSERT INTO locations (name, country, short_description, long_description, region_name, focus_areas)
    VALUES ('Grove', 'Chile', 'A small nursery.', '', '', '{}'::uuid[]),
           ('Lonely Orchard', 'Chile', 'Apples beside a grove of oaks.', '', '', '{}'::uuid[])`);
}, 120_000);

describe("a word that matches more places than are counted", () => {
  it("says 1,000+ on /locations and still lists the place named exactly as typed first", async () => {
    const result = await searchLocations(t.db, { q: "grove" }, { limit: 20, offset: 0, capped: true });
    expect(result.capped).toBe(true);
    expect(result.total).toBe(SEARCH_COUNT_CAP);
    expect(formatCount(result.total, result.capped)).toBe("1,000+");
    expect(result.rows).toHaveLength(20);
    expect(result.rows[0]?.name).toBe("Grove");
    // Names matching come before a place that has the word only in its description.
    expect(result.rows.map((r) => r.name)).not.toContain("Lonely Orchard");
    // Every page up to the cap is full.
    const last = await searchLocations(
      t.db,
      { q: "grove" },
      { limit: 20, offset: SEARCH_COUNT_CAP - 20, capped: true },
    );
    expect(last.rows).toHaveLength(20);
  });

  it("is counted exactly when fewer places match, and staff lists always count exactly", async () => {
    const narrow = await searchLocations(
      t.db,
      { q: "grove", country: "Chile" },
      { limit: 20, offset: 0, capped: true },
    );
    expect(narrow).toMatchObject({ total: 2, capped: false });
    expect(narrow.rows.map((r) => r.name)).toEqual(["Grove", "Lonely Orchard"]);
    const staff = await searchLocations(t.db, { q: "grove" }, { limit: 20, offset: 0, sort: "name" });
    expect(staff).toMatchObject({ total: MANY + 2, capped: false });
  });

  it("leaves out the counts of a filter dimension that would need more than the cap, keeps the others", async () => {
    const broad = await locationFacetCounts(t.db, { q: "grove" });
    expect(broad.country).toBeNull();
    // Choosing Chile: the country counts still see every country (too many), the others only Chile's two places.
    const chile = await locationFacetCounts(t.db, { q: "grove", country: "Chile" });
    expect(chile.country).toBeNull();
    expect(chile.region).not.toBeNull();
    const narrow = await locationFacetCounts(t.db, { q: "orchard" });
    expect(narrow.country?.get("Chile")).toBe(1);
  });

  it("says 1,000+ in the site search and puts the exact name first", async () => {
    const outcome = await searchEverything(t.db, "grove");
    if (outcome.status !== "ok") throw new Error("no search");
    const places = outcome.groups.find((g) => g.kind === "location");
    expect(places).toMatchObject({ total: SEARCH_COUNT_CAP, capped: true });
    expect(places?.hits[0]?.name).toBe("Grove");
    const few = await searchEverything(t.db, "orchard");
    if (few.status !== "ok") throw new Error("no search");
    expect(few.groups.find((g) => g.kind === "location")).toMatchObject({ total: 1, capped: false });
  });
});
