import { and, eq, inArray, like, type SQL, sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import { mediaObjects } from "~db/schema";
import { escapeLike } from "./sql-helpers.server";

/**
 * The stored objects of the media library (the media_objects table): one row per file or generated image copy,
 * keyed by bucket and full path. The storage service in server/storage is their one writer.
 */
export type MediaObjectRow = typeof mediaObjects.$inferSelect;
export type NewMediaObject = typeof mediaObjects.$inferInsert;

export async function findMediaObject(
  db: Executor,
  bucket: string,
  fullPath: string,
): Promise<MediaObjectRow | undefined> {
  const rows = await db
    .select()
    .from(mediaObjects)
    .where(and(eq(mediaObjects.bucket, bucket), eq(mediaObjects.fullPath, fullPath)))
    .limit(1);
  return rows[0];
}

/** The rows at these paths (those that exist, in no particular order); locked until the transaction ends when asked. */
export async function findMediaObjects(
  db: Executor,
  bucket: string,
  fullPaths: readonly string[],
  opts: { forUpdate?: boolean } = {},
): Promise<MediaObjectRow[]> {
  if (fullPaths.length === 0) return [];
  const query = db
    .select()
    .from(mediaObjects)
    .where(and(eq(mediaObjects.bucket, bucket), inArray(mediaObjects.fullPath, [...fullPaths])));
  return opts.forUpdate ? query.for("update") : query;
}

/** The bytes every object in the bucket takes, generated copies included. */
export async function mediaBytesUsed(db: Executor, bucket: string): Promise<number> {
  const r = await db
    .select({ total: sql<string>`coalesce(sum(${mediaObjects.size}), 0)` })
    .from(mediaObjects)
    .where(eq(mediaObjects.bucket, bucket));
  return Number(r[0]?.total ?? 0);
}

/** Writes the row at the object's bucket and path, over whatever row is there. */
export async function upsertMediaObject(db: Executor, values: NewMediaObject): Promise<MediaObjectRow> {
  const [row] = await db
    .insert(mediaObjects)
    .values(values)
    .onConflictDoUpdate({ target: [mediaObjects.bucket, mediaObjects.fullPath], set: values })
    .returning();
  if (!row) throw new Error("upsert returned nothing");
  return row;
}

/** Deletes the rows at these paths; returns the storage keys of their bytes. */
export async function deleteMediaObjectsAt(
  db: Executor,
  bucket: string,
  fullPaths: readonly string[],
): Promise<string[]> {
  if (fullPaths.length === 0) return [];
  const gone = await db
    .delete(mediaObjects)
    .where(and(eq(mediaObjects.bucket, bucket), inArray(mediaObjects.fullPath, [...fullPaths])))
    .returning({ key: mediaObjects.storageKey });
  return gone.map((g) => g.key);
}

/** Deletes these rows; returns the storage keys of their bytes. */
export async function deleteMediaObjectsById(db: Executor, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const gone = await db
    .delete(mediaObjects)
    .where(inArray(mediaObjects.id, [...ids]))
    .returning({ key: mediaObjects.storageKey });
  return gone.map((g) => g.key);
}

/** Gives a row a single new download token (revoking the others) and counts the change in its metageneration. */
export async function renewMediaObjectToken(
  db: Executor,
  id: string,
  token: string,
): Promise<MediaObjectRow | undefined> {
  const [updated] = await db
    .update(mediaObjects)
    .set({
      downloadTokens: token,
      metageneration: sql`(${mediaObjects.metageneration}::bigint + 1)::text`,
      updated: new Date(),
    })
    .where(eq(mediaObjects.id, id))
    .returning();
  return updated;
}

/** Generated image copies are found through their original, never listed on their own. */
const notVariant = sql`(${mediaObjects.customMetadata} ->> 'variantOf') is null`;

/**
 * Writes a file's description texts into its customMetadata: every key of `keys` is removed, then `texts` (a subset
 * of them) is added, so an emptied text goes away and the file's other metadata stays. Counts the change in its
 * metageneration. Undefined when no file is at that path (a generated copy is described through its original).
 */
export async function setMediaObjectTexts(
  db: Executor,
  bucket: string,
  fullPath: string,
  keys: readonly string[],
  texts: Record<string, string>,
): Promise<MediaObjectRow | undefined> {
  const removed = sql`array[${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )}]::text[]`;
  const [row] = await db
    .update(mediaObjects)
    .set({
      customMetadata: sql`(${mediaObjects.customMetadata} - ${removed}) || ${JSON.stringify(texts)}::jsonb`,
      metageneration: sql`(${mediaObjects.metageneration}::bigint + 1)::text`,
      updated: new Date(),
    })
    .where(and(eq(mediaObjects.bucket, bucket), eq(mediaObjects.fullPath, fullPath), notVariant))
    .returning();
  return row;
}

/**
 * A listing entry's key in SQL: the object's full path, or with the '/' delimiter its folder under the prefix
 * ("a/b/c.jpg" under "a/" is "a/b/"). `prefixChars` is the prefix's length in characters (code points, as
 * Postgres counts them), inlined as a number so the expression has no parameters and can be grouped on.
 */
function entryKey(prefixChars: number, delimiter: boolean): SQL<string> {
  if (!delimiter) return sql<string>`${mediaObjects.fullPath}`;
  const n = sql.raw(String(prefixChars));
  const cut = sql`strpos(substr(${mediaObjects.fullPath}, ${n} + 1), '/')`;
  return sql<string>`case when ${cut} > 0 then left(${mediaObjects.fullPath}, ${n} + ${cut}) else ${mediaObjects.fullPath} end`;
}

/**
 * The keys of one page of a listing under `prefix`, in byte order: objects' full paths or, with `folders`, each
 * object's folder right under the prefix ("a/b/" for "a/b/c.jpg" under "a/") once. Keyset paging: only keys after
 * `after` (the last key of the previous page); generated copies are left out before the page is cut.
 */
export async function listMediaEntryKeys(
  db: Executor,
  opts: { bucket: string; prefix: string; folders: boolean; after: string | null; limit: number },
): Promise<string[]> {
  const { bucket, prefix, after } = opts;
  const key = entryKey([...prefix].length, opts.folders);
  const entries = db
    .select({ key: sql<string>`(${key}) collate "C"`.as("key") })
    .from(mediaObjects)
    .where(
      and(
        eq(mediaObjects.bucket, bucket),
        like(mediaObjects.fullPath, `${escapeLike(prefix)}%`),
        notVariant,
        // Every path under an entry sorts after the entry's key, so this only skips rows of earlier pages.
        after === null ? undefined : sql`${mediaObjects.fullPath} collate "C" > ${after}`,
      ),
    )
    .as("entries");
  const keys = await db
    .select({ key: entries.key })
    .from(entries)
    .where(after === null ? undefined : sql`${entries.key} > ${after}`)
    .groupBy(entries.key)
    .orderBy(entries.key)
    .limit(opts.limit);
  return keys.map((k) => k.key);
}
