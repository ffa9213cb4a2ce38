import { and, asc, count, eq, ilike, inArray, sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import { changeMakers } from "~db/schema";
import type { Language } from "../lib/i18n/languages";
import { isUuid } from "../lib/ids";
import { parseSearch } from "../lib/search-query";
import { prepareSearch, searchOrderSql } from "./search.server";
import { escapeLike, publishedSql, type StatusFilter, statusSql } from "./sql-helpers.server";

export type ChangeMakerRow = typeof changeMakers.$inferSelect;
export type ChangeMakerInput = Omit<typeof changeMakers.$inferInsert, "id" | "createdAt" | "updatedAt">;

/** All published change-makers by name, or those matching search words, best match first. */
export async function listChangeMakers(
  db: Executor,
  opts: { q?: string; lang?: Language } = {},
): Promise<ChangeMakerRow[]> {
  const parsed = opts.q ? parseSearch(opts.q) : null;
  const search = parsed?.ok
    ? searchOrderSql("change-maker", await prepareSearch(db, parsed, opts.lang), "change_makers")
    : null;
  return db
    .select()
    .from(changeMakers)
    .where(and(publishedSql(changeMakers.status), parsed ? (search?.where ?? sql`false`) : undefined))
    .orderBy(search ? search.orderBy : asc(changeMakers.name));
}

export async function getChangeMakerById(db: Executor, id: string): Promise<ChangeMakerRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(changeMakers).where(eq(changeMakers.id, id)).limit(1);
  return row ?? null;
}

export async function createChangeMaker(db: Executor, input: ChangeMakerInput): Promise<string> {
  const now = new Date();
  const [row] = await db
    .insert(changeMakers)
    .values({ ...input, createdAt: now, updatedAt: now })
    .returning({ id: changeMakers.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

/** Updates a change-maker (staff saving it: it is also marked as checked now); false when not found. */
export async function updateChangeMaker(db: Executor, id: string, input: Partial<ChangeMakerInput>): Promise<boolean> {
  if (!isUuid(id)) return false;
  const now = new Date();
  const rows = await db
    .update(changeMakers)
    .set({ ...input, updatedAt: now, checkedAt: now })
    .where(eq(changeMakers.id, id))
    .returning({ id: changeMakers.id });
  return rows.length > 0;
}

export async function deleteChangeMaker(db: Executor, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db.delete(changeMakers).where(eq(changeMakers.id, id)).returning({ id: changeMakers.id });
  return rows.length > 0;
}

/**
 * Published change-makers named exactly as given (case and surrounding spaces aside): a program lists its educators
 * by name, and an educator who has a change-maker page is linked to it. A name two change-makers share links neither.
 */
export async function findChangeMakersByNames(db: Executor, names: string[]): Promise<Map<string, string>> {
  const key = (name: string) => name.trim().toLowerCase();
  const wanted = [...new Set(names.map(key).filter(Boolean))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: changeMakers.id, name: changeMakers.name })
    .from(changeMakers)
    .where(and(publishedSql(changeMakers.status), inArray(sql`lower(btrim(${changeMakers.name}))`, wanted)));
  const byName = new Map<string, string>();
  const shared = new Set<string>();
  for (const r of rows) {
    if (byName.has(key(r.name))) shared.add(key(r.name));
    byName.set(key(r.name), r.id);
  }
  for (const name of shared) byName.delete(name);
  return byName;
}

/** How many change-makers are published. */
export function countChangeMakers(db: Executor): Promise<number> {
  return db
    .select({ n: count() })
    .from(changeMakers)
    .where(publishedSql(changeMakers.status))
    .then((r) => r[0]?.n ?? 0);
}

/** A page of change-makers for the admin list (name search), with the total. */
export async function searchChangeMakersForAdmin(
  db: Executor,
  opts: { q?: string; status?: StatusFilter; limit: number; offset: number },
) {
  const where = and(
    opts.q ? ilike(changeMakers.name, `%${escapeLike(opts.q)}%`) : undefined,
    statusSql(changeMakers.status, opts.status ?? "any"),
  );
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: changeMakers.id,
        name: changeMakers.name,
        role: changeMakers.role,
        country: changeMakers.country,
        status: changeMakers.status,
        updatedAt: changeMakers.updatedAt,
      })
      .from(changeMakers)
      .where(where)
      .orderBy(asc(changeMakers.name))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(changeMakers).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
