import { and, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "~db/client";
import type { Language } from "../lib/i18n/languages";
import { parseSearch } from "../lib/search-query";
import { prepareSearch, type SearchKind, searchOrderSql } from "./search.server";
import { publishedSql } from "./sql-helpers.server";

/**
 * Search words on a public list of one kind (decision 013): no words, no condition and the list's own order; words
 * that cannot be read match nothing; otherwise the full-text match, best match first (`orderBy`). `alias` names the
 * kind's table in the query, as `searchOrderSql` takes it.
 */
export async function listSearchSql(
  db: Executor,
  kind: SearchKind,
  alias: string,
  opts: { q?: string; lang?: Language },
): Promise<{ where?: SQL; orderBy?: SQL }> {
  const parsed = opts.q ? parseSearch(opts.q) : null;
  if (!parsed) return {};
  if (!parsed.ok) return { where: sql`false` };
  return searchOrderSql(kind, await prepareSearch(db, parsed, opts.lang), alias);
}

/**
 * The published entries of a kind's table that pass `filter` and the search words (`listSearchSql`), best match first
 * with words and in `order` without.
 */
export async function listPublishedEntries<T extends PgTable & { status: AnyPgColumn }>(
  db: Executor,
  table: T,
  search: { kind: SearchKind; alias: string; q?: string; lang?: Language },
  filter: SQL | undefined,
  order: SQL,
): Promise<T["$inferSelect"][]> {
  const words = await listSearchSql(db, search.kind, search.alias, search);
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(and(publishedSql(table.status), filter, words.where))
    .orderBy(words.orderBy ?? order);
  return rows as T["$inferSelect"][];
}
