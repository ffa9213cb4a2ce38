import { and, eq, inArray, lt, notInArray, sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import { releaseAssets } from "~db/schema";

/** Which of these file names the database already holds. */
export async function storedReleaseAssetNames(db: Executor, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .select({ name: releaseAssets.name })
    .from(releaseAssets)
    .where(inArray(releaseAssets.name, [...names]));
  return new Set(rows.map((r) => r.name));
}

/** Stores files; a name already stored keeps its bytes (names are content hashes, so they are the same bytes). */
export async function insertReleaseAssets(db: Executor, files: readonly { name: string; body: Buffer }[]) {
  if (files.length === 0) return;
  await db
    .insert(releaseAssets)
    .values(files.map((f) => ({ name: f.name, body: f.body })))
    .onConflictDoNothing();
}

/** Marks files as part of a release started now. */
export async function touchReleaseAssets(db: Executor, names: readonly string[]) {
  if (names.length === 0) return;
  await db
    .update(releaseAssets)
    .set({ lastSeen: sql`now()` })
    .where(inArray(releaseAssets.name, [...names]));
}

/** Drops files no release started since `before`, except the given ones; returns how many went. */
export async function deleteReleaseAssetsUnseenSince(db: Executor, before: Date, keep: readonly string[]) {
  const unseen = lt(releaseAssets.lastSeen, before);
  const rows = await db
    .delete(releaseAssets)
    .where(keep.length > 0 ? and(unseen, notInArray(releaseAssets.name, [...keep])) : unseen)
    .returning({ name: releaseAssets.name });
  return rows.length;
}

/** One stored file's bytes, or null. */
export async function getReleaseAsset(db: Executor, name: string): Promise<Buffer | null> {
  const rows = await db
    .select({ body: releaseAssets.body })
    .from(releaseAssets)
    .where(eq(releaseAssets.name, name))
    .limit(1);
  return rows[0]?.body ?? null;
}
