// Request-stats middleware overhead, analytics ingestion rate, and the analytics report's server time with a large
// event table. Prints figures; asserts nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { getAnalyticsReport, utcDay } from "~/queries/analytics.server";
import { openPglite } from "~db/client";
import { startServer } from "~tests/helpers/server-process";
import { seedAnalytics } from "../seed-analytics";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const EVENTS = Number(process.env.BENCH_ANALYTICS_EVENTS ?? 1_000_000);

async function rps(url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: 20, duration: DURATION_S, headers });
  return r.requests.average;
}

async function middlewareOverhead() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-rs-"));
  const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
  const samples: Record<"off" | "on", { cached: number[]; uncached: number[] }> = {
    off: { cached: [], uncached: [] },
    on: { cached: [], uncached: [] },
  };
  try {
    // Alternating rounds (off, on, off, on, …) so drift in the machine's load affects both sides alike.
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of ["off", "on"] as const) {
        const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "silent", REQUEST_STATS: mode });
        try {
          const list = await (await fetch(`${server.url}/locations`)).text();
          const href = list.match(/href="(\/location\/[^"]+)"/)?.[1] ?? "/";
          // Warm-up: fills the render cache and lets the JIT settle before measuring.
          await autocannon({ url: `${server.url}${href}`, connections: 20, duration: 1 });
          samples[mode].cached.push(await rps(`${server.url}${href}`));
          samples[mode].uncached.push(await rps(`${server.url}${href}`, { cookie: "bench=1" }));
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)] ?? 0;
  };
  console.log(
    `\nRequest-stats middleware overhead on the location page (goal: at most 3 % fewer req/s; median of ${ROUNDS} alternating rounds of ${DURATION_S} s)`,
  );
  console.log("| page | without | with | difference | rounds without | rounds with |");
  console.log("| --- | ---: | ---: | ---: | --- | --- |");
  for (const k of ["cached", "uncached"] as const) {
    const off = median(samples.off[k]);
    const on = median(samples.on[k]);
    const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(", ");
    console.log(
      `| ${k} | ${off.toFixed(0)} | ${on.toFixed(0)} | ${(((on - off) / (off || 1)) * 100).toFixed(1)} % | ${list(samples.off[k])} | ${list(samples.on[k])} |`,
    );
  }
}

async function ingestionRate() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-an-"));
  try {
    const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "silent", TRUST_PROXY: "loopback", SEED: "none" });
    try {
      const host = new URL(server.url).hostname;
      let n = 0;
      const body = JSON.stringify({ kind: "page_view", path: "/map", title: "Map", hostname: host });
      const r = await autocannon({
        url: `${server.url}/api/analytics`,
        connections: 20,
        duration: DURATION_S,
        requests: [
          {
            method: "POST",
            setupRequest: (req) => ({
              ...req,
              method: "POST",
              body,
              headers: {
                "content-type": "text/plain",
                origin: server.url,
                "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0",
                // Many simulated visitors, so the per-client limit does not apply.
                "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n++ & 255}`,
              },
            }),
          },
        ],
      });
      console.log(
        `\nAnalytics ingestion: ${r.requests.average.toFixed(0)} events/s sustained (${r["2xx"]} accepted, ${r.non2xx} refused), p99 ${r.latency.p99} ms`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function reportTime() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-report-"));
  try {
    process.env.DATA_DIR = dataDir;
    const started = Date.now();
    await seedAnalytics(EVENTS, 400);
    console.log(
      `\nAnalytics report with ${EVENTS.toLocaleString("en")} stored events (generated and rolled up in ${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
    const handle = await openPglite(path.join(dataDir, "pglite"));
    try {
      const today = new Date();
      const ranges = [
        ["last 30 days by day", 30, "day"],
        ["last 13 months by month", 396, "month"],
      ] as const;
      console.log("| range | median ms | max ms |");
      console.log("| --- | ---: | ---: |");
      for (const [label, days, granularity] of ranges) {
        const from = utcDay(new Date(today.getTime() - (days - 1) * 86_400_000));
        const times: number[] = [];
        for (let i = 0; i < 7; i++) {
          const t0 = performance.now();
          await getAnalyticsReport(handle.db, { from, to: utcDay(today), granularity });
          times.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        console.log(`| ${label} | ${times[3]?.toFixed(1)} | ${times.at(-1)?.toFixed(1)} |`);
      }
    } finally {
      await handle.close();
    }
    await pageTime(dataDir);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The admin analytics page itself, over HTTP with a signed-in administrator: loader, query and render. */
async function pageTime(dataDir: string) {
  const admin = { email: "bench-admin@example.org", password: "bench-admin-password-123" };
  const server = await startServer({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  });
  try {
    const login = await fetch(`${server.url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(admin).toString(),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    if (!cookie) throw new Error(`sign-in failed: HTTP ${login.status}`);
    console.log("\nAdmin analytics page over HTTP (signed in; whole response, server on this machine)");
    console.log("| page | median ms | max ms |");
    console.log("| --- | ---: | ---: |");
    for (const query of ["range=30d&granularity=day", "range=90d&granularity=week", "range=365d&granularity=month"]) {
      const url = `${server.url}/admin/dashboard/analytics?${query}`;
      const times: number[] = [];
      for (let i = 0; i < 8; i++) {
        const t0 = performance.now();
        const res = await fetch(url, { headers: { cookie } });
        await res.text();
        if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
        if (i > 0) times.push(performance.now() - t0); // the first request warms the route module
      }
      times.sort((a, b) => a - b);
      console.log(`| ?${query} | ${times[3]?.toFixed(1)} | ${times.at(-1)?.toFixed(1)} |`);
    }
  } finally {
    await server.stop();
  }
}

// BENCH_ONLY=overhead|ingestion|report runs one part.
const only = process.env.BENCH_ONLY;
if (!only || only === "overhead") await middlewareOverhead();
if (!only || only === "ingestion") await ingestionRate();
if (!only || only === "report") await reportTime();
