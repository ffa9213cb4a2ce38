import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import { entryRedirects, locations, programs } from "~db/schema";
import { isUuid } from "../lib/ids";

/** The kinds of entry addressed by a slug (their names), which keep their old addresses working. */
export type SluggedEntity = "location" | "program";

const tables = { location: locations, program: programs } as const;

/**
 * Before an entry is renamed: its current slug becomes an old address of it (when the name really changes). A
 * slug some other entry used before is taken over: the newest rename wins.
 */
export async function rememberSlugBeforeRename(
  db: Executor,
  entity: SluggedEntity,
  id: string,
  newName: string,
): Promise<void> {
  if (!isUuid(id)) return;
  const t = tables[entity];
  await db
    .insert(entryRedirects)
    .select(
      db
        .select({
          entity: sql<string>`${entity}`.as("entity"),
          slug: t.slug,
          targetId: t.id,
          createdAt: sql<Date>`now()`.as("created_at"),
        })
        .from(t)
        .where(and(eq(t.id, id), sql`${t.name} <> ${newName}`)),
    )
    .onConflictDoUpdate({
      target: [entryRedirects.entity, entryRedirects.slug],
      set: { targetId: sql`excluded.target_id`, createdAt: sql`now()` },
    });
}

/** The entry an old slug now stands for, or null. */
export async function findRedirect(db: Executor, entity: SluggedEntity, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ id: entryRedirects.targetId })
    .from(entryRedirects)
    .where(and(eq(entryRedirects.entity, entity), eq(entryRedirects.slug, slug.replaceAll(" ", "-"))))
    .limit(1);
  return row?.id ?? null;
}

/** A merge: the removed entry's slug and every old address of it now lead to the kept entry. */
export async function redirectEntry(
  db: Executor,
  entity: SluggedEntity,
  from: { id: string; slug: string },
  toId: string,
): Promise<void> {
  await db
    .update(entryRedirects)
    .set({ targetId: toId })
    .where(and(eq(entryRedirects.entity, entity), eq(entryRedirects.targetId, from.id)));
  await db
    .insert(entryRedirects)
    .values({ entity, slug: from.slug, targetId: toId })
    .onConflictDoUpdate({ target: [entryRedirects.entity, entryRedirects.slug], set: { targetId: toId } });
}
