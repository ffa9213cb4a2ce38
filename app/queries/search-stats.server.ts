import { sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import { rowsOf } from "./sql-helpers.server";

/** One day's count of a query in a language: how often it was searched, and how often it found nothing. */
export type SearchStatRow = { day: string; lang: string; query: string; searches: number; zeroResults: number };

/** Adds counts to the day's rows, in one statement for a whole batch (migration 0022's `search_stats`). */
export async function upsertSearchStats(db: Executor, rows: SearchStatRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO search_stats (day, lang, query, searches, zero_results)
    SELECT r.day, r.lang, r.query, r.searches, r."zeroResults"
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS r(day date, lang text, query text, searches integer, "zeroResults" integer)
    ON CONFLICT (day, lang, query) DO UPDATE SET
      searches = search_stats.searches + EXCLUDED.searches,
      zero_results = search_stats.zero_results + EXCLUDED.zero_results`);
}

export type SearchCount = { query: string; lang: string; searches: number; zeroResults: number };

/**
 * The most searched queries of the days from `from` to `to` (UTC, inclusive), and the queries that most often found
 * nothing, each with its language.
 */
export async function searchReport(
  db: Executor,
  range: { from: string; to: string },
  limit = 20,
): Promise<{ top: SearchCount[]; zero: SearchCount[]; searches: number; zeroResults: number }> {
  const counts = (order: "searches" | "zero_results") =>
    db.execute(sql`
      SELECT query, lang, sum(searches)::int AS searches, sum(zero_results)::int AS zero_results
      FROM search_stats WHERE day BETWEEN ${range.from}::date AND ${range.to}::date
      GROUP BY query, lang
      ${order === "zero_results" ? sql`HAVING sum(zero_results) > 0` : sql``}
      ORDER BY sum(${sql.raw(order)}) DESC, query LIMIT ${limit}`);
  const [top, zero, totals] = await Promise.all([
    counts("searches"),
    counts("zero_results"),
    db.execute(sql`
      SELECT coalesce(sum(searches), 0)::int AS searches, coalesce(sum(zero_results), 0)::int AS zero_results
      FROM search_stats WHERE day BETWEEN ${range.from}::date AND ${range.to}::date`),
  ]);
  const list = (result: unknown) =>
    rowsOf(result).map((r) => ({
      query: String(r.query),
      lang: String(r.lang),
      searches: Number(r.searches),
      zeroResults: Number(r.zero_results),
    }));
  const sum = rowsOf(totals)[0];
  return {
    top: list(top),
    zero: list(zero),
    searches: Number(sum?.searches ?? 0),
    zeroResults: Number(sum?.zero_results ?? 0),
  };
}

/** Deletes the counts of days before `day` (kept as long as raw analytics events). */
export async function pruneSearchStats(db: Executor, day: string): Promise<number> {
  const rows = rowsOf(await db.execute(sql`DELETE FROM search_stats WHERE day < ${day}::date RETURNING 1 AS gone`));
  return rows.length;
}
