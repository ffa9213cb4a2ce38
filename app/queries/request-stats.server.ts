import { and, gte, lt, sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import { requestStats } from "~db/schema";
import { percentileFromHistogram } from "../lib/latency-histogram";
import { rowsOf } from "./sql-helpers.server";

export type StatsWindow = "hour" | "day" | "week";
export const WINDOW_MS: Record<StatsWindow, number> = { hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000 };
/** Series bucket per window: minutes for the last hour, hours for a day, six hours for a week. */
const SERIES_STEP_MS: Record<StatsWindow, number> = { hour: 60_000, day: 3_600_000, week: 6 * 3_600_000 };

export type RouteStats = {
  route: string;
  method: string;
  count: number;
  count4xx: number;
  count5xx: number;
  errorRate: number;
  meanMs: number;
  p50: number;
  p95: number;
  p99: number;
  maxMs: number;
};

export type RequestStatsReport = {
  window: StatsWindow;
  from: string;
  to: string;
  totals: {
    count: number;
    count2xx: number;
    count3xx: number;
    count4xx: number;
    count5xx: number;
    errorRate: number;
    p50: number;
    p95: number;
    p99: number;
  };
  series: { t: string; count: number; errors: number }[];
  routes: RouteStats[];
};

/** Request statistics for the last hour, day or week: totals, a time series, and per-route percentiles. */
export async function getRequestStatsReport(
  db: Executor,
  window: StatsWindow,
  now = new Date(),
): Promise<RequestStatsReport> {
  const from = new Date(now.getTime() - WINDOW_MS[window]);
  const step = SERIES_STEP_MS[window] / 1000;
  const inWindow = and(gte(requestStats.bucketStart, from), lt(requestStats.bucketStart, now));
  const [perRoute, hist, series] = await Promise.all([
    db
      .select({
        route: requestStats.route,
        method: requestStats.method,
        count: sql<number>`sum(${requestStats.count})`.mapWith(Number),
        count2xx: sql<number>`sum(${requestStats.count2xx})`.mapWith(Number),
        count3xx: sql<number>`sum(${requestStats.count3xx})`.mapWith(Number),
        count4xx: sql<number>`sum(${requestStats.count4xx})`.mapWith(Number),
        count5xx: sql<number>`sum(${requestStats.count5xx})`.mapWith(Number),
        totalMs: sql<number>`sum(${requestStats.totalMs})`.mapWith(Number),
        maxMs: sql<number>`max(${requestStats.maxMs})`.mapWith(Number),
      })
      .from(requestStats)
      .where(inWindow)
      .groupBy(requestStats.route, requestStats.method),
    // Histograms merged in the database: one row per route, method and bucket index.
    db.execute(sql`
      select s.route, s.method, h.n::int as n, sum(h.value::numeric)::float8 as c
      from ${requestStats} s, jsonb_array_elements(s.histogram) with ordinality as h(value, n)
      where s.bucket_start >= ${from} and s.bucket_start < ${now}
      group by s.route, s.method, h.n`),
    db.execute(sql`
      select to_timestamp(floor(extract(epoch from bucket_start) / ${step}) * ${step}) as t,
             sum(count)::int as count, sum(count_5xx)::int as errors
      from ${requestStats}
      where bucket_start >= ${from} and bucket_start < ${now}
      group by 1 order by 1`),
  ]);

  const histograms = new Map<string, number[]>();
  const overall: number[] = [];
  for (const r of rowsOf<{ route: string; method: string; n: number; c: number }>(hist)) {
    const key = `${r.route}\u0000${r.method}`;
    const h = histograms.get(key) ?? [];
    h[r.n - 1] = (h[r.n - 1] ?? 0) + Number(r.c);
    histograms.set(key, h);
    overall[r.n - 1] = (overall[r.n - 1] ?? 0) + Number(r.c);
  }
  const dense = (h: number[]) => Array.from({ length: h.length }, (_, i) => h[i] ?? 0);

  const routes: RouteStats[] = perRoute.map((r) => {
    const h = dense(histograms.get(`${r.route}\u0000${r.method}`) ?? []);
    return {
      route: r.route,
      method: r.method,
      count: r.count,
      count4xx: r.count4xx,
      count5xx: r.count5xx,
      errorRate: r.count ? r.count5xx / r.count : 0,
      meanMs: r.count ? r.totalMs / r.count : 0,
      p50: percentileFromHistogram(h, 0.5),
      p95: percentileFromHistogram(h, 0.95),
      p99: percentileFromHistogram(h, 0.99),
      maxMs: r.maxMs,
    };
  });
  routes.sort((a, b) => b.p95 - a.p95 || b.count - a.count);
  const sum = (k: "count" | "count2xx" | "count3xx" | "count4xx" | "count5xx") =>
    perRoute.reduce((a, r) => a + r[k], 0);
  const all = dense(overall);
  const count = sum("count");
  return {
    window,
    from: from.toISOString(),
    to: now.toISOString(),
    totals: {
      count,
      count2xx: sum("count2xx"),
      count3xx: sum("count3xx"),
      count4xx: sum("count4xx"),
      count5xx: sum("count5xx"),
      errorRate: count ? sum("count5xx") / count : 0,
      p50: percentileFromHistogram(all, 0.5),
      p95: percentileFromHistogram(all, 0.95),
      p99: percentileFromHistogram(all, 0.99),
    },
    series: rowsOf<{ t: Date | string; count: number; errors: number }>(series).map((r) => ({
      t: new Date(r.t).toISOString(),
      count: Number(r.count),
      errors: Number(r.errors),
    })),
    routes,
  };
}

/**
 * Keeps the table small: minute rows older than a day are merged into one row per hour (at the hour's start).
 * Idempotent; runs under an advisory lock so one instance does it at a time.
 */
export async function rollupRequestStats(db: Executor, now = new Date()): Promise<{ merged: number }> {
  const cutoff = new Date(now.getTime() - 86_400_000);
  return db.transaction(async (tx) => {
    const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(727002) as ok`);
    if (!rowsOf<{ ok: boolean }>(lock)[0]?.ok) return { merged: 0 };
    const rows = await tx
      .select()
      .from(requestStats)
      .where(
        and(
          lt(requestStats.bucketStart, cutoff),
          sql`${requestStats.bucketStart} <> date_trunc('hour', ${requestStats.bucketStart})`,
        ),
      );
    if (rows.length === 0) return { merged: 0 };
    const groups = new Map<string, (typeof rows)[number]>();
    for (const r of rows) {
      const hour = new Date(r.bucketStart);
      hour.setUTCMinutes(0, 0, 0);
      const key = `${hour.getTime()}\u0000${r.route}\u0000${r.method}`;
      const g = groups.get(key);
      if (!g) {
        groups.set(key, { ...r, bucketStart: hour, histogram: [...r.histogram] });
        continue;
      }
      g.count += r.count;
      g.count2xx += r.count2xx;
      g.count3xx += r.count3xx;
      g.count4xx += r.count4xx;
      g.count5xx += r.count5xx;
      g.totalMs += r.totalMs;
      g.maxMs = Math.max(g.maxMs, r.maxMs);
      r.histogram.forEach((c, i) => {
        g.histogram[i] = (Number(g.histogram[i]) || 0) + Number(c);
      });
    }
    await tx
      .delete(requestStats)
      .where(
        and(
          lt(requestStats.bucketStart, cutoff),
          sql`${requestStats.bucketStart} <> date_trunc('hour', ${requestStats.bucketStart})`,
        ),
      );
    await upsertRequestStats(tx, [...groups.values()]);
    return { merged: rows.length };
  });
}

export type RequestStatsRow = typeof requestStats.$inferInsert;

/** Adds rows to the table: counts and latency histograms of an existing (bucket, route, method) row are summed. */
export async function upsertRequestStats(db: Executor, rows: RequestStatsRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(requestStats)
      .values(rows.slice(i, i + 500))
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
          // Element-wise sum of the two histograms.
          histogram: sql`(select coalesce(jsonb_agg(coalesce(a.value::numeric, 0) + coalesce(b.value::numeric, 0) order by coalesce(a.n, b.n)), '[]'::jsonb)
            from jsonb_array_elements(${requestStats.histogram}) with ordinality as a(value, n)
            full join jsonb_array_elements(excluded.histogram) with ordinality as b(value, n) on a.n = b.n)`,
        },
      });
  }
}
