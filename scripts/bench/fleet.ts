// Fleet bars (issue "run as a fleet"), on Postgres through the built server. Prints figures; asserts nothing.
//   1. every public route's p95 at 500,000 places beside its p95 at 50,000 (bar: within 2×);
//   2. event-loop delay p99 while the map index rebuilds under load (bar: ≤ 50 ms);
//   3. a crawl of the whole sitemap, 8 parts at a time: 5xx count and the server's resident memory (bar: no 5xx,
//      RSS ≤ 400 MB; the map index, built at start in its worker, is part of the process and is shown apart).
// Needs BENCH_FLEET_DATABASE_URL (a Postgres server the bench may use): it fills databases bench_fleet_50k and
// bench_fleet_500k there with seed:scale the first time (about 1 and 10 minutes) and reuses them after.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type RunningServer, startServer } from "~tests/helpers/server-process";

const serverUrl = process.env.BENCH_FLEET_DATABASE_URL;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
// BENCH_FLEET_ONLY=crawl runs only the sitemap crawl at 500,000 (the memory bar), for quick comparisons.
const ONLY_CRAWL = process.env.BENCH_FLEET_ONLY === "crawl";
const TOKEN = "bench-metrics-token-0123456789";

function dbUrl(name: string): string {
  const u = new URL(serverUrl ?? "");
  u.pathname = `/${name}`;
  return u.toString();
}

async function ensureDatabase(name: string, places: number): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = (await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = dbUrl(name);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const n = await c
    .query<{ n: string }>("SELECT count(*) AS n FROM locations")
    .then((r) => Number(r.rows[0]?.n ?? 0))
    .catch(() => 0);
  await c.end();
  if (n < places) {
    console.log(`(seeding ${name} with ${(places - n).toLocaleString("en")} places…)`);
    const r = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/seed-scale.ts", "--locations", String(places - n)],
      {
        env: { ...process.env, DATABASE_URL: url },
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    if (r.status !== 0) throw new Error(`seed:scale failed (${r.status})`);
  }
  return url;
}

async function start(url: string | null, embeddedDir?: string): Promise<RunningServer> {
  const dataDir = embeddedDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "bench-fleet-"));
  const server = await startServer({
    ...(url ? { DATABASE_URL: url } : {}),
    DATA_DIR: dataDir,
    AUTH_SECRET: "bench-fleet-secret-0123456789abcdef",
    SEED: "none",
    METRICS_TOKEN: TOKEN,
    LOG_LEVEL: "silent",
  });
  // Ready: migrated and the map index built.
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; ) {
    if ((await fetch(`${server.url}/readyz`)).ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return server;
}

async function metrics(base: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
  const out: Record<string, number> = {};
  for (const line of text.split("\n")) {
    const m = /^([a-z_]+(?:\{[^}]*\})?) ([0-9.eE+-]+)$/.exec(line);
    if (m?.[1] && m[2]) out[m[1]] = Number(m[2]);
  }
  return out;
}

function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

async function someNames(url: string): Promise<{ location: string; word: string; everyWord: string }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const r = await c.query<{ name: string }>("SELECT name FROM locations ORDER BY id LIMIT 1 OFFSET 1000");
  await c.end();
  const name = r.rows[0]?.name ?? "x";
  const words = name.split(" ");
  // The synthetic names are "Synthetic Site 0012345 Grove": the last word is in a few percent of the names (a
  // realistic search), the first in every one of them (the worst case: everything matches and is ranked).
  return { location: name.replaceAll(" ", "-"), word: words[words.length - 1] ?? "farm", everyWord: words[0] ?? "" };
}

type Route = { label: string; path: (i: number) => string };

function routes(location: string, word: string, everyWord: string): Route[] {
  // HTML pages get a unique harmless parameter, so each request renders afresh (the render cache would otherwise
  // answer every one after the first); the figures are the costs of fresh renders.
  const fresh = (p: string) => (i: number) => `${p}${p.includes("?") ? "&" : "?"}bench=${i}`;
  return [
    { label: "/", path: fresh("/") },
    { label: "/map", path: fresh("/map") },
    { label: "/locations", path: fresh("/locations") },
    { label: "/locations?page=40", path: fresh("/locations?page=40") },
    { label: "/locations?q=<word in a few % of names>", path: fresh(`/locations?q=${encodeURIComponent(word)}`) },
    { label: "/locations?q=<word in every name>", path: fresh(`/locations?q=${encodeURIComponent(everyWord)}`) },
    { label: "/location/<name>", path: fresh(`/location/${encodeURIComponent(location)}`) },
    { label: "/search?q=<word in a few % of names>", path: fresh(`/search?q=${encodeURIComponent(word)}`) },
    { label: "/programs", path: fresh("/programs") },
    { label: "/change-makers", path: fresh("/change-makers") },
    { label: "/resources", path: fresh("/resources") },
    { label: "/podcast", path: fresh("/podcast") },
    { label: "/api/map/clusters (Europe, z5)", path: (i) => `/api/map/clusters?bbox=-10,35,30,60&zoom=5&b=${i}` },
    { label: "/locations.geojson", path: (i) => `/locations.geojson?b=${i}` },
    { label: "/sitemap.xml (index)", path: (i) => `/sitemap.xml?b=${i}` },
    { label: "/sitemap.xml?part=locations-1", path: () => "/sitemap.xml?part=locations-1" },
  ];
}

async function p95s(base: string, list: Route[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const r of list) {
    for (let i = 0; i < 3; i++) await (await fetch(base + r.path(-i - 1))).arrayBuffer();
    const xs: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      const res = await fetch(base + r.path(i));
      await res.arrayBuffer();
      xs.push(performance.now() - t);
      if (res.status >= 500) console.log(`  ${r.label}: ${res.status}`);
    }
    xs.sort((a, b) => a - b);
    out.set(r.label, xs[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))] ?? 0);
  }
  return out;
}

/** Requests in a loop from `concurrency` clients until stopped; returns the count and 5xx count. */
function load(base: string, paths: string[], concurrency: number) {
  let stop = false;
  let done = 0;
  let errors = 0;
  const clients = Array.from({ length: concurrency }, async (_, c) => {
    for (let i = c; !stop; i++) {
      const res = await fetch(base + (paths[i % paths.length] ?? "/healthz")).catch(() => null);
      await res?.arrayBuffer();
      done++;
      if (!res || res.status >= 500) errors++;
    }
  });
  return {
    async end() {
      stop = true;
      await Promise.all(clients);
      return { done, errors };
    },
  };
}

async function rebuildUnderLoad(server: RunningServer, url: string, location: string) {
  const before = await metrics(server.url);
  const builtBefore = before.map_index_build_seconds;
  await metrics(server.url); // prom-client's event-loop figures restart at each scrape
  const traffic = load(
    server.url,
    ["/healthz", `/location/${encodeURIComponent(location)}`, "/api/map/clusters?bbox=-10,35,30,60&zoom=5"],
    4,
  );
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const started = performance.now();
  // An edit made outside the servers: found by the content-version check within 2 s, then the index rebuilds.
  await c.query("UPDATE locations SET updated_at = now() WHERE id = (SELECT id FROM locations ORDER BY id LIMIT 1)");
  await c.end();
  let after = before;
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    await new Promise((r) => setTimeout(r, 1000));
    const m = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    const text = await m.text();
    const age = Number(/^map_index_age_seconds ([0-9.]+)/m.exec(text)?.[1] ?? 1e9);
    // The event-loop figures were reset by this scrape too; keep the worst seen.
    const p99 = Number(/^nodejs_eventloop_lag_p99_seconds ([0-9.e-]+)/m.exec(text)?.[1] ?? 0);
    const max = Number(/^nodejs_eventloop_lag_max_seconds ([0-9.e-]+)/m.exec(text)?.[1] ?? 0);
    after = {
      ...after,
      p99: Math.max(after.p99 ?? 0, p99),
      max: Math.max(after.max ?? 0, max),
    };
    // Built after the edit: the index is younger than the edit.
    if (age < (performance.now() - started) / 1000) break;
  }
  const { done, errors } = await traffic.end();
  const final = await metrics(server.url);
  console.log(
    `Map index rebuild at ${(final.map_index_places ?? 0).toLocaleString("en")} places under load (4 clients, ${done} requests, ${errors} 5xx): ` +
      `build ${(final.map_index_build_seconds ?? 0).toFixed(1)} s (previous ${builtBefore?.toFixed(1)} s); ` +
      `event-loop delay, worst 1-s window: p99 ${((after.p99 ?? 0) * 1000).toFixed(1)} ms, max ${((after.max ?? 0) * 1000).toFixed(1)} ms. Bar: p99 ≤ 50 ms.`,
  );
}

async function crawl(server: RunningServer, bar = "Bar: no 5xx, RSS ≤ 400 MB.") {
  const pid = server.proc.pid;
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 100);
  const started = performance.now();
  const index = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").search);
  let errors = 0;
  let urls = 0;
  let slowest = 0;
  const queue = [...parts];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
        const t = performance.now();
        const res = await fetch(`${server.url}/sitemap.xml${p}`);
        const text = await res.text();
        slowest = Math.max(slowest, performance.now() - t);
        if (res.status >= 500) errors++;
        urls += text.split("<url>").length - 1;
      }
    }),
  );
  clearInterval(sampler);
  const m = await metrics(server.url);
  console.log(
    `Sitemap crawl: ${parts.length} parts, ${urls.toLocaleString("en")} URLs, 8 at a time, ${((performance.now() - started) / 1000).toFixed(1)} s ` +
      `(slowest part ${(slowest / 1000).toFixed(1)} s), ${errors} 5xx; server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB ` +
      `(growth ${(peak - before).toFixed(0)} MB; main-thread heap ${((m.nodejs_heap_size_used_bytes ?? 0) / 1048576).toFixed(0)} MB, the rest mostly the map index worker). ` +
      bar,
  );
}

/** `npm run backup` of a running embedded site: how long it takes, its size, and how long requests wait meanwhile. */
async function backupWhileServing(server: RunningServer, dataDir: string) {
  const file = path.join(os.tmpdir(), `bench-backup-${process.pid}.tar`);
  // Two pollers: the liveness answer (no database) and a page read from the database (a fresh render each time).
  const worst = { live: 0, page: 0 };
  let polling = true;
  const poll = async (key: keyof typeof worst, url: (i: number) => string) => {
    for (let i = 0; polling; i++) {
      const t = performance.now();
      await (await fetch(url(i))).arrayBuffer();
      worst[key] = Math.max(worst[key], performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const poller = Promise.all([
    poll("live", () => `${server.url}/healthz`),
    poll("page", (i) => `${server.url}/locations?page=2&backup=${i}`),
  ]);
  const started = performance.now();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  // Spawned without waiting synchronously: this process keeps polling while the backup runs.
  const child = spawn(process.execPath, ["--import", "tsx", "server/backup-cli.ts", "backup", file], { env });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const r = { status, stderr };
  const ms = performance.now() - started;
  polling = false;
  await poller;
  const bytes = fs.existsSync(file) ? fs.statSync(file).size : 0;
  fs.rmSync(file, { force: true });
  console.log(
    `Backup of the running embedded site: ${r.status === 0 ? "ok" : `failed (${r.stderr.trim()})`}, ${(ms / 1000).toFixed(1)} s, ` +
      `${(bytes / 1e6).toFixed(0)} MB; slowest answer meanwhile (polled every 20 ms): /healthz ${worst.live.toFixed(0)} ms, ` +
      `/locations?page=2 (database) ${worst.page.toFixed(0)} ms.`,
  );
}

// The embedded database at scale: a DATA_DIR filled with `seed:scale` (no DATABASE_URL), used as it is.
const embeddedDir = process.env.BENCH_EMBEDDED_DATA_DIR;
if (!embeddedDir) {
  console.log("(Embedded crawl and backup: set BENCH_EMBEDDED_DATA_DIR to a DATA_DIR filled with seed:scale.)");
} else {
  const server = await start(null, path.resolve(embeddedDir));
  try {
    await crawl(server, "Bar (embedded): no 5xx, growth ≤ 250 MB.");
    await backupWhileServing(server, path.resolve(embeddedDir));
  } finally {
    await server.stop();
  }
}

if (!serverUrl) {
  console.log("(Fleet bars on Postgres: set BENCH_FLEET_DATABASE_URL to a Postgres server the benchmark may use.)");
} else {
  const small = await ensureDatabase("bench_fleet_50k", 50_000);
  const big = await ensureDatabase("bench_fleet_500k", 500_000);
  const results: { n: string; p95: Map<string, number> }[] = [];
  for (const [label, url] of [
    ["50,000", small],
    ["500,000", big],
  ] as const) {
    if (ONLY_CRAWL && label !== "500,000") continue;
    const server = await start(url);
    try {
      const { location, word, everyWord } = await someNames(url);
      if (label === "500,000") await crawl(server);
      if (ONLY_CRAWL) continue;
      results.push({ n: label, p95: await p95s(server.url, routes(location, word, everyWord)) });
      if (label === "500,000") await rebuildUnderLoad(server, url, location);
    } finally {
      await server.stop();
    }
  }
  const [a, b] = results;
  if (a && b) {
    console.log(
      `\nPublic routes on Postgres, p95 of ${ROUNDS} sequential requests (ms). Bar: 500,000 within 2× of 50,000.`,
    );
    console.log("| route | 50,000 | 500,000 | ratio |");
    console.log("| --- | ---: | ---: | ---: |");
    for (const [route, small95] of a.p95) {
      const big95 = b.p95.get(route) ?? 0;
      console.log(`| ${route} | ${small95.toFixed(1)} | ${big95.toFixed(1)} | ${(big95 / small95).toFixed(2)}× |`);
    }
  }
}
