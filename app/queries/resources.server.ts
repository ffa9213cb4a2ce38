import { and, asc, eq, ilike, or } from "drizzle-orm";
import type { Executor } from "~db/client";
import { resources } from "~db/schema";
import type { Language } from "../lib/i18n/languages";
import type { ResourceType } from "../lib/taxonomy";
import { listPublishedEntries } from "./list-search.server";
import { entityRows, pageWithTotal, touched } from "./rows.server";
import { escapeLike, type StatusFilter, statusSql } from "./sql-helpers.server";

export type ResourceRow = typeof resources.$inferSelect;
export type ResourceInput = Omit<typeof resources.$inferInsert, "id" | "createdAt" | "updatedAt">;

/** Published resources, optionally of one type and matching search words (best match first; by title otherwise). */
export async function listResources(
  db: Executor,
  opts: { type?: ResourceType; q?: string; lang?: Language } = {},
): Promise<ResourceRow[]> {
  const search = { kind: "resource", alias: "resources", ...opts } as const;
  const ofType = opts.type ? eq(resources.type, opts.type) : undefined;
  return listPublishedEntries(db, resources, search, ofType, asc(resources.title));
}

const resourceRows = entityRows<typeof resources, ResourceInput>(resources, touched);
export const {
  get: getResourceById,
  create: createResource,
  update: updateResource,
  remove: deleteResource,
} = resourceRows;

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
  return pageWithTotal(
    db,
    resources,
    where,
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
  );
}
