import { and, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "~db/client";
import { addressKeySql } from "~db/schema";
import { isUuid } from "../lib/ids";
import { publishedSql } from "./sql-helpers.server";

/** A table whose entries have a page address made from their name (locations, programs). */
export type AddressedTable = PgTable & { id: AnyPgColumn; name: AnyPgColumn; status: AnyPgColumn };

/**
 * Another entry of the table whose name has the same address key (same letters, whatever their case, spaces or
 * hyphens) as `name`, ignoring `exceptId`: saving this name would give both one page address.
 */
export async function findNameClash(
  db: Executor,
  table: AddressedTable,
  name: string,
  exceptId?: string,
): Promise<{ id: string; name: string } | null> {
  const conds: SQL[] = [sql`${addressKeySql(table.name)} = ${addressKeySql(sql`${name}::text`)}`];
  if (exceptId && isUuid(exceptId)) conds.push(sql`${table.id} <> ${exceptId}`);
  const [row] = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(...conds))
    .limit(1);
  return (row as { id: string; name: string } | undefined) ?? null;
}

/** The published entry an address typed in another case, or with extra hyphens, stands for (for a 301). */
export async function findByAddressKey(
  db: Executor,
  table: AddressedTable,
  slug: string,
): Promise<{ name: string } | null> {
  const [row] = await db
    .select({ name: table.name })
    .from(table)
    .where(and(sql`${addressKeySql(table.name)} = ${addressKeySql(sql`${slug}::text`)}`, publishedSql(table.status)))
    .limit(1);
  return (row as { name: string } | undefined) ?? null;
}

/** A table's lookups by page address, bound to it: another entry whose name clashes, and the entry an address means. */
export function addressLookups(table: AddressedTable) {
  return {
    nameClash: (db: Executor, name: string, exceptId?: string) => findNameClash(db, table, name, exceptId),
    byAddressKey: (db: Executor, slug: string) => findByAddressKey(db, table, slug),
  };
}
