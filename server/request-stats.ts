import { sql } from "drizzle-orm";
import type { NextFunction, Request, Response } from "express";
import type { ServerBuild } from "react-router";
import { matchRoutes, type RouteObject } from "react-router";
import type { Database } from "../db/client";
import { requestStats } from "../db/schema";

/** Latency histogram bucket upper bounds in ms: ×1.25 steps from 0.5 ms to ~60 s (≤12.5 % percentile error). */
export const LATENCY_BOUNDS_MS: number[] = (() => {
  const out: number[] = [];
  for (let b = 0.5; b < 60_000; b *= 1.25) out.push(Math.round(b * 1000) / 1000);
  return out;
})();
export const BUCKET_MS = 60_000;

function bucketIndex(ms: number): number {
  let lo = 0;
  let hi = LATENCY_BOUNDS_MS.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((LATENCY_BOUNDS_MS[mid] ?? Number.POSITIVE_INFINITY) < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo; // == length means "above the last bound"
}

/** Percentile (0..1) from a histogram of counts per LATENCY_BOUNDS_MS bucket. */
export function percentileFromHistogram(histogram: readonly number[], p: number): number {
  const total = histogram.reduce((a, b) => a + b, 0);
  if (total === 0) return 0;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    seen += histogram[i] ?? 0;
    if (seen >= rank) return LATENCY_BOUNDS_MS[i] ?? (LATENCY_BOUNDS_MS.at(-1) ?? 0) * 1.25;
  }
  return (LATENCY_BOUNDS_MS.at(-1) ?? 0) * 1.25;
}

type Agg = {
  count: number;
  c2: number;
  c3: number;
  c4: number;
  c5: number;
  hist: number[];
  totalMs: number;
  maxMs: number;
};

/** Turns React Router's flat route manifest into a tree for matching URL paths to route patterns. */
function routeTree(build: ServerBuild): RouteObject[] {
  type Manifest = NonNullable<ServerBuild["routes"][string]>;
  const byParent = new Map<string | undefined, Manifest[]>();
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    const list = byParent.get(r.parentId) ?? [];
    list.push(r);
    byParent.set(r.parentId, list);
  }
  const make = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((r) => {
      const children = make(r.id);
      return r.index
        ? ({ id: r.id, index: true, path: r.path } as RouteObject)
        : ({ id: r.id, path: r.path, caseSensitive: r.caseSensitive, children } as RouteObject);
    });
  return make(undefined);
}

/**
 * Records, per route pattern (never the raw URL), method and minute: counts by status class and a latency
 * histogram. Work per request is a map update; rows are written in one batch every `flushMs`.
 */
export function createRequestStats(opts: {
  db: Database;
  build?: ServerBuild;
  flushMs?: number;
  onError?: (err: unknown) => void;
}) {
  const tree = opts.build ? routeTree(opts.build) : [];
  const patternCache = new Map<string, string>();
  let pending = new Map<string, Agg>();

  function patternFor(pathname: string): string {
    if (pathname === "/healthz") return "/healthz";
    if (pathname.startsWith("/assets/")) return "/assets/*";
    if (pathname.startsWith("/media/")) return "/media/*";
    if (pathname.startsWith("/api/storage/")) return "/api/storage/*";
    const isData = pathname.endsWith(".data");
    const path = isData ? pathname.slice(0, -5) || "/" : pathname;
    const cached = patternCache.get(path);
    if (cached) return isData ? `${cached} (data)` : cached;
    const matches = tree.length ? matchRoutes(tree, path) : null;
    let pattern = "(unmatched)";
    if (matches?.length) {
      const parts = matches.map((m) => m.route.path).filter((p): p is string => Boolean(p));
      pattern = `/${parts.join("/")}`.replace(/\/+/g, "/");
    }
    if (patternCache.size < 5000) patternCache.set(path, pattern);
    return isData ? `${pattern} (data)` : pattern;
  }

  function record(route: string, method: string, status: number, ms: number, at = Date.now()) {
    const bucket = at - (at % BUCKET_MS);
    const key = `${bucket}\u0000${route}\u0000${method}`;
    let a = pending.get(key);
    if (!a) {
      a = {
        count: 0,
        c2: 0,
        c3: 0,
        c4: 0,
        c5: 0,
        hist: new Array(LATENCY_BOUNDS_MS.length + 1).fill(0),
        totalMs: 0,
        maxMs: 0,
      };
      pending.set(key, a);
    }
    a.count++;
    if (status >= 500) a.c5++;
    else if (status >= 400) a.c4++;
    else if (status >= 300) a.c3++;
    else a.c2++;
    const i = bucketIndex(ms);
    a.hist[i] = (a.hist[i] ?? 0) + 1;
    a.totalMs += ms;
    if (ms > a.maxMs) a.maxMs = ms;
  }

  async function flush(): Promise<void> {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    const rows = [...batch].map(([key, a]) => {
      const [bucket, route, method] = key.split("\u0000");
      return {
        bucketStart: new Date(Number(bucket)),
        route: route ?? "",
        method: method ?? "GET",
        count: a.count,
        count2xx: a.c2,
        count3xx: a.c3,
        count4xx: a.c4,
        count5xx: a.c5,
        histogram: a.hist,
        totalMs: a.totalMs,
        maxMs: a.maxMs,
      };
    });
    try {
      await opts.db
        .insert(requestStats)
        .values(rows)
        .onConflictDoUpdate({
          target: [requestStats.bucketStart, requestStats.route, requestStats.method],
          set: {
            count: sql`${requestStats.count} + excluded.count`,
            count2xx: sql`${requestStats.count2xx} + excluded.count_2xx`,
            count3xx: sql`${requestStats.count3xx} + excluded.count_3xx`,
            count4xx: sql`${requestStats.count4xx} + excluded.count_4xx`,
            count5xx: sql`${requestStats.count5xx} + excluded.count_5xx`,
            totalMs: sql`${requestStats.totalMs} + excluded.total_ms`,
            maxMs: sql`greatest(${requestStats.maxMs}, excluded.max_ms)`,
            // Element-wise sum of the two histograms (same length by construction).
            histogram: sql`(select coalesce(jsonb_agg(coalesce(a.value::numeric, 0) + coalesce(b.value::numeric, 0) order by coalesce(a.n, b.n)), '[]'::jsonb)
              from jsonb_array_elements(${requestStats.histogram}) with ordinality as a(value, n)
              full join jsonb_array_elements(excluded.histogram) with ordinality as b(value, n) on a.n = b.n)`,
          },
        });
    } catch (err) {
      opts.onError?.(err);
    }
  }

  const timer = setInterval(() => void flush(), opts.flushMs ?? 10_000);
  timer.unref();

  function middleware(req: Request, res: Response, next: NextFunction) {
    const start = process.hrtime.bigint();
    res.once("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      record(patternFor(req.path), req.method, res.statusCode, ms);
    });
    next();
  }

  return {
    middleware,
    record,
    patternFor,
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
