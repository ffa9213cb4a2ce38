// Serving at the limit: the real server beside a bare Node http server sending the same bytes, side by side in one
// run. A page from the render cache (no compression asked, 50 connections), and fresh renders (the cache bypassed by
// a session cookie, 20 connections) of location pages (every demo location in turn), `/` and `/locations`.
// Uses wrk when it is installed (it measures higher ceilings), else autocannon, and says which. Prints figures;
// asserts nothing.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { createScratchDatabase } from "~tests/helpers/scratch-postgres";
import { freePort, startServer } from "~tests/helpers/server-process";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CACHED_CONNECTIONS = 50;
const FRESH_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
// A cookie the site reads: the render cache never answers it, so each request is rendered afresh.
const FRESH = { cookie: "pc.session_token=bench" };

type Figures = { label: string; rps: number; p50: number; p99: number };

const hasWrk = spawnSync("wrk", ["--version"]).error === undefined;

/** wrk with a script that walks the given paths in turn and adds the headers; latency in ms. */
async function runWrk(base: string, paths: string[], connections: number, headers: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wrk-"));
  const script = path.join(dir, "paths.lua");
  fs.writeFileSync(
    script,
    [
      `local paths = { ${paths.map((p) => JSON.stringify(p)).join(", ")} }`,
      "local i = 0",
      ...Object.entries(headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`),
      "request = function() i = i % #paths + 1; return wrk.format(nil, paths[i]) end",
      "done = function(summary, latency, requests)",
      '  io.write(string.format("RESULT %f %f %f %d %d\\n", summary.requests / (summary.duration / 1e6),',
      "    latency:percentile(50) / 1000, latency:percentile(99) / 1000,",
      "    summary.errors.status, summary.errors.connect + summary.errors.read + summary.errors.timeout))",
      "end",
    ].join("\n"),
  );
  const threads = Math.min(2, connections);
  // Not spawnSync: the bare server runs in this process and must keep answering.
  const args = ["-t", String(threads), "-c", String(connections), "-d", `${DURATION_S}s`, "-s", script, base];
  const r = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn("wrk", args);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += String(d);
    });
    child.stderr.on("data", (d) => {
      stderr += String(d);
    });
    child.on("error", reject);
    child.on("close", () => resolve({ stdout, stderr }));
  });
  fs.rmSync(dir, { recursive: true, force: true });
  const m = /RESULT (\S+) (\S+) (\S+) (\d+) (\d+)/.exec(r.stdout);
  if (!m) throw new Error(`wrk failed: ${r.stderr || r.stdout}`);
  if (Number(m[4]) > 0) throw new Error(`${Number(m[4])} non-2xx answers`);
  return { rps: Number(m[1]), p50: Number(m[2]), p99: Number(m[3]) };
}

async function runAutocannon(base: string, paths: string[], connections: number, headers: Record<string, string>) {
  let i = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration: DURATION_S,
    headers,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
  });
  if (result.non2xx > 0) throw new Error(`${result.non2xx} non-2xx answers`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function measure(
  label: string,
  base: string,
  paths: string[],
  connections: number,
  headers: Record<string, string> = {},
): Promise<Figures> {
  const f = hasWrk
    ? await runWrk(base, paths, connections, headers)
    : await runAutocannon(base, paths, connections, headers);
  return { label, ...f };
}

const REACT_MARKUP_SERVER = path.join(path.dirname(new URL(import.meta.url).pathname), "servers", "react-markup.ts");

/**
 * React alone: the location page's markup rendered again by React DOM for every request, in `processes` server
 * processes, with no router, no components and no data. No React render of that page can serve more.
 */
async function measureReactMarkup(page: Buffer, processes: number): Promise<Figures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "react-markup-"));
  const file = path.join(dir, "page.html");
  fs.writeFileSync(file, page);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", REACT_MARKUP_SERVER, file, String(port), String(processes)],
    {
      env: { ...process.env, NODE_ENV: "production" },
      stdio: "ignore",
      detached: true,
    },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let waited = 0; ; waited += 100) {
      const ok = await fetch(url).then(
        (r) => r.arrayBuffer().then(() => r.ok),
        () => false,
      );
      if (ok) break;
      if (waited > 30_000) throw new Error("the React markup server did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
    const label = `React alone, the same page's markup (no router, no data), ${processes === 1 ? "one process" : `${processes} processes`}`;
    return await measure(label, url, ["/"], FRESH_CONNECTIONS);
  } finally {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function table(title: string, rows: Figures[], reference: Figures, ratio = "req/s vs bare") {
  console.log(`\n${title}`);
  console.log(`| target | req/s | p50 ms | p99 ms | ${ratio} |`);
  console.log("| --- | ---: | ---: | ---: | ---: |");
  for (const f of rows) {
    console.log(
      `| ${f.label} | ${f.rps.toFixed(0)} | ${f.p50.toFixed(1)} | ${f.p99.toFixed(1)} | ${(f.rps / reference.rps).toFixed(3)} |`,
    );
  }
}

export async function benchLocationPage(): Promise<Figures[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-"));
  const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  const bare = http.createServer();
  try {
    const list = await (await fetch(`${server.url}/locations`)).text();
    const href = list.match(/href="(\/location\/[^"]+)"/)?.[1];
    if (!href) throw new Error("no location link on /locations");
    // Every demo location, for fresh renders that do not repeat one page.
    const pages = new Set<string>();
    for (let page = 1; page < 50; page++) {
      const html = await (await fetch(`${server.url}/locations?page=${page}`)).text();
      const before = pages.size;
      for (const m of html.matchAll(/href="(\/location\/[^"]+)"/g)) if (m[1]) pages.add(m[1]);
      if (pages.size === before) break;
    }
    const res = await fetch(`${server.url}${href}`, { headers: { "accept-encoding": "identity" } });
    const body = Buffer.from(await res.arrayBuffer());
    const contentType = res.headers.get("content-type") ?? "text/html";
    bare.on("request", (_req, out) => {
      out.writeHead(200, { "content-type": contentType, "content-length": body.length });
      out.end(body);
    });
    await new Promise<void>((r) => bare.listen(0, "127.0.0.1", () => r()));
    const addr = bare.address();
    const bareUrl = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
    // Store the page in the render cache before measuring hits.
    for (let i = 0; i < 20; i++) {
      const r = await fetch(`${server.url}${href}`);
      await r.arrayBuffer();
      if (r.headers.get("x-render-cache") === "hit") break;
      await new Promise((r) => setTimeout(r, 50));
    }

    const bareFigures = await measure("bare node http (same bytes)", bareUrl, [href], CACHED_CONNECTIONS);
    const cached = await measure("server, render cache hit", server.url, [href], CACHED_CONNECTIONS);
    const bareFresh = await measure("bare node http (same bytes)", bareUrl, [href], FRESH_CONNECTIONS);
    const fresh = [
      await measure(
        `location pages rendered afresh (${pages.size} in turn)`,
        server.url,
        [...pages],
        FRESH_CONNECTIONS,
        FRESH,
      ),
      await measure("/ rendered afresh", server.url, ["/"], FRESH_CONNECTIONS, FRESH),
      await measure("/locations rendered afresh", server.url, ["/locations"], FRESH_CONNECTIONS, FRESH),
      // The floors under those figures (decision 049): the framework's, and React's alone.
      await measure(
        "/terms rendered afresh (no database, a few paragraphs)",
        server.url,
        ["/terms"],
        FRESH_CONNECTIONS,
        FRESH,
      ),
      await measureReactMarkup(body, 1),
      await measureReactMarkup(body, os.availableParallelism()),
    ];
    const tool = hasWrk ? "wrk" : "autocannon (wrk is not installed)";
    table(
      `Location page ${href} (${(body.length / 1024).toFixed(1)} KB HTML, no compression asked), ${CACHED_CONNECTIONS} connections, ${DURATION_S} s each, ${tool}. Bar: cache hit ≥ 0.5 × bare.`,
      [bareFigures, cached],
      bareFigures,
    );
    table(
      `Fresh renders, ${FRESH_CONNECTIONS} connections, ${DURATION_S} s each, ${tool}. Bars: location ≥ 1,000 req/s with p99 ≤ 50 ms; / and /locations ≥ 500 req/s.`,
      [bareFresh, ...fresh],
      bareFresh,
    );
    return [bareFigures, cached, ...fresh];
  } finally {
    bare.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Fresh renders on Postgres (demo data in a scratch database on BENCH_FLEET_DATABASE_URL's server) from one server
 * process and from one per core (WORKERS=auto), side by side. The database server, wrk and the workers share this
 * machine's cores, so the figure is what one machine holding all three can do.
 */
export async function benchWorkers(serverUrl: string): Promise<void> {
  const scratch = await createScratchDatabase(serverUrl, "bench_workers");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-workers-"));
  const rows: Figures[] = [];
  try {
    for (const workers of ["1", "auto"]) {
      const server = await startServer({
        DATA_DIR: dataDir,
        DATABASE_URL: scratch.url,
        AUTH_SECRET: "bench-workers-secret-0123456789abcdef",
        WORKERS: workers,
        LOG_LEVEL: "silent",
      });
      try {
        const list = await (await fetch(`${server.url}/locations?limit=96`)).text();
        const pages = [...new Set([...list.matchAll(/href="(\/location\/[^"]+)"/g)].map((m) => m[1] as string))];
        for (const p of pages) await (await fetch(`${server.url}${p}`, { headers: FRESH })).arrayBuffer();
        const label = workers === "1" ? "one process" : `WORKERS=auto (${os.availableParallelism()} processes)`;
        rows.push(await measure(`location pages afresh, ${label}`, server.url, pages, FRESH_CONNECTIONS, FRESH));
        rows.push(
          await measure(`/terms afresh (no database), ${label}`, server.url, ["/terms"], FRESH_CONNECTIONS, FRESH),
        );
      } finally {
        await server.stop();
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
  table(
    `Fresh renders on Postgres, ${FRESH_CONNECTIONS} connections, ${DURATION_S} s each, ${hasWrk ? "wrk" : "autocannon"}; the database server shares the machine.`,
    rows,
    rows[0] as Figures,
    "req/s vs one process",
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchLocationPage();
  if (process.env.BENCH_FLEET_DATABASE_URL) await benchWorkers(process.env.BENCH_FLEET_DATABASE_URL);
}
