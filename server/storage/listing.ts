import { z } from "zod";
import { storageErrors } from "~/lib/storage/errors";
import { type StorageListResult, validateMaxResults, validatePrefix } from "~/lib/storage/paths";
import { findMediaObjects, listMediaEntryKeys } from "~/queries/media-objects.server";
import type { StorageListOptions } from "~/services/storage.server";
import type { StorageContext } from "./context";
import { toMetadata } from "./metadata";

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

export type ListOptions = StorageListOptions;

/** One page of a listing: the folders and files under a prefix, in byte order of their keys. */
export async function listObjects(ctx: StorageContext, opts: ListOptions): Promise<StorageListResult> {
  const { db, bucket } = ctx;
  const prefix = validatePrefix(opts.prefix ?? "");
  const maxResults = validateMaxResults(opts.maxResults);
  const delimiter = opts.delimiter ?? "";
  if (delimiter !== "" && delimiter !== "/")
    throw storageErrors.invalidArgument("The only supported delimiter is '/'.");
  const after = opts.pageToken ? decodeToken(opts.pageToken, prefix) : null;
  // One page of entries (folders and files, in byte order of their keys), computed by the database; one more
  // than asked for tells whether another page follows.
  const keys = await listMediaEntryKeys(db, {
    bucket,
    prefix,
    folders: delimiter !== "",
    after,
    limit: maxResults + 1,
  });
  const page = keys.slice(0, maxResults);
  const more = keys.length > maxResults;
  // Object names never end with '/': a key that does is a folder.
  const itemPaths = page.filter((k) => !k.endsWith("/"));
  const rows = await findMediaObjects(db, bucket, itemPaths);
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
