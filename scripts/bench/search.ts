// Search timings: the server-side time of a two-word search, a typo search (corrected), a suggestion request, a
// whole /search result and searches in the site's other languages (a country, a focus area and a kind named in
// Spanish or German, decision 055), p50/p95 over repeated runs; then the size of the full-text index and what a
// renamed translation of a focus area costs (and what rewriting every entry that has it would cost instead). On
// the embedded database with 50,000 synthetic locations (a prepared BENCH_SEARCH_DATA_DIR, or seeded here, about
// 40 s), and on Postgres with 500,000 when BENCH_SEARCH_DATABASE_URL names a database to fill (seeded once: an
// existing 500,000 is reused). Prints figures; asserts nothing.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { searchLocations } from "~/queries/locations.server";
import { searchEverything, suggestNames } from "~/queries/search.server";
import { type DatabaseHandle, openPglite, openPostgres, rowsOf } from "~db/client";
import { focusAreas, locations } from "~db/schema";

const RUNS = Number(process.env.BENCH_ROUNDS ?? 40);

function seed(env: Record<string, string>, n: number) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed-scale.ts", "--locations", String(n)], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (r.status !== 0) throw new Error(`seed:scale failed (${r.status})`);
}

async function percentiles(fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 5; i++) await fn();
  const xs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    xs.push(performance.now() - t);
  }
  xs.sort((a, b) => a - b);
  return { p50: xs[Math.floor(RUNS / 2)] ?? 0, p95: xs[Math.min(RUNS - 1, Math.floor(RUNS * 0.95))] ?? 0 };
}

async function measure(handle: DatabaseHandle) {
  const db = handle.db;
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(locations);
  const rows = [
    ["two-word search (/locations)", () => searchLocations(db, { q: "meadow nakuru" }, { limit: 24, offset: 0 })],
    ["typo search, corrected (/search)", () => searchEverything(db, "medow nakuru")],
    ["suggestions (3 letters typed)", () => suggestNames(db, "mea")],
    ["suggestions (a name being typed)", () => suggestNames(db, "synthetic site 00123")],
    ["/search, two words, every kind", () => searchEverything(db, "orchard aljezur")],
    ["/search in German, a country (Brasilien)", () => searchEverything(db, "Brasilien", { lang: "de" })],
    [
      "/search in Spanish, a focus area (Gestión del agua)",
      () => searchEverything(db, "Gestión del agua", { lang: "es" }),
    ],
    ["/search in Spanish, a kind of place (escuela)", () => searchEverything(db, "escuela", { lang: "es" })],
    [
      "/locations in Spanish, a country and a word (kenia meadow)",
      () => searchLocations(db, { q: "kenia meadow", lang: "es" }, { limit: 24, offset: 0, capped: true }),
    ],
    [
      "typo beside a country, offered not applied (kenia medow)",
      () => searchEverything(db, "kenia medow", { lang: "es" }),
    ],
  ] as const;
  const out: { label: string; p50: number; p95: number }[] = [];
  for (const [label, fn] of rows) out.push({ label, ...(await percentiles(fn)) });
  return { locations: n, out, index: await indexFigures(handle), rename: await renameFigures(handle) };
}

/** The full-text index and the vectors it is built from, and the names search knows. */
async function indexFigures(handle: DatabaseHandle) {
  const [row] = rowsOf(
    await handle.db.execute(sql`SELECT pg_size_pretty(pg_relation_size('locations_search_idx')) AS index,
      pg_size_pretty(pg_total_relation_size('locations')) AS "table",
      (SELECT avg(pg_column_size(search_vector))::int FROM locations) AS vector,
      (SELECT count(*) FROM search_names)::int AS names,
      (SELECT count(*) FROM search_lexicon)::int AS lexicon`),
  );
  return row ?? {};
}

/**
 * A focus area's Spanish name changed as on Admin → Names: the time of the save, and of the first search for the new
 * name. Then, for comparison, what keeping the names in every entry's vector would cost: every entry with that focus
 * area written again (measured in a transaction that is rolled back).
 */
async function renameFigures(handle: DatabaseHandle) {
  const db = handle.db;
  const [area] = rowsOf(
    await db.execute(sql`SELECT f.id, f.translations, (SELECT count(*) FROM locations l WHERE l.focus_areas @> ARRAY[f.id])::int AS places
      FROM focus_areas f ORDER BY places DESC LIMIT 1`),
  );
  if (!area) return null;
  const id = String(area.id);
  const before = area.translations as Record<string, string>;
  let t = performance.now();
  await db
    .update(focusAreas)
    .set({ translations: { ...before, es: "Nombre de prueba renombrado" } })
    .where(eq(focusAreas.id, id));
  const save = performance.now() - t;
  t = performance.now();
  const found = await searchEverything(db, "prueba renombrado", { kinds: ["location"], lang: "es" });
  const search = performance.now() - t;
  await db.update(focusAreas).set({ translations: before }).where(eq(focusAreas.id, id));
  t = performance.now();
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`UPDATE locations SET name = name WHERE focus_areas @> ARRAY[${id}]::uuid[]`);
      throw new Error("rolled back");
    })
    .catch(() => {});
  const rewrite = performance.now() - t;
  const total = found.status === "ok" ? (found.groups[0]?.total ?? 0) : 0;
  return { places: Number(area.places), found: total, save, search, rewrite };
}

function print(title: string, result: Awaited<ReturnType<typeof measure>>, bars: string) {
  console.log(`\n${title}: ${result.locations.toLocaleString("en")} locations, ${RUNS} runs each. ${bars}`);
  console.log("| query | p50 ms | p95 ms |");
  console.log("| --- | ---: | ---: |");
  for (const r of result.out) console.log(`| ${r.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`);
  const i = result.index as Record<string, unknown>;
  console.log(
    `Full-text index ${i.index}, locations table with its indexes ${i.table}, ${i.vector} bytes per vector on average; ` +
      `${i.names} names known in five languages, ${i.lexicon} words in the lexicon.`,
  );
  const r = result.rename;
  if (r)
    console.log(
      `A focus area's Spanish name renamed (${r.places.toLocaleString("en")} places have it): saved in ${r.save.toFixed(1)} ms, ` +
        `the new name found ${r.found >= 1000 ? "1,000+" : r.found} places ${r.search.toFixed(1)} ms later. Writing again every ` +
        `entry that has it, as names kept in each vector would need: ${(r.rewrite / 1000).toFixed(1)} s.`,
    );
}

const prepared = process.env.BENCH_SEARCH_DATA_DIR;
const dataDir = prepared ?? fs.mkdtempSync(path.join(os.tmpdir(), "bench-search-"));
// BENCH_SEARCH_EMBEDDED=0 measures Postgres only.
if (process.env.BENCH_SEARCH_EMBEDDED !== "0")
  try {
    if (!prepared) seed({ DATA_DIR: dataDir, DATABASE_URL: "" }, 50_000);
    const handle = await openPglite(path.join(dataDir, "pglite"));
    try {
      print(
        "Embedded database",
        await measure(handle),
        "Bars: searches p95 ≤ 90 ms, suggestions ≤ 45 ms (3× the Postgres bars).",
      );
    } finally {
      await handle.close();
    }
  } finally {
    if (!prepared) fs.rmSync(dataDir, { recursive: true, force: true });
  }

const pgUrl = process.env.BENCH_SEARCH_DATABASE_URL;
if (pgUrl) {
  let handle = await openPostgres(pgUrl);
  const [{ n } = { n: 0 }] = await handle.db
    .select({ n: count() })
    .from(locations)
    .catch(() => [{ n: 0 }]);
  if (n < 500_000) {
    await handle.close();
    seed({ DATABASE_URL: pgUrl }, 500_000 - n);
    handle = await openPostgres(pgUrl);
  }
  try {
    print("Postgres", await measure(handle), "Bars: searches p95 ≤ 30 ms, suggestions ≤ 15 ms.");
  } finally {
    await handle.close();
  }
} else {
  console.log("\n(Postgres at 500,000: set BENCH_SEARCH_DATABASE_URL to a database the benchmark may fill.)");
}
