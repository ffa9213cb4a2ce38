/**
 * Map first-paint and responsiveness benchmark (docs/decisions/010-map-first-frame.md; bar: no main-thread task over 50 ms while /map loads).
 *
 *   npx tsx scripts/bench/map.ts --url http://localhost:3000 [--runs 3] [--path /map] [--browser warm|cold|both]
 *                                [--no-trace] [--no-explain]
 *   (--path / measures the home page's map, which starts when the pointer reaches it)
 *
 * Drives Debian's Chromium (headless, 1280x800, --disable-gpu: WebGL is software-rendered by SwiftShader) to the map
 * page and prints, as the median of the runs:
 * - when the server-drawn clusters were painted (performance mark "map:clusters-painted", ms after navigation start)
 * - when MapLibre's clusters were painted ("map:maplibre-clusters-painted")
 * - the longest main-thread task during load, during a few pans/zooms through the map's controls, and during a
 *   mouse drag and wheel zooms: as the page sees them (PerformanceObserver "longtask", scripts only) and as Chrome's
 *   trace records them (every task of the renderer's main thread, style, layout and paint included)
 * - the gzip size of the clusters payload for the initial view, and the HTML's gzip size.
 *
 * Two kinds of browser (--browser, default both):
 * - warm: the browser is started and idle on a blank page before the visit, as a visitor's browser is;
 * - cold: the visit is the browser's first act, so the browser's own start-up work (its other processes, font
 *   set-up) runs on the same two cores during the page's first frames. The harsher of the two.
 * The timed runs trace only task boundaries and marks ("toplevel", "blink.user_timing"), which costs the page almost
 * nothing. One more run per kind (--no-explain skips it) traces in detail to say what the longest tasks were made of:
 * script, style and layout, paint, WebGL (frame read back for the software compositor, shader setup, other round
 * trips to the GPU process), GC... That detailed tracing captures stacks and source positions, which makes the
 * page's tasks longer: its durations explain, the timed runs measure.
 * It measures whatever database the server has (seed 50,000 places with `npm run seed:scale -- --locations 50000`).
 * Other work on the machine shows up in these figures: compare medians of several runs, under the same load.
 */
import fs from "node:fs";
import os from "node:os";
import nodePath from "node:path";
import { gzipSync } from "node:zlib";
import { type CDPSession, chromium } from "playwright-core";
import { CHROMIUM_LAUNCH } from "~tests/helpers/chromium";
import { type RunningServer, startServer } from "~tests/helpers/server-process";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : undefined;
  return value ?? fallback;
}

// Without --url (as `npm run bench` runs it) the bench starts its own server: on BENCH_MAP_DATA_DIR when set (for
// example a copy seeded with 50,000 places), otherwise on a fresh demo database.
const givenUrl = process.argv.includes("--url") ? arg("url", "") : "";
const ownDataDir = givenUrl ? null : (process.env.BENCH_MAP_DATA_DIR ?? null);
const tempDataDir = givenUrl || ownDataDir ? null : fs.mkdtempSync(nodePath.join(os.tmpdir(), "bench-map-"));
const ownServer: RunningServer | null = givenUrl
  ? null
  : await startServer({ DATA_DIR: ownDataDir ?? tempDataDir ?? "", LOG_LEVEL: "silent" });
const baseUrl = (givenUrl || ownServer?.url || "").replace(/\/$/, "");
const runs = Math.max(1, Number(arg("runs", "3")) || 3);
const path = arg("path", "/map");
const tracing = !process.argv.includes("--no-trace");
const explaining = tracing && !process.argv.includes("--no-explain");
type BrowserKind = "warm" | "cold";
const browserArg = arg("browser", "both");
const browserKinds: BrowserKind[] =
  browserArg === "warm" ? ["warm"] : browserArg === "cold" ? ["cold"] : ["warm", "cold"];
/** A warm browser idles this long on a blank page first: long enough for its start-up work to be over. */
const WARM_IDLE_MS = 1500;
const LIGHT_CATEGORIES = "toplevel,blink.user_timing";
const DETAILED_CATEGORIES =
  "toplevel,devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,gpu,v8.execute";
const LONG_TASK_MS = 50;
const INTERACT_MARK = "bench:interact";
const GESTURE_MARK = "bench:gesture";
type Phase = "load" | "interact" | "gesture";

type TaskBreakdown = { ms: number; parts: [string, number][] };

type RunResult = {
  clustersPainted: number | null;
  maplibrePainted: number | null;
  longestTaskLoad: number;
  longestTaskBeforePaint: number;
  longestTaskInteract: number;
  longestTaskGesture: number;
  clustersPayloadRaw: number;
  clustersPayloadGzip: number;
  clustersItems: number;
  total: number;
  canvas: string;
  /** From the trace: the longest task of each phase, split by kind of work. */
  traceLoad: TaskBreakdown | null;
  traceInteract: TaskBreakdown | null;
  traceGesture: TaskBreakdown | null;
  /** False when the trace had no task events at all: its figures then mean nothing. */
  tracedTasksSeen: boolean;
  /** From the trace: every task over 50 ms, "start (ms after navigation start): duration, main work". */
  traceTasks: { phase: Phase; at: number; ms: number; main: string }[];
};

// ---------------------------------------------------------------------------
// Trace analysis
// ---------------------------------------------------------------------------

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
};

/** Which kind of work an event is; undefined inherits the enclosing event's kind. */
function kindOf(name: string): string | undefined {
  if (/ReadPixels|CopyRenderingResults/.test(name)) return "WebGL frame readback (draw + copy for the compositor)";
  if (/GetProgramiv|GetShaderiv|GetUniformBlockIndex|GetActiveAttrib|GetAttribLocation|GetUniformLocation/.test(name))
    return "WebGL shader setup";
  if (/WaitForCmd|WaitForGetOffset|CommandBufferHelper::Finish|GetBucketContents|CreateViewCommandBuffer/.test(name))
    return "WebGL round trip to the GPU process";
  if (/^(Layout|UpdateLayoutTree|Document::updateStyle|LocalFrameView::UpdateStyleAndLayout)$/.test(name))
    return "style and layout";
  if (/^(Paint|PrePaint|Layerize|UpdateLayer|Commit|PaintImage)$/.test(name)) return "paint and commit";
  if (/^(ParseHTML|ParseAuthorStyleSheet)$|CSSParserImpl::parseStyleSheet/.test(name)) return "HTML/CSS parsing";
  if (/^(MinorGC|MajorGC)$|^V8\.GC/.test(name)) return "garbage collection";
  if (
    /^(FunctionCall|EvaluateScript|v8\.evaluateModule|v8\.compile|v8\.run|v8\.callFunction|RunMicrotasks|FireAnimationFrame|TimerFire|EventDispatch)$/.test(
      name,
    )
  )
    return "script";
  return undefined;
}

/** Self time of each event inside a task, attributed to the nearest enclosing event with a kind. */
function breakdown(task: TraceEvent, inside: TraceEvent[]): TaskBreakdown {
  const end = task.ts + (task.dur ?? 0);
  const events = inside
    .filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const totals = new Map<string, number>();
  type Frame = { end: number; kind: string; childTime: number; dur: number };
  const stack: Frame[] = [{ end, kind: "other", childTime: 0, dur: task.dur ?? 0 }];
  const close = (frame: Frame) => {
    totals.set(frame.kind, (totals.get(frame.kind) ?? 0) + Math.max(0, frame.dur - frame.childTime));
  };
  for (const e of events) {
    while (stack.length > 1 && (stack[stack.length - 1] as Frame).end <= e.ts) close(stack.pop() as Frame);
    const parent = stack[stack.length - 1] as Frame;
    const dur = e.dur ?? 0;
    parent.childTime += dur;
    const own = kindOf(e.name);
    // A wait inside a WebGL call belongs to that call (a shader check, a frame's read back).
    const kind = own && !(own.startsWith("WebGL") && parent.kind.startsWith("WebGL")) ? own : parent.kind;
    stack.push({ end: e.ts + dur, kind, childTime: 0, dur });
  }
  while (stack.length > 0) close(stack.pop() as Frame);
  const parts = [...totals]
    .map(([k, us]) => [k, Math.round(us / 1000)] as [string, number])
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1]);
  return { ms: Math.round((task.dur ?? 0) / 1000), parts };
}

function analyseTrace(events: TraceEvent[], paintMark: number | null) {
  const threads = new Map<string, string>();
  for (const e of events) if (e.name === "thread_name") threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? "");
  // The page's renderer main thread: the one that ran the bench's interaction mark.
  const mark = events.find((e) => e.name === INTERACT_MARK);
  const key = mark ? `${mark.pid}:${mark.tid}` : null;
  const main = events.filter(
    (e) => `${e.pid}:${e.tid}` === key && threads.get(key ?? "") === "CrRendererMain" && e.ph === "X",
  );
  // "RunTask" (devtools.timeline) or "ThreadControllerImpl::RunTask" (toplevel): one task of the main thread. Both
  // appear when both categories are on, for the same task: keep one name.
  const taskName = main.some((e) => e.name === "ThreadControllerImpl::RunTask")
    ? "ThreadControllerImpl::RunTask"
    : "RunTask";
  const tasks = main.filter((e) => e.name === taskName && (e.dur ?? 0) > LONG_TASK_MS * 1000);
  const longest = (list: TraceEvent[]) =>
    list.reduce<TraceEvent | null>((a, b) => (a && (a.dur ?? 0) >= (b.dur ?? 0) ? a : b), null);
  const gestureMark = events.find((e) => e.name === GESTURE_MARK && `${e.pid}:${e.tid}` === key);
  const phaseOf = (t: TraceEvent): Phase =>
    gestureMark && t.ts >= gestureMark.ts ? "gesture" : mark && t.ts >= mark.ts ? "interact" : "load";
  const load = tasks.filter((t) => phaseOf(t) === "load");
  const interact = tasks.filter((t) => phaseOf(t) === "interact");
  const gesture = tasks.filter((t) => phaseOf(t) === "gesture");
  // Trace time of navigation start: the paint mark's trace time less its page time.
  const painted = events.find((e) => e.name === "map:clusters-painted" && `${e.pid}:${e.tid}` === key);
  const origin = painted && paintMark !== null ? painted.ts - paintMark * 1000 : (tasks[0]?.ts ?? 0);
  const traceTasks: RunResult["traceTasks"] = [];
  for (const t of tasks) {
    const top = breakdown(t, main).parts[0]?.[0] ?? "other";
    traceTasks.push({
      phase: phaseOf(t),
      at: Math.round((t.ts - origin) / 1000),
      ms: Math.round((t.dur ?? 0) / 1000),
      main: top,
    });
  }
  const loadTask = longest(load);
  const interactTask = longest(interact);
  const gestureTask = longest(gesture);
  return {
    traceLoad: loadTask ? breakdown(loadTask, main) : null,
    traceInteract: interactTask ? breakdown(interactTask, main) : null,
    traceGesture: gestureTask ? breakdown(gestureTask, main) : null,
    tracedTasksSeen: main.some((e) => e.name === taskName),
    traceTasks,
  };
}

async function startTrace(cdp: CDPSession, categories: string) {
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", (e) => {
    events.push(...(e.value as unknown as TraceEvent[]));
  });
  await cdp.send("Tracing.start", {
    categories,
    transferMode: "ReportEvents",
  });
  return async () => {
    const done = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.end");
    await done;
    return events;
  };
}

// ---------------------------------------------------------------------------
// One run
// ---------------------------------------------------------------------------

async function run(kind: BrowserKind, detailed: boolean): Promise<RunResult> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
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
    if (kind === "warm") {
      await page.goto("about:blank");
      await page.waitForTimeout(WARM_IDLE_MS);
    }
    const stopTrace = tracing
      ? await startTrace(await context.newCDPSession(page), detailed ? DETAILED_CATEGORIES : LIGHT_CATEGORIES)
      : null;
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
    const readyWithin = (timeout: number) =>
      page
        .waitForSelector('[data-map-box][data-map-ready="true"]', { timeout })
        .then(() => true)
        .catch(() => false);
    // The home page starts its map when the visitor reaches for it: reach for it.
    let ready = await readyWithin(5_000);
    if (!ready) {
      await page.hover("[data-map-box]");
      ready = await readyWithin(30_000);
    }
    await page.waitForTimeout(300);
    const loadTasks = (await page.evaluate("window.__longTasks.slice()")) as { start: number; duration: number }[];
    // Strings, not functions: tsx's name helpers would not exist inside the page.
    const marks = (await page.evaluate(`({
      svg: performance.getEntriesByName("map:clusters-painted")[0]?.startTime ?? null,
      maplibre: performance.getEntriesByName("map:maplibre-clusters-painted")[0]?.startTime ?? null,
    })`)) as { svg: number | null; maplibre: number | null };
    const canvas = (await page.evaluate(`(() => {
      const c = document.querySelector("canvas.maplibregl-canvas");
      if (!c) return "no canvas";
      const gl = c.getContext("webgl2") || c.getContext("webgl");
      const info = gl && gl.getExtension("WEBGL_debug_renderer_info");
      const renderer = gl ? String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)) : "?";
      return c.width + "x" + c.height + " pixels for " + c.clientWidth + "x" + c.clientHeight + " CSS px (" + renderer.replace(/\\s*\\(0x[0-9A-F]+\\)/, "") + ")";
    })()`)) as string;
    await page.evaluate(`performance.mark(${JSON.stringify(INTERACT_MARK)})`);
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
    const afterControls = ((await page.evaluate("window.__longTasks.length")) as number) ?? before;
    // Then a mouse drag and a few wheel steps over the map, as a visitor pans and zooms by hand.
    await page.evaluate(`performance.mark(${JSON.stringify(GESTURE_MARK)})`);
    const box = await page.locator("[data-map-box]").boundingBox();
    if (ready && box) {
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      const response = page
        .waitForResponse((r) => r.url().includes("/api/map/clusters?bbox="), { timeout: 10_000 })
        .catch(() => null);
      await page.mouse.move(x, y);
      await page.mouse.down();
      for (let i = 1; i <= 12; i++) await page.mouse.move(x - i * 20, y - i * 8);
      await page.mouse.up();
      await response;
      for (const delta of [-240, -240, 240]) {
        await page.mouse.wheel(0, delta);
        await page.waitForTimeout(250);
      }
      await page.waitForTimeout(500);
    }
    const allTasks = (await page.evaluate("window.__longTasks.slice()")) as { start: number; duration: number }[];
    const interactTasks = allTasks.slice(before, afterControls);
    const gestureTasks = allTasks.slice(afterControls);
    const trace = stopTrace
      ? analyseTrace(await stopTrace(), marks.svg)
      : { traceLoad: null, traceInteract: null, traceGesture: null, tracedTasksSeen: false, traceTasks: [] };
    const longest = (tasks: { duration: number }[]) => Math.round(Math.max(0, ...tasks.map((t) => t.duration)));
    const payload = firstClusters as { raw: number; gzip: number; items: number; total: number } | null;
    return {
      clustersPainted: marks.svg === null ? null : Math.round(marks.svg),
      maplibrePainted: marks.maplibre === null ? null : Math.round(marks.maplibre),
      longestTaskLoad: longest(loadTasks),
      longestTaskBeforePaint: longest(loadTasks.filter((t) => marks.svg !== null && t.start < marks.svg)),
      longestTaskInteract: longest(interactTasks),
      longestTaskGesture: longest(gestureTasks),
      clustersPayloadRaw: payload?.raw ?? 0,
      clustersPayloadGzip: payload?.gzip ?? 0,
      clustersItems: payload?.items ?? 0,
      total: payload?.total ?? 0,
      canvas,
      ...trace,
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

const describe = (b: TaskBreakdown | null) =>
  b ? `${b.ms} ms = ${b.parts.map(([k, ms]) => `${k} ${ms}`).join(", ")}` : `none over ${LONG_TASK_MS} ms`;

const html = await htmlSize();
const tracedLongest = (phase: Phase) => (r: RunResult) =>
  Math.max(0, ...r.traceTasks.filter((t) => t.phase === phase).map((t) => t.ms));
const taskList = (r: RunResult, phase: Phase) =>
  r.traceTasks
    .filter((t) => t.phase === phase)
    .map((t) => `@${t.at} ${t.ms} ms${t.main === "other" ? "" : ` (${t.main})`}`)
    .join("; ") || "none";

const summaries: string[] = [];
for (const kind of browserKinds) {
  console.log(`-- ${kind} browser`);
  const results: RunResult[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await run(kind, false);
    results.push(r);
    console.log(
      `run ${i + 1}: clusters painted ${r.clustersPainted ?? "n/a"} ms, MapLibre clusters ${r.maplibrePainted ?? "n/a"} ms, ` +
        `longest task (longtask API) before SVG paint ${r.longestTaskBeforePaint} ms, load ${r.longestTaskLoad} ms / ` +
        `pan+zoom ${r.longestTaskInteract} ms / drag+wheel ${r.longestTaskGesture} ms`,
    );
    if (tracing) {
      console.log(
        `       traced tasks over ${LONG_TASK_MS} ms: load ${taskList(r, "load")}; pan+zoom ${taskList(r, "interact")}; ` +
          `drag+wheel ${taskList(r, "gesture")}`,
      );
    }
  }
  if (explaining) {
    const r = await run(kind, true);
    console.log("detailed trace run (its tracing makes tasks longer; it says what they are made of):");
    console.log(`       longest in load:       ${describe(r.traceLoad)}`);
    console.log(`       longest in pan+zoom:   ${describe(r.traceInteract)}`);
    console.log(`       longest in drag+wheel: ${describe(r.traceGesture)}`);
    console.log(`       tasks over ${LONG_TASK_MS} ms, load: ${taskList(r, "load")}`);
  }
  const last = results[results.length - 1];
  const numbers = (pick: (r: RunResult) => number | null) => results.map(pick).filter((v): v is number => v !== null);
  const lines = [
    `map benchmark, ${kind} browser: ${baseUrl}${path} (${runs} runs, median)`,
    `  locations on the map:            ${last?.total ?? 0}`,
    `  HTML:                            ${(html.raw / 1024).toFixed(1)} KB, ${(html.gzip / 1024).toFixed(1)} KB gzip`,
    `  first clusters painted (SVG):    ${median(numbers((r) => r.clustersPainted))} ms after navigation start`,
    `  MapLibre clusters painted:       ${median(numbers((r) => r.maplibrePainted))} ms`,
    `  longest task before first paint: ${median(numbers((r) => r.longestTaskBeforePaint))} ms (longtask API)`,
    `  longest main-thread task, load:  ${median(numbers((r) => r.longestTaskLoad))} ms (longtask API; includes starting MapLibre)`,
    `  longest task, pans/zooms:        ${median(numbers((r) => r.longestTaskInteract))} ms (longtask API; the map's zoom and pan controls)`,
    `  longest task, drag and wheel:    ${median(numbers((r) => r.longestTaskGesture))} ms (longtask API; mouse drag, then wheel zooms)`,
  ];
  if (tracing && results.some((r) => !r.tracedTasksSeen)) {
    // No task events: this Chromium names them differently. Say so rather than print zeros that read as a pass.
    lines.push("  longest task in the trace:       n/a (the trace had no main-thread task events)");
  } else if (tracing) {
    const worst = (phase: Phase) => Math.max(0, ...results.map(tracedLongest(phase)));
    lines.push(
      `  longest task in the trace:       load ${median(results.map(tracedLongest("load")))} ms / pan+zoom ${median(results.map(tracedLongest("interact")))} ms ` +
        `/ drag+wheel ${median(results.map(tracedLongest("gesture")))} ms ` +
        `(median; worst run ${worst("load")} / ${worst("interact")} / ${worst("gesture")} ms; style, layout and paint included; ` +
        `0 = none over ${LONG_TASK_MS} ms)`,
      `  runs with a traced task over ${LONG_TASK_MS} ms (load, pans/zooms or drag): ` +
        `${results.filter((r) => r.traceTasks.length > 0).length} of ${runs}`,
    );
  }
  lines.push(
    `  clusters payload, initial view:  ${last?.clustersItems ?? 0} items, ${((last?.clustersPayloadRaw ?? 0) / 1024).toFixed(1)} KB, ` +
      `${((last?.clustersPayloadGzip ?? 0) / 1024).toFixed(1)} KB gzip`,
    `  MapLibre canvas:                 ${last?.canvas ?? "n/a"}`,
  );
  summaries.push(lines.join("\n"));
}
console.log("");
console.log(summaries.join("\n\n"));

await ownServer?.stop();
if (tempDataDir) fs.rmSync(tempDataDir, { recursive: true, force: true });
