import { and, asc, count, gt, gte, max, sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import { changeMakers, locations, podcastEpisodes, programs, resources } from "~db/schema";
import { publishedSql } from "./sql-helpers.server";

/** The kinds of entry with a page each, listed in sitemap parts of their own. */
export type SitemapKind = "programs" | "change-makers" | "locations";
export const SITEMAP_KINDS: readonly SitemapKind[] = ["programs", "change-makers", "locations"];

const tables = { programs, "change-makers": changeMakers, locations } as const;

/** Only published entries have public pages, so only they are listed (drafts and archived entries never are). */
const listed = (kind: SitemapKind) => publishedSql(tables[kind].status);

export type SitemapRow = { id: string; name: string; updatedAt: Date };

/** How many entries of each kind, and the newest change of every kind a list page shows. */
export async function sitemapTotals(db: Executor) {
  const sizes = async (kind: SitemapKind) => {
    const t = tables[kind];
    const [row] = await db
      .select({ n: count(), at: max(t.updatedAt) })
      .from(t)
      .where(listed(kind));
    return { count: row?.n ?? 0, newest: row?.at ?? null };
  };
  const [p, c, l, resourcesNewest, episodesNewest] = await Promise.all([
    sizes("programs"),
    sizes("change-makers"),
    sizes("locations"),
    db
      .select({ at: max(resources.updatedAt) })
      .from(resources)
      .where(publishedSql(resources.status)),
    db.select({ at: max(podcastEpisodes.publishedAt) }).from(podcastEpisodes),
  ]);
  return {
    kinds: { programs: p, "change-makers": c, locations: l } satisfies Record<SitemapKind, unknown>,
    resourcesNewest: resourcesNewest[0]?.at ?? null,
    episodesNewest: episodesNewest[0]?.at ?? null,
  };
}

/**
 * The newest change in each part of a kind (parts of `perPart` entries in id order), counted in the database: one
 * pass, and nothing but one row per part reaches the server.
 */
export async function sitemapPartDates(db: Executor, kind: SitemapKind, perPart: number): Promise<(Date | null)[]> {
  const t = tables[kind];
  const numbered = db
    .select({
      part: sql<number>`(row_number() over (order by ${t.id}) - 1) / ${perPart}`.as("part"),
      updatedAt: t.updatedAt,
    })
    .from(t)
    .where(listed(kind))
    .as("numbered");
  const rows = await db
    .select({ part: numbered.part, at: max(numbered.updatedAt) })
    .from(numbered)
    .groupBy(numbered.part)
    .orderBy(numbered.part);
  return rows.map((r) => (r.at ? new Date(r.at) : null));
}

/** The id that starts the entries at `offset` in id order (where a part begins), or null past the end. */
export async function sitemapOffsetId(db: Executor, kind: SitemapKind, offset: number): Promise<string | null> {
  const t = tables[kind];
  const [row] = await db.select({ id: t.id }).from(t).where(listed(kind)).orderBy(asc(t.id)).limit(1).offset(offset);
  return row?.id ?? null;
}

/** Up to `limit` entries in id order, from `from` (included) or after `after`. */
export function sitemapRows(
  db: Executor,
  kind: SitemapKind,
  cursor: { from: string } | { after: string } | null,
  limit: number,
): Promise<SitemapRow[]> {
  const t = tables[kind];
  const where = and(
    listed(kind),
    cursor === null ? undefined : "from" in cursor ? gte(t.id, cursor.from) : gt(t.id, cursor.after),
  );
  return db
    .select({ id: t.id, name: t.name, updatedAt: t.updatedAt })
    .from(t)
    .where(where)
    .orderBy(asc(t.id))
    .limit(limit);
}
