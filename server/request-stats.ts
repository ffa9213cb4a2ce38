import type { NextFunction, Request, Response } from "express";
import type { ServerBuild } from "react-router";
import { matchRoutes, type RouteObject } from "react-router";
import { LANGUAGES } from "~/lib/i18n/languages";
import { BUCKET_MS, bucketIndex, LATENCY_BOUNDS_MS } from "~/lib/latency-histogram";
import { offlinePagePath } from "~/lib/offline-page";
import { upsertRequestStats } from "~/queries/request-stats.server";
import type { Database } from "~db/client";
import { PMTILES_STYLE_URL_PATH, PMTILES_URL_PATH } from "./config";

export { BUCKET_MS, LATENCY_BOUNDS_MS, percentileFromHistogram } from "~/lib/latency-histogram";

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
 * Addresses the server answers itself, outside the route manifest: each is its own pattern. Health and metrics,
 * React Router's route discovery (`/__manifest`, asked as a visitor's links come into view), the analytics
 * endpoint, the offline pages and the map's file and style.
 */
const SERVER_PATHS = [
  "/healthz",
  "/readyz",
  "/metrics",
  "/__manifest",
  "/api/analytics",
  ...LANGUAGES.map(offlinePagePath),
  PMTILES_URL_PATH,
  PMTILES_STYLE_URL_PATH,
];

/** Files and storage addresses are counted by folder: one row each, not one per file. Longest prefix first. */
const GROUPS: readonly (readonly [prefix: string, pattern: string])[] = [
  ["/assets/", "/assets/*"],
  ["/media/", "/media/*"],
  ["/api/storage/download/", "/api/storage/download/*"],
  ["/api/storage/", "/api/storage/*"],
];

/** React Router's data address of the home page (`/_root.data`; any other page's is its address plus `.data`). */
const ROOT_DATA_PATH = "/_root";

/**
 * Records, per route pattern (never the raw URL), method and minute: counts by status class and a latency
 * histogram. Work per request is a map update; rows are written in one batch every `flushMs`.
 *
 * Every address gets a pattern from a bounded set, so an address typed at random never makes a row of its own:
 * a page by its route's path pattern in its language (`/location/:slug`, `/es/location/:slug`), its data requests
 * marked `(data)`, the server's own addresses and `staticFiles` (the client folder's root files) by name, files by
 * folder (`/assets/*`), and anything else by the catch-all route it falls to (`/*`, `/es/*`).
 */
export function createRequestStats(opts: {
  db: Database;
  build?: ServerBuild;
  flushMs?: number;
  onError?: (err: unknown) => void;
  /** Exact paths of files served from the client folder's root (`/favicon.svg`, `/sw.js`). */
  staticFiles?: readonly string[];
}) {
  const tree = opts.build ? routeTree(opts.build) : [];
  const ownPaths = new Set([...SERVER_PATHS, ...(opts.staticFiles ?? [])]);
  const patternCache = new Map<string, string>();
  let pending = new Map<string, Agg>();

  function patternFor(pathname: string): string {
    if (ownPaths.has(pathname)) return pathname;
    for (const [prefix, pattern] of GROUPS) if (pathname.startsWith(prefix)) return pattern;
    const isData = pathname.endsWith(".data");
    let path = isData ? pathname.slice(0, -5) || "/" : pathname;
    if (isData && path === ROOT_DATA_PATH) path = "/";
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
      await upsertRequestStats(opts.db, rows);
    } catch (err) {
      opts.onError?.(err);
    }
  }

  const timer = setInterval(() => void flush(), opts.flushMs ?? 10_000);
  timer.unref();

  function middleware(req: Request, res: Response, next: NextFunction) {
    const start = process.hrtime.bigint();
    // Read now: a router mounted on a path (app.use("/assets", …)) shortens the address until it has answered.
    const path = req.path;
    res.once("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      record(patternFor(path), req.method, res.statusCode, ms);
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
