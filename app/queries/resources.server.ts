import { and, asc, count, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import { resources } from "~db/schema";
import type { Language } from "../lib/i18n/languages";
import { isUuid } from "../lib/ids";
import { parseSearch } from "../lib/search-query";
import type { ResourceType } from "../lib/taxonomy";
import { prepareSearch, searchOrderSql } from "./search.server";
import { escapeLike, publishedSql, type StatusFilter, statusSql } from "./sql-helpers.server";

export type ResourceRow = typeof resources.$inferSelect;
export type ResourceInput = Omit<typeof resources.$inferInsert, "id" | "createdAt" | "updatedAt">;

/** Published resources, optionally of one type and matching search words (best match first; by title otherwise). */
export async function listResources(
  db: Executor,
  opts: { type?: ResourceType; q?: string; lang?: Language } = {},
): Promise<ResourceRow[]> {
  const conds: SQL[] = [publishedSql(resources.status)];
  if (opts.type) conds.push(eq(resources.type, opts.type));
  const parsed = opts.q ? parseSearch(opts.q) : null;
  const search = parsed?.ok
    ? searchOrderSql("resource", await prepareSearch(db, parsed, opts.lang), "resources")
    : null;
  if (parsed) conds.push(search ? search.where : sql`false`);
  return db
    .select()
    .from(resources)
    .where(and(...conds))
    .orderBy(search ? search.orderBy : asc(resources.title));
}

export async function getResourceById(db: Executor, id: string): Promise<ResourceRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(resources).where(eq(resources.id, id)).limit(1);
  return row ?? null;
}

export async function createResource(db: Executor, input: ResourceInput): Promise<string> {
  const now = new Date();
  const [row] = await db
    .insert(resources)
    .values({ ...input, createdAt: now, updatedAt: now })
    .returning({ id: resources.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export async function updateResource(db: Executor, id: string, input: Partial<ResourceInput>): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .update(resources)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(resources.id, id))
    .returning({ id: resources.id });
  return rows.length > 0;
}

export async function deleteResource(db: Executor, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db.delete(resources).where(eq(resources.id, id)).returning({ id: resources.id });
  return rows.length > 0;
}

/** A page of resources for the admin list (title/author search, optional type), with the total. */
export async function searchResourcesForAdmin(
  db: Executor,
  opts: { q?: string; type?: ResourceType; status?: StatusFilter; limit: number; offset: number },
) {
  const conds = [statusSql(resources.status, opts.status ?? "any")];
  if (opts.type) conds.push(eq(resources.type, opts.type));
  if (opts.q) {
    const p = `%${escapeLike(opts.q)}%`;
    conds.push(or(ilike(resources.title, p), ilike(resources.author, p)));
  }
  const where = conds.length ? and(...conds) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: resources.id,
        title: resources.title,
        type: resources.type,
        url: resources.url,
        author: resources.author,
        status: resources.status,
        updatedAt: resources.updatedAt,
      })
      .from(resources)
      .where(where)
      .orderBy(asc(resources.title))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(resources).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
