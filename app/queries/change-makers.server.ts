import { and, asc, ilike, inArray, sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import { changeMakers } from "~db/schema";
import type { Language } from "../lib/i18n/languages";
import { listPublishedEntries } from "./list-search.server";
import { countRows, entityRows, pageWithTotal, touchedAndChecked } from "./rows.server";
import { escapeLike, publishedSql, type StatusFilter, statusSql } from "./sql-helpers.server";

export type ChangeMakerRow = typeof changeMakers.$inferSelect;
export type ChangeMakerInput = Omit<typeof changeMakers.$inferInsert, "id" | "createdAt" | "updatedAt">;

/** All published change-makers by name, or those matching search words, best match first. */
export async function listChangeMakers(
  db: Executor,
  opts: { q?: string; lang?: Language } = {},
): Promise<ChangeMakerRow[]> {
  const search = { kind: "change-maker", alias: "change_makers", ...opts } as const;
  return listPublishedEntries(db, changeMakers, search, undefined, asc(changeMakers.name));
}

/** A change-maker's rows by id; staff saving one also mark it as checked now. */
const changeMakerRows = entityRows<typeof changeMakers, ChangeMakerInput>(changeMakers, touchedAndChecked);
export const {
  get: getChangeMakerById,
  create: createChangeMaker,
  update: updateChangeMaker,
  remove: deleteChangeMaker,
} = changeMakerRows;

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
  return countRows(db, changeMakers, publishedSql(changeMakers.status));
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
  return pageWithTotal(
    db,
    changeMakers,
    where,
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
  );
}
