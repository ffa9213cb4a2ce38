import { and, asc, eq, or, sql } from "drizzle-orm";
import { nameFromSlug } from "~/lib/slug";
import type { Executor } from "~db/client";
import { entryRevisions, locations } from "~db/schema";

/**
 * Rows as stored, for tests to set up and inspect data with; the site reads them through its own queries (a page by
 * its address, a form by its id), so these have no place among them.
 */

/** A location by its address as typed in a test (hyphens for spaces), every column, or null. */
export async function storedLocation(db: Executor, slug: string) {
  const [row] = await db
    .select()
    .from(locations)
    .where(or(eq(locations.name, nameFromSlug(slug)), eq(locations.slug, slug)))
    .orderBy(sql`${locations.slug} = ${slug} desc`)
    .limit(1);
  return row ?? null;
}

/** Every revision of an entry, oldest first. */
export function storedRevisions(db: Executor, entity: string, entityId: string) {
  return db
    .select()
    .from(entryRevisions)
    .where(and(eq(entryRevisions.entity, entity), eq(entryRevisions.entityId, entityId)))
    .orderBy(asc(entryRevisions.id));
}
