// Search timings: the server-side time of a two-word search, a typo search (corrected), a suggestion request and a
// whole /search result, p50/p95 over repeated runs. On the embedded database with 50,000 synthetic locations (a
// prepared BENCH_SEARCH_DATA_DIR, or seeded here, about 40 s), and on Postgres with 500,000 when
// BENCH_SEARCH_DATABASE_URL names a database to fill (seeded once: an existing 500,000 is reused). Prints figures;
// asserts nothing.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { searchLocations } from "~/queries/locations.server";
import { searchEverything, suggestNames } from "~/queries/search.server";
import { type DatabaseHandle, openPglite, openPostgres } from "~db/client";
import { locations } from "~db/schema";

const RUNS = Number(process.env.BENCH_ROUNDS ?? 40);

function seed(env: Record<string, string>, n: number) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "db/seed/scale.ts", "--locations", String(n)], {
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
  ] as const;
  const out: { label: string; p50: number; p95: number }[] = [];
  for (const [label, fn] of rows) out.push({ label, ...(await percentiles(fn)) });
  return { locations: n, out };
}

function print(title: string, result: Awaited<ReturnType<typeof measure>>, bars: string) {
  console.log(`\n${title}: ${result.locations.toLocaleString("en")} locations, ${RUNS} runs each. ${bars}`);
  console.log("| query | p50 ms | p95 ms |");
  console.log("| --- | ---: | ---: |");
  for (const r of result.out) console.log(`| ${r.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`);
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
