// Synthetic locations for performance work, N at a time: `npm run seed:scale -- --locations 50000`
// (scripts/seed-scale.ts) runs this on the configured database.
import { count, sql } from "drizzle-orm";
import { type Database, type DatabaseHandle, rowsOf } from "../client";
import { focusAreas, locations, regions, subRegions } from "../schema";
import { DEMO_LOCATIONS } from "./demo-data";
import { seedReferenceData } from "./seed";

const BATCH = 1000;
/** From this many new places, the search indexes are dropped for the load and built again after it. */
const BULK = 20_000;
/** The indexes that row-by-row loading keeps paying for: full text, trigrams, exact names, the word list. */
const SEARCH_INDEXES = [
  "locations_search_idx",
  "locations_search_name_trgm_idx",
  "locations_search_name_idx",
  "search_lexicon_trgm_idx",
];

/** Drops the search indexes and returns the statements that create them again. */
async function dropSearchIndexes(db: Database): Promise<string[]> {
  const result = await db.execute(
    sql`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND indexname IN (${sql.join(
      SEARCH_INDEXES.map((name) => sql`${name}`),
      sql`, `,
    )})`,
  );
  const rows = rowsOf<{ indexname: string; indexdef: string }>(result);
  for (const r of rows) await db.execute(sql.raw(`DROP INDEX IF EXISTS "${r.indexname}"`));
  return rows.map((r) => r.indexdef);
}
const WORDS = ["Meadow", "Orchard", "Grove", "Terrace", "Commons", "Garden", "Farm", "Hollow", "Ridge", "Spring"];

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Migrates the database, seeds its reference data and adds `n` synthetic locations, reporting progress on stdout. */
export async function seedScale(handle: DatabaseHandle, n: number): Promise<void> {
  await handle.migrate();
  await seedReferenceData(handle.db);
  const db = handle.db;
  const regionRows = await db.select().from(regions);
  const subRows = await db.select().from(subRegions);
  const faRows = await db.select({ id: focusAreas.id }).from(focusAreas);
  const regionByKey = new Map(regionRows.map((r) => [r.key, r]));
  const [{ n: before } = { n: 0 }] = await db.select({ n: count() }).from(locations);
  const [{ max } = { max: 0 }] = await db
    .select({
      max: sql<number>`coalesce(max(nullif(regexp_replace(name, '^Synthetic Site (\\d+).*$', '\\1'), name)::int), 0)`,
    })
    .from(locations);
  const rand = mulberry32(before + 7);
  const started = Date.now();
  const add = async () => {
    for (let done = 0; done < n; done += BATCH) {
      const rows = [];
      for (let i = done; i < Math.min(n, done + BATCH); i++) {
        // Jitter around a real demo place so points fall on (mostly) the same land masses.
        const base = DEMO_LOCATIONS[Math.floor(rand() * DEMO_LOCATIONS.length)] ?? DEMO_LOCATIONS[0];
        if (!base) throw new Error("no demo locations");
        const region = regionByKey.get(base.region);
        const subs = subRows.filter((s) => s.regionId === region?.id);
        const number = Number(max) + i + 1;
        const word = WORDS[number % WORDS.length];
        const fa = faRows[Math.floor(rand() * faRows.length)]?.id;
        rows.push({
          name: `Synthetic Site ${String(number).padStart(7, "0")} ${word}`,
          shortDescription: `A synthetic ${word?.toLowerCase()} near ${base.contactCity} for performance testing.`,
          longDescription: "Generated for performance work.",
          country: base.country,
          regionName: region?.name ?? "",
          regionId: region?.id ?? null,
          subRegionId: subs.length ? (subs[Math.floor(rand() * subs.length)]?.id ?? null) : null,
          contactCity: base.contactCity,
          focusAreas: fa ? [fa] : [],
          latitude: Math.max(-85, Math.min(85, base.latitude + (rand() - 0.5) * 3)),
          longitude: ((base.longitude + (rand() - 0.5) * 3 + 540) % 360) - 180,
          markerType: base.markerType,
        });
      }
      await db.insert(locations).values(rows);
      process.stdout.write(`\r${Math.min(n, done + BATCH)} / ${n} locations`);
    }
  };
  // A large load goes in without the text-search indexes, which are then built once from all the rows: kept
  // up to date row by row, they made the embedded database slow to ~200 rows/s past 50,000 places. Their
  // definitions are read from the database, so they come back exactly as the migrations made them (also when
  // the load fails half-way).
  const rebuilt = n >= BULK ? await dropSearchIndexes(db) : [];
  try {
    await add();
  } finally {
    if (rebuilt.length > 0) process.stdout.write("\nBuilding the search indexes…");
    for (const definition of rebuilt) await db.execute(sql.raw(definition));
  }
  // Fresh statistics, so the planner uses the search indexes (the embedded database has no autovacuum).
  await db.execute(sql`ANALYZE locations`);
  await db.execute(sql`ANALYZE search_lexicon`);
  const [{ n: after } = { n: 0 }] = await db.select({ n: count() }).from(locations);
  process.stdout.write(
    `\nAdded ${after - before} locations in ${((Date.now() - started) / 1000).toFixed(1)} s (now ${after}).\n`,
  );
}
