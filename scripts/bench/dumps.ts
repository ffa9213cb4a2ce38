// The open-data dumps at scale (issue 39, decision 071): one whole set of files (places as GeoJSON, NDJSON and CSV,
// the other tables, datapackage.json, each with its gzip copy) made from 500,000 places on Postgres, with the time
// it took, how much the process's memory grew meanwhile (resident set and heap, above the level before) and the
// event loop's delay p99 meanwhile (what a request arriving during the generation would wait on top of its own
// work). On the database BENCH_DUMPS_DATABASE_URL names (else BENCH_SEARCH_DATABASE_URL's, which the search bench
// fills): filled to 500,000 places once, an existing 500,000 reused. Bars: ≤ 120 s, growth ≤ 200 MB, p99 ≤ 50 ms.
// Prints figures; asserts nothing. `npm run bench:dumps` runs it alone.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { count, eq, sql } from "drizzle-orm";
import pino from "pino";
import { generateDumpsIfDue, listDumpFiles } from "~/services/open-data/dumps.server";
import type { Services } from "~/services/services.server";
import { openPostgres } from "~db/client";
import { locations } from "~db/schema";
import { seedReferenceData } from "~db/seed/seed";
import { createDumpStore } from "~server/data-dumps";

const PLACES = 500_000;
const pgUrl = process.env.BENCH_DUMPS_DATABASE_URL ?? process.env.BENCH_SEARCH_DATABASE_URL;

if (!pgUrl) {
  console.log("(Dumps of 500,000 places: set BENCH_DUMPS_DATABASE_URL to a Postgres database the benchmark may fill.)");
  process.exit(0);
}

async function publishedPlaces(url: string): Promise<number> {
  const handle = await openPostgres(url);
  try {
    await handle.migrate();
    await seedReferenceData(handle.db);
    const [row] = await handle.db.select({ n: count() }).from(locations).where(eq(locations.status, "published"));
    return row?.n ?? 0;
  } finally {
    await handle.close();
  }
}

const have = await publishedPlaces(pgUrl);
if (have < PLACES) {
  console.log(`Seeding ${PLACES - have} places (once)…`);
  const r = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/seed-scale.ts", "--locations", String(PLACES - have)],
    { env: { ...process.env, DATABASE_URL: pgUrl, SEED: "none" }, stdio: ["ignore", "ignore", "inherit"] },
  );
  if (r.status !== 0) throw new Error(`seed:scale failed (${r.status})`);
}

const handle = await openPostgres(pgUrl);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-dumps-"));
try {
  const services = {
    db: handle.db,
    bus: handle.bus,
    logger: pino({ level: "silent" }),
    config: { siteUrl: "https://permaculture.example" },
  } as unknown as Services;
  const config = { dataDir: work, storage: { driver: "local" as const } };
  // A set made now, whatever the database holds from an earlier run: the lease is due at once.
  await handle.db.execute(sql`update data_dump_state set generated_at = null, lease_until = null`);

  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 50);
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await generateDumpsIfDue(services, createDumpStore(config), {
    intervalMs: 60_000,
    workDir: path.join(work, "tmp"),
  });
  const seconds = (performance.now() - started) / 1000;
  delay.disable();
  clearInterval(sampler);
  const cpu = process.cpuUsage(cpuBefore);

  const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
  console.log(`Generated: ${result.generated}, ${result.rows?.["places.csv"] ?? 0} places`);
  console.log(
    `All files: ${seconds.toFixed(1)} s (bar ≤ 120 s); this process's CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, load average ${os.loadavg()[0]?.toFixed(1)} on ${os.availableParallelism()} cores`,
  );
  console.log(
    `Memory growth: resident ${mb(peakRss - before.rss)} MB, heap ${mb(peakHeap - before.heapUsed)} MB (bar ≤ 200 MB)`,
  );
  console.log(
    `Event-loop delay meanwhile: p50 ${(delay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms (bar p99 ≤ 50 ms)`,
  );
  for (const f of await listDumpFiles(handle.db))
    console.log(
      `  ${f.name.padEnd(18)} ${mb(f.bytes).padStart(8)} MB, gzip ${mb(f.gzipBytes).padStart(7)} MB, ${f.rows} rows`,
    );
} finally {
  await handle.close();
  fs.rmSync(work, { recursive: true, force: true });
}
