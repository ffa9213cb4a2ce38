import { and, count, eq, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "~db/client";
import { isUuid } from "../lib/ids";

/**
 * The reads and writes every entity's query module makes the same way, by its table's uuid `id`: one row, a new row,
 * a change, a removal, a count, a page with its total. Each module keeps its own named functions (`getProgramById`,
 * `createResource` …) and says what differs (extra columns set, a condition such as "still a draft"); a malformed id
 * is simply not found, as before.
 */
export type IdTable = PgTable & { id: AnyPgColumn };

/** One row by id, or null. */
export async function findRowById<T extends IdTable>(
  db: Executor,
  table: T,
  id: string,
): Promise<T["$inferSelect"] | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .limit(1);
  return (row as T["$inferSelect"] | undefined) ?? null;
}

/** Inserts a row with `createdAt` and `updatedAt` both now; returns the new id. */
export async function insertStampedRow<T extends IdTable>(
  db: Executor,
  table: T,
  values: Omit<T["$inferInsert"], "createdAt" | "updatedAt">,
): Promise<string> {
  const now = new Date();
  const [row] = await db
    .insert(table)
    .values({ ...values, createdAt: now, updatedAt: now } as T["$inferInsert"])
    .returning({ id: table.id });
  if (!row) throw new Error("insert returned no row");
  return row.id as string;
}

/** Sets `values` on the row with this id (and, when given, matching `also`); false when there is no such row. */
export async function updateRowById<T extends IdTable>(
  db: Executor,
  table: T,
  id: string,
  values: Partial<T["$inferInsert"]>,
  also?: SQL,
): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .update(table)
    .set(values as never)
    .where(and(eq(table.id, id), also))
    .returning({ id: table.id });
  return rows.length > 0;
}

/** Deletes the row with this id (and, when given, matching `also`); false when there was no such row. */
export async function deleteRowById(db: Executor, table: IdTable, id: string, also?: SQL): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(table)
    .where(and(eq(table.id, id), also))
    .returning({ id: table.id });
  return rows.length > 0;
}

/** How many rows of a table match `where` (all when it is undefined). */
export async function countRows(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/** A page of rows (the query as the list reads it) with how many rows of `table` match `where` in all. */
export async function pageWithTotal<R>(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  page: PromiseLike<R[]>,
): Promise<{ rows: R[]; total: number }> {
  const [rows, total] = await Promise.all([page, countRows(db, table, where)]);
  return { rows, total };
}

/** A change saved by staff: `updatedAt` now. */
export function touched<V>(values: V): V & { updatedAt: Date } {
  return { ...values, updatedAt: new Date() };
}

/** A change saved by staff to a directory entry: it is also marked as checked now. */
export function touchedAndChecked<V>(values: V): V & { updatedAt: Date; checkedAt: Date } {
  const now = new Date();
  return { ...values, updatedAt: now, checkedAt: now };
}

/**
 * The by-id reads and writes of an entity table whose writes are `Input`, for its module to export under its own
 * names: one row, a new row (`createdAt`, `updatedAt` now), a change stamped by `stamp`, a removal.
 */
export function entityRows<T extends IdTable, Input extends Omit<T["$inferInsert"], "createdAt" | "updatedAt">>(
  table: T,
  stamp: (input: Partial<Input>) => Partial<T["$inferInsert"]>,
) {
  return {
    get: (db: Executor, id: string) => findRowById(db, table, id),
    create: (db: Executor, input: Input) => insertStampedRow(db, table, input),
    update: (db: Executor, id: string, input: Partial<Input>) => updateRowById(db, table, id, stamp(input)),
    remove: (db: Executor, id: string) => deleteRowById(db, table, id),
  };
}
