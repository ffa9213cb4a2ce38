/**
 * Map first-paint benchmark (ARCHITECTURE.md, "The map's first paint").
 *
 *   npx tsx scripts/bench/map.ts --url http://localhost:3000 [--runs 3] [--path /map]
 *
 * Drives Debian's Chromium (headless, 1280x800) to the map page and prints:
 * - when the server-drawn clusters were painted (performance mark "map:clusters-painted", ms after navigation start)
 * - when MapLibre's clusters were painted ("map:maplibre-clusters-painted")
 * - the longest main-thread task (PerformanceObserver "longtask") during load and a few programmatic pans/zooms
 * - the gzip size of the clusters payload for the initial view, and the HTML's gzip size.
 * It measures whatever database the server has (seed 50,000 places with `npm run seed:scale -- --locations 50000`).
 */
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : undefined;
  return value ?? fallback;
}

const baseUrl = arg("url", "http://localhost:3000").replace(/\/$/, "");
const runs = Math.max(1, Number(arg("runs", "3")) || 3);
const path = arg("path", "/map");

type RunResult = {
  clustersPainted: number | null;
  maplibrePainted: number | null;
  longestTaskLoad: number;
  longestTaskBeforePaint: number;
  longestTaskInteract: number;
  clustersPayloadRaw: number;
  clustersPayloadGzip: number;
  clustersItems: number;
  total: number;
};

async function run(): Promise<RunResult> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // Observe long tasks from the very start of the document, buffered.
    await context.addInitScript(`
      window.__longTasks = [];
      try {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: "longtask", buffered: true });
      } catch {}
    `);
    const page = await context.newPage();
    let firstClusters: { raw: number; gzip: number; items: number; total: number } | null = null;
    page.on("response", async (res) => {
      if (firstClusters || !res.url().includes("/api/map/clusters?bbox=")) return;
      try {
        const body = await res.body();
        const json = JSON.parse(body.toString("utf8")) as { clusters: unknown[]; points: unknown[]; total: number };
        firstClusters = {
          raw: body.length,
          gzip: gzipSync(body).length,
          items: json.clusters.length + json.points.length,
          total: json.total,
        };
      } catch {
        // ignore
      }
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
    const ready = await page
      .waitForSelector('[data-map-box][data-map-ready="true"]', { timeout: 30_000 })
      .then(() => true)
      .catch(() => false);
    await page.waitForTimeout(300);
    const loadTasks = (await page.evaluate("window.__longTasks.slice()")) as { start: number; duration: number }[];
    // A string, not a function: tsx's name helpers would not exist inside the page.
    const marks = (await page.evaluate(`({
      svg: performance.getEntriesByName("map:clusters-painted")[0]?.startTime ?? null,
      maplibre: performance.getEntriesByName("map:maplibre-clusters-painted")[0]?.startTime ?? null,
    })`)) as { svg: number | null; maplibre: number | null };
    // A few pans and zooms through the keyboard-operable controls (MapLibre handles them once ready).
    const before = loadTasks.length;
    if (ready) {
      for (const name of ["Zoom in", "Pan east", "Zoom in", "Pan south", "Zoom out", "Pan west"]) {
        const response = page
          .waitForResponse((r) => r.url().includes("/api/map/clusters?bbox="), { timeout: 10_000 })
          .catch(() => null);
        await page.getByRole("link", { name }).click();
        await response;
        await page.waitForTimeout(150);
      }
    }
    const allTasks = (await page.evaluate("window.__longTasks.slice()")) as { start: number; duration: number }[];
    const interactTasks = allTasks.slice(before);
    const longest = (tasks: { duration: number }[]) => Math.round(Math.max(0, ...tasks.map((t) => t.duration)));
    const payload = firstClusters as { raw: number; gzip: number; items: number; total: number } | null;
    return {
      clustersPainted: marks.svg === null ? null : Math.round(marks.svg),
      maplibrePainted: marks.maplibre === null ? null : Math.round(marks.maplibre),
      longestTaskLoad: longest(loadTasks),
      longestTaskBeforePaint: longest(loadTasks.filter((t) => marks.svg !== null && t.start < marks.svg)),
      longestTaskInteract: longest(interactTasks),
      clustersPayloadRaw: payload?.raw ?? 0,
      clustersPayloadGzip: payload?.gzip ?? 0,
      clustersItems: payload?.items ?? 0,
      total: payload?.total ?? 0,
    };
  } finally {
    await browser.close();
  }
}

async function htmlSize(): Promise<{ raw: number; gzip: number }> {
  const res = await fetch(`${baseUrl}${path}`);
  const body = Buffer.from(await res.arrayBuffer());
  return { raw: body.length, gzip: gzipSync(body).length };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const html = await htmlSize();
const results: RunResult[] = [];
for (let i = 0; i < runs; i++) {
  const r = await run();
  results.push(r);
  console.log(
    `run ${i + 1}: clusters painted ${r.clustersPainted ?? "n/a"} ms, MapLibre clusters ${r.maplibrePainted ?? "n/a"} ms, ` +
      `longest task before SVG paint ${r.longestTaskBeforePaint} ms, load ${r.longestTaskLoad} ms / pan+zoom ${r.longestTaskInteract} ms`,
  );
}
const last = results[results.length - 1];
const numbers = (pick: (r: RunResult) => number | null) => results.map(pick).filter((v): v is number => v !== null);
console.log("");
console.log(`map benchmark: ${baseUrl}${path} (${runs} runs, median)`);
console.log(`  locations on the map:            ${last?.total ?? 0}`);
console.log(
  `  HTML:                            ${(html.raw / 1024).toFixed(1)} KB, ${(html.gzip / 1024).toFixed(1)} KB gzip`,
);
console.log(
  `  first clusters painted (SVG):    ${median(numbers((r) => r.clustersPainted))} ms after navigation start`,
);
console.log(`  MapLibre clusters painted:       ${median(numbers((r) => r.maplibrePainted))} ms`);
console.log(`  longest task before first paint: ${median(numbers((r) => r.longestTaskBeforePaint))} ms`);
console.log(
  `  longest main-thread task, load:  ${median(numbers((r) => r.longestTaskLoad))} ms (includes starting MapLibre)`,
);
console.log(`  longest task, pans/zooms:        ${median(numbers((r) => r.longestTaskInteract))} ms`);
console.log(
  `  clusters payload, initial view:  ${last?.clustersItems ?? 0} items, ${((last?.clustersPayloadRaw ?? 0) / 1024).toFixed(1)} KB, ` +
    `${((last?.clustersPayloadGzip ?? 0) / 1024).toFixed(1)} KB gzip`,
);
