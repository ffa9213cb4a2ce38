import { sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import { isUuid } from "../lib/ids";
import { publishedSql, rowsOf } from "./sql-helpers.server";

export type CheckableKind = "location" | "program" | "change-maker";
const TABLES: Record<CheckableKind, string> = {
  location: "locations",
  program: "programs",
  "change-maker": "change_makers",
};

/** At most this many are counted: a directory that has fallen far behind shows "10,000+". */
export const NEEDS_CHECKING_COUNT_CAP = 10_000;

const published = publishedSql(sql`status`);
const stale = (before: Date) => sql`
  SELECT 'location' AS kind, id, name, checked_at FROM locations WHERE ${published} AND checked_at < ${before}
  UNION ALL
  SELECT 'program', id, name, checked_at FROM programs WHERE ${published} AND checked_at < ${before}
  UNION ALL
  SELECT 'change-maker', id, name, checked_at FROM change_makers WHERE ${published} AND checked_at < ${before}`;

/** Published entries nobody has confirmed since `before`, the longest unchecked first, with a capped total. */
export async function listNeedsChecking(db: Executor, before: Date, page: { limit: number; offset: number }) {
  const [list, total] = await Promise.all([
    db.execute(sql`SELECT kind, id::text AS id, name, checked_at FROM (${stale(before)}) e
      ORDER BY checked_at, name LIMIT ${page.limit} OFFSET ${page.offset}`),
    db.execute(sql`SELECT count(*)::int AS n FROM (${stale(before)} LIMIT ${NEEDS_CHECKING_COUNT_CAP + 1}) capped`),
  ]);
  const n = Number(rowsOf(total)[0]?.n ?? 0);
  return {
    rows: rowsOf(list).map((r) => ({
      kind: r.kind as CheckableKind,
      id: String(r.id),
      name: String(r.name),
      checkedAt: new Date(r.checked_at as string | Date),
    })),
    total: Math.min(n, NEEDS_CHECKING_COUNT_CAP),
    capped: n > NEEDS_CHECKING_COUNT_CAP,
  };
}

/** Staff looked at an entry and found it current: its "Last checked" moves to now. False when it does not exist. */
export async function markEntryChecked(db: Executor, kind: CheckableKind, id: string): Promise<string | null> {
  if (!isUuid(id) || !(kind in TABLES)) return null;
  const result = await db.execute(
    sql`UPDATE ${sql.raw(TABLES[kind])} SET checked_at = now() WHERE id = ${id} RETURNING name`,
  );
  const row = rowsOf(result)[0];
  return row ? String(row.name) : null;
}
