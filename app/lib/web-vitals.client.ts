/**
 * Logs the Core Web Vitals and friends (LCP, CLS, INP, FID, FCP, TTFB) to the console with PerformanceObserver,
 * without a library (performance metrics are logged to the console). LCP, CLS and INP are final
 * only when the page is hidden, so they are logged then; the others as soon as they are known.
 */
type Metric = "LCP" | "CLS" | "INP" | "FID" | "FCP" | "TTFB";

type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean };
type EventTiming = PerformanceEntry & { interactionId?: number; processingStart: number };

let started = false;

function log(name: Metric, value: number) {
  const rounded = name === "CLS" ? Math.round(value * 1000) / 1000 : Math.round(value);
  console.info(`[web-vitals] ${name}: ${rounded}${name === "CLS" ? "" : " ms"}`);
}

function observe(type: string, callback: (entries: PerformanceEntry[]) => void, opts: Record<string, unknown> = {}) {
  if (!PerformanceObserver.supportedEntryTypes?.includes(type)) return;
  try {
    new PerformanceObserver((list) => callback(list.getEntries())).observe({ type, buffered: true, ...opts });
  } catch {
    // an entry type this browser lists but refuses with these options: skip that metric
  }
}

export function startWebVitalsLogging(): void {
  if (started || typeof PerformanceObserver === "undefined") return;
  started = true;

  const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  if (nav) log("TTFB", Math.max(0, nav.responseStart - nav.startTime));

  observe("paint", (entries) => {
    const fcp = entries.find((e) => e.name === "first-contentful-paint");
    if (fcp) log("FCP", fcp.startTime);
  });

  let lcp = 0;
  observe("largest-contentful-paint", (entries) => {
    const last = entries.at(-1);
    if (last) lcp = last.startTime;
  });

  // CLS: the largest session window of shifts (gaps under 1 s, windows up to 5 s), as the metric defines it.
  let cls = 0;
  let sessionValue = 0;
  let sessionStart = 0;
  let sessionLast = 0;
  observe("layout-shift", (entries) => {
    for (const entry of entries as LayoutShift[]) {
      if (entry.hadRecentInput) continue;
      if (sessionValue && entry.startTime - sessionLast < 1000 && entry.startTime - sessionStart < 5000) {
        sessionValue += entry.value;
      } else {
        sessionValue = entry.value;
        sessionStart = entry.startTime;
      }
      sessionLast = entry.startTime;
      cls = Math.max(cls, sessionValue);
    }
  });

  observe("first-input", (entries) => {
    const first = entries[0] as EventTiming | undefined;
    if (first) log("FID", first.processingStart - first.startTime);
  });

  // INP: the slowest interaction seen (good enough for a console log; the metric proper drops outliers).
  let inp = 0;
  observe(
    "event",
    (entries) => {
      for (const entry of entries as EventTiming[]) {
        if (entry.interactionId) inp = Math.max(inp, entry.duration);
      }
    },
    { durationThreshold: 40 },
  );

  let reported = false;
  const reportFinal = () => {
    if (document.visibilityState !== "hidden" || reported) return;
    reported = true;
    if (lcp) log("LCP", lcp);
    log("CLS", cls);
    if (inp) log("INP", inp);
  };
  document.addEventListener("visibilitychange", reportFinal);
  // Also log LCP once the page settles, so a developer sees it without switching tabs.
  window.setTimeout(() => {
    if (lcp && !reported) log("LCP", lcp);
  }, 3000);
}
