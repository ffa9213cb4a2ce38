import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { EntryStatus } from "../lib/vocabulary";

/** Escapes LIKE wildcards (and the escape character) so text typed by a person matches literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Which entries a query reads: one status, or every status (staff lists). Public queries read published ones. */
export type StatusFilter = EntryStatus | "any";

/** The condition for a status filter on a table with a `status` column (none for "any"). */
export function statusSql(column: AnyPgColumn, filter: StatusFilter = "published"): SQL | undefined {
  return filter === "any" ? undefined : sql`${column} = ${filter}`;
}

/**
 * Only published entries: what every public page, list, feed, search and the map may show. The one place the
 * status's SQL literal is written; `column` is a table's column, or raw SQL naming one (`sql\`l.status\``).
 */
export function publishedSql(column: AnyPgColumn | SQL): SQL {
  return sql`${column} = 'published'`;
}

export { rowsOf } from "~db/client";
