import { and, asc, between, desc, eq, gte, lt, sql } from "drizzle-orm";
import { DAY_MS } from "~/lib/constants";
import type { Executor } from "~db/client";
import { analyticsDailyDims, analyticsDailyPages, analyticsDailyTotals, analyticsEvents } from "~db/schema";
import { pruneSearchStats } from "./search-stats.server";
import { getSettingsDocument, putSettingsDocument } from "./settings.server";
import { rowsOf } from "./sql-helpers.server";

export const ANALYTICS_SETTINGS_DOC = "analytics";
export const DEFAULT_RETENTION_DAYS = 396; // about 13 months of raw events; rollups are kept for ever
export const DIMENSIONS = ["referrer", "device", "country", "form", "interaction"] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** One raw event as stored: the ingest builds it from a visitor's request, without cookies or raw addresses. */
export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

/** Stores raw events in one statement. */
export async function insertAnalyticsEvents(db: Executor, rows: NewAnalyticsEvent[]): Promise<void> {
  if (rows.length > 0) await db.insert(analyticsEvents).values(rows);
}

export type DayAggregates = {
  totals: { pageViews: number; visitors: number; interactions: number; formSubmissions: number };
  pages: { path: string; views: number; visitors: number }[];
  dims: { dim: Dimension; key: string; count: number }[];
};

/** Aggregates the raw events of [from, to) — one day for rollups, or today for live figures. */
export async function aggregateRaw(db: Executor, from: Date, to: Date): Promise<DayAggregates> {
  const inRange = and(gte(analyticsEvents.createdAt, from), lt(analyticsEvents.createdAt, to));
  const [totalsRows, pages, dims] = await Promise.all([
    db
      .select({
        pageViews: sql<number>`count(*) filter (where ${analyticsEvents.kind} = 'page_view')`.mapWith(Number),
        visitors:
          sql<number>`count(distinct ${analyticsEvents.visitorHash}) filter (where ${analyticsEvents.kind} = 'page_view')`.mapWith(
            Number,
          ),
        interactions: sql<number>`count(*) filter (where ${analyticsEvents.kind} = 'user_interaction')`.mapWith(Number),
        formSubmissions: sql<number>`count(*) filter (where ${analyticsEvents.kind} = 'form_submission')`.mapWith(
          Number,
        ),
      })
      .from(analyticsEvents)
      .where(inRange),
    db
      .select({
        path: analyticsEvents.path,
        views: sql<number>`count(*)`.mapWith(Number),
        visitors: sql<number>`count(distinct ${analyticsEvents.visitorHash})`.mapWith(Number),
      })
      .from(analyticsEvents)
      .where(and(inRange, eq(analyticsEvents.kind, "page_view")))
      .groupBy(analyticsEvents.path),
    db.execute(sql`
      select dim, key, count(*)::int as count from (
        select 'referrer' as dim, referrer as key from ${analyticsEvents}
          where created_at >= ${from} and created_at < ${to} and kind = 'page_view' and referrer is not null
        union all
        select 'device', device from ${analyticsEvents}
          where created_at >= ${from} and created_at < ${to} and kind = 'page_view' and device is not null
        union all
        select 'country', country from ${analyticsEvents}
          where created_at >= ${from} and created_at < ${to} and kind = 'page_view' and country is not null
        union all
        select 'form', form_name from ${analyticsEvents}
          where created_at >= ${from} and created_at < ${to} and kind = 'form_submission'
        union all
        select 'interaction', category || ' / ' || action from ${analyticsEvents}
          where created_at >= ${from} and created_at < ${to} and kind = 'user_interaction'
      ) d group by dim, key`),
  ]);
  const dimRows = rowsOf<{ dim: Dimension; key: string; count: number }>(dims).map((r) => ({
    dim: r.dim,
    key: r.key,
    count: Number(r.count),
  }));
  return {
    totals: totalsRows[0] ?? { pageViews: 0, visitors: 0, interactions: 0, formSubmissions: 0 },
    pages,
    dims: dimRows,
  };
}

export async function getRetentionDays(db: Executor): Promise<number> {
  const doc = (await getSettingsDocument(db, ANALYTICS_SETTINGS_DOC)) as { retentionDays?: number } | undefined;
  const n = Number(doc?.retentionDays);
  return Number.isInteger(n) && n >= 30 && n <= 3650 ? n : DEFAULT_RETENTION_DAYS;
}

export async function setRetentionDays(db: Executor, days: number, updatedBy?: string): Promise<void> {
  await putSettingsDocument(db, ANALYTICS_SETTINGS_DOC, { retentionDays: days }, updatedBy);
}

/**
 * Rolls every finished day (UTC) that has raw events and no rollup yet into the daily tables, then deletes raw events
 * older than the retention period. Idempotent; an advisory lock keeps several instances from doing it at once.
 */
export async function rollupAnalytics(db: Executor, now = new Date()): Promise<{ days: number; deleted: number }> {
  const today = utcDay(now);
  return db.transaction(async (tx) => {
    const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(727001) as ok`);
    if (!rowsOf<{ ok: boolean }>(lock)[0]?.ok) return { days: 0, deleted: 0 };
    const pending = await tx.execute(sql`
      select distinct to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day from ${analyticsEvents}
      where created_at < ${dayStart(today)}
        and not exists (select 1 from ${analyticsDailyTotals} t where t.day = (${analyticsEvents.createdAt} at time zone 'UTC')::date)
      order by 1`);
    const days = rowsOf<{ day: string }>(pending).map((r) => r.day);
    for (const day of days) {
      const from = dayStart(day);
      const agg = await aggregateRaw(tx, from, new Date(from.getTime() + DAY_MS));
      await tx
        .insert(analyticsDailyTotals)
        .values({ day, ...agg.totals })
        .onConflictDoNothing();
      for (let i = 0; i < agg.pages.length; i += 1000) {
        await tx
          .insert(analyticsDailyPages)
          .values(agg.pages.slice(i, i + 1000).map((p) => ({ day, ...p })))
          .onConflictDoNothing();
      }
      for (let i = 0; i < agg.dims.length; i += 1000) {
        await tx
          .insert(analyticsDailyDims)
          .values(agg.dims.slice(i, i + 1000).map((d) => ({ day, ...d })))
          .onConflictDoNothing();
      }
    }
    const retention = await getRetentionDays(tx);
    const cutoff = new Date(dayStart(today).getTime() - retention * DAY_MS);
    const deleted = await tx
      .delete(analyticsEvents)
      .where(lt(analyticsEvents.createdAt, cutoff))
      .returning({ id: analyticsEvents.id });
    // What visitors typed into search is kept as long as raw events, though it is counted per day.
    await pruneSearchStats(tx, utcDay(cutoff));
    return { days: days.length, deleted: deleted.length };
  });
}

export type Granularity = "day" | "week" | "month";

/** Start of the bucket a day belongs to: the day itself, the Monday of its ISO week, or the first of its month. */
export function bucketOf(day: string, g: Granularity): string {
  if (g === "day") return day;
  if (g === "month") return `${day.slice(0, 7)}-01`;
  const d = dayStart(day);
  const weekday = (d.getUTCDay() + 6) % 7;
  return utcDay(new Date(d.getTime() - weekday * DAY_MS));
}

export type AnalyticsReport = {
  from: string;
  to: string;
  granularity: Granularity;
  series: { bucket: string; pageViews: number; visitors: number }[];
  totals: DayAggregates["totals"];
  topPages: { path: string; views: number; visitors: number }[];
  dims: Record<Dimension, { key: string; count: number }[]>;
};

/**
 * The dashboard's figures for [from, to] (UTC days, inclusive): rollups for finished days plus today's raw events.
 * Visitors over several days are the sum of daily unique visitors (identifiers rotate daily by design).
 */
export async function getAnalyticsReport(
  db: Executor,
  opts: { from: string; to: string; granularity: Granularity; now?: Date; topN?: number },
): Promise<AnalyticsReport> {
  const now = opts.now ?? new Date();
  const today = utcDay(now);
  const topN = opts.topN ?? 10;
  const [totals, pages, dims, live] = await Promise.all([
    db
      .select()
      .from(analyticsDailyTotals)
      .where(between(analyticsDailyTotals.day, opts.from, opts.to))
      .orderBy(asc(analyticsDailyTotals.day)),
    db
      .select({
        path: analyticsDailyPages.path,
        views: sql<number>`sum(${analyticsDailyPages.views})`.mapWith(Number),
        visitors: sql<number>`sum(${analyticsDailyPages.visitors})`.mapWith(Number),
      })
      .from(analyticsDailyPages)
      .where(between(analyticsDailyPages.day, opts.from, opts.to))
      .groupBy(analyticsDailyPages.path)
      .orderBy(desc(sql`sum(${analyticsDailyPages.views})`))
      .limit(topN * 3),
    db
      .select({
        dim: analyticsDailyDims.dim,
        key: analyticsDailyDims.key,
        count: sql<number>`sum(${analyticsDailyDims.count})`.mapWith(Number),
      })
      .from(analyticsDailyDims)
      .where(between(analyticsDailyDims.day, opts.from, opts.to))
      .groupBy(analyticsDailyDims.dim, analyticsDailyDims.key),
    today >= opts.from && today <= opts.to
      ? aggregateRaw(db, dayStart(today), new Date(dayStart(today).getTime() + DAY_MS))
      : Promise.resolve(null),
  ]);

  const byBucket = new Map<string, { pageViews: number; visitors: number }>();
  // Zero-filled buckets across the whole range.
  for (let t = dayStart(opts.from).getTime(); t <= dayStart(opts.to).getTime(); t += DAY_MS) {
    byBucket.set(bucketOf(utcDay(new Date(t)), opts.granularity), { pageViews: 0, visitors: 0 });
  }
  const sum = { pageViews: 0, visitors: 0, interactions: 0, formSubmissions: 0 };
  const add = (day: string, t: DayAggregates["totals"]) => {
    const b = byBucket.get(bucketOf(day, opts.granularity));
    if (b) {
      b.pageViews += t.pageViews;
      b.visitors += t.visitors;
    }
    sum.pageViews += t.pageViews;
    sum.visitors += t.visitors;
    sum.interactions += t.interactions;
    sum.formSubmissions += t.formSubmissions;
  };
  for (const row of totals) if (row.day !== today) add(row.day, row);
  if (live) add(today, live.totals);

  const pageMap = new Map(pages.map((p) => [p.path, { ...p }]));
  for (const p of live?.pages ?? []) {
    const cur = pageMap.get(p.path);
    if (cur) {
      cur.views += p.views;
      cur.visitors += p.visitors;
    } else pageMap.set(p.path, { ...p });
  }
  const dimMap = Object.fromEntries(DIMENSIONS.map((d) => [d, new Map<string, number>()])) as Record<
    Dimension,
    Map<string, number>
  >;
  for (const d of [...dims, ...(live?.dims ?? [])]) {
    const m = dimMap[d.dim as Dimension];
    if (m) m.set(d.key, (m.get(d.key) ?? 0) + d.count);
  }
  const top = (m: Map<string, number>) =>
    [...m]
      .map(([key, count]) => ({ key, count }))
      .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
      .slice(0, topN);

  return {
    from: opts.from,
    to: opts.to,
    granularity: opts.granularity,
    series: [...byBucket].map(([bucket, v]) => ({ bucket, ...v })).sort((a, b) => a.bucket.localeCompare(b.bucket)),
    totals: sum,
    topPages: [...pageMap.values()].sort((a, b) => b.views - a.views || a.path.localeCompare(b.path)).slice(0, topN),
    dims: Object.fromEntries(DIMENSIONS.map((d) => [d, top(dimMap[d])])) as AnalyticsReport["dims"],
  };
}
