import { and, eq, inArray, like, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { storageErrors } from "../../app/lib/storage/errors";
import { type StorageListResult, validateMaxResults, validatePrefix } from "../../app/lib/storage/paths";
import { escapeLike } from "../../app/queries/sql-helpers.server";
import { mediaObjects } from "../../db/schema";
import type { StorageContext } from "./context";
import { toMetadata } from "./metadata";

/** Generated image copies are found through their original, never listed on their own. */
const notVariant = sql`(${mediaObjects.customMetadata} ->> 'variantOf') is null`;

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

/** A page token names the listing's prefix and the last key of the page before. */
type PageCursor = { p: string; a: string };

function encodeToken(c: PageCursor): string {
  return Buffer.from(JSON.stringify(c), "utf8").toString("base64url");
}

function decodeToken(token: string, prefix: string): string {
  try {
    if (!/^[A-Za-z0-9_-]{1,4096}$/.test(token)) throw new Error("shape");
    const parsed = z
      .object({ p: z.string(), a: z.string().min(1) })
      .parse(JSON.parse(Buffer.from(token, "base64url").toString("utf8")));
    if (parsed.p !== prefix) throw new Error("prefix");
    return parsed.a;
  } catch {
    throw storageErrors.invalidArgument("Invalid page token: it does not belong to this listing.");
  }
}

export type ListOptions = { prefix?: string; delimiter?: string; pageToken?: string; maxResults?: string | number };

/** One page of a listing: the folders and files under a prefix, in byte order of their keys. */
export async function listObjects(ctx: StorageContext, opts: ListOptions): Promise<StorageListResult> {
  const { db, bucket } = ctx;
  const prefix = validatePrefix(opts.prefix ?? "");
  const maxResults = validateMaxResults(opts.maxResults);
  const delimiter = opts.delimiter ?? "";
  if (delimiter !== "" && delimiter !== "/")
    throw storageErrors.invalidArgument("The only supported delimiter is '/'.");
  const after = opts.pageToken ? decodeToken(opts.pageToken, prefix) : null;
  // One page of entries (folders and files, in byte order of their keys), computed by the database: keyset
  // paging after the last key of the previous page, generated copies left out before the page is cut.
  const key = entryKey([...prefix].length, delimiter !== "");
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
    .limit(maxResults + 1);
  const page = keys.slice(0, maxResults).map((k) => k.key);
  const more = keys.length > maxResults;
  // Object names never end with '/': a key that does is a folder.
  const itemPaths = page.filter((k) => !k.endsWith("/"));
  const rows = itemPaths.length
    ? await db
        .select()
        .from(mediaObjects)
        .where(and(eq(mediaObjects.bucket, bucket), inArray(mediaObjects.fullPath, itemPaths)))
    : [];
  const byPath = new Map(rows.map((r) => [r.fullPath, r]));
  const last = page[page.length - 1];
  return {
    prefixes: page.filter((k) => k.endsWith("/")),
    items: itemPaths.flatMap((p) => {
      const row = byPath.get(p);
      return row ? [toMetadata(row)] : [];
    }),
    ...(more && last ? { nextPageToken: encodeToken({ p: prefix, a: last }) } : {}),
  };
}
