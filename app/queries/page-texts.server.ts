import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import { pageTextRevisions } from "~db/schema";

export type PageTextRevision = typeof pageTextRevisions.$inferSelect;
export type CurrentPageText = { key: string; language: string; body: string; updatedAt: Date };

/** The newest revision of every text in the given languages (one row per key and language). */
export async function readCurrentPageTexts(db: Executor, languages: readonly string[]): Promise<CurrentPageText[]> {
  if (languages.length === 0) return [];
  const rows = await db
    .selectDistinctOn([pageTextRevisions.key, pageTextRevisions.language], {
      key: pageTextRevisions.key,
      language: pageTextRevisions.language,
      body: pageTextRevisions.body,
      updatedAt: pageTextRevisions.createdAt,
    })
    .from(pageTextRevisions)
    .where(inArray(pageTextRevisions.language, [...languages]))
    .orderBy(pageTextRevisions.key, pageTextRevisions.language, desc(pageTextRevisions.id));
  return rows;
}

/** A text's revisions, newest first. */
export async function listPageTextRevisions(
  db: Executor,
  key: string,
  language: string,
  limit: number,
): Promise<PageTextRevision[]> {
  return db
    .select()
    .from(pageTextRevisions)
    .where(and(eq(pageTextRevisions.key, key), eq(pageTextRevisions.language, language)))
    .orderBy(desc(pageTextRevisions.id))
    .limit(limit);
}

export async function getPageTextRevision(db: Executor, id: number): Promise<PageTextRevision | null> {
  const [row] = await db.select().from(pageTextRevisions).where(eq(pageTextRevisions.id, id)).limit(1);
  return row ?? null;
}

export async function insertPageTextRevision(
  db: Executor,
  values: {
    key: string;
    language: string;
    body: string;
    createdBy: string | null;
    createdByEmail: string;
    restoredFrom?: number | null;
    createdAt?: Date;
  },
): Promise<PageTextRevision> {
  const [row] = await db
    .insert(pageTextRevisions)
    .values({ ...values, restoredFrom: values.restoredFrom ?? null, createdAt: values.createdAt ?? sql`now()` })
    .returning();
  if (!row) throw new Error("page text revision not written");
  return row;
}
