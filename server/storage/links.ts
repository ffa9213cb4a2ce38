import { randomUUID } from "node:crypto";
import { storageErrors } from "~/lib/storage/errors";
import {
  downloadTokenList,
  downloadUrl,
  type StorageMetadata,
  validateObjectName,
  variantNames,
} from "~/lib/storage/paths";
import { type MediaUsingContent, replaceDownloadUrls } from "~/queries/media.server";
import { findMediaObjects, renewMediaObjectToken } from "~/queries/media-objects.server";
import type { StorageContext } from "./context";
import { type Row, toMetadata } from "./metadata";
import { getRow } from "./objects";

/**
 * Makes new links for a file: a new download token for it and, for an image, a new one for each of its generated
 * copies, so that every earlier URL of the file and of its copies is refused. Content that showed the file
 * through one of those URLs (as a relative link, or an absolute one on `siteUrl`) is given the matching new URL
 * in the same transaction; the kinds of content changed are returned so their caches can be dropped.
 */
export async function rotateToken(
  ctx: StorageContext,
  rawPath: string,
  opts: { siteUrl?: string } = {},
): Promise<{ metadata: StorageMetadata; contentChanged: MediaUsingContent[] }> {
  const { db, bucket } = ctx;
  const fullPath = validateObjectName(rawPath);
  const names = variantNames(fullPath);
  const origins = [""];
  if (opts.siteUrl) {
    try {
      origins.push(new URL(opts.siteUrl).origin);
    } catch {
      // Without a usable site address only relative links are recognised.
    }
  }
  return db.transaction(async (tx) => {
    const rows = await findMediaObjects(tx, bucket, [fullPath, names.webp, ...names.sized.values()], {
      forUpdate: true,
    });
    const original = rows.find((r) => r.fullPath === fullPath);
    if (!original) throw storageErrors.objectNotFound(fullPath);
    // Only the copies this file owns: a same-named file uploaded on its own keeps its link.
    const copies = rows.filter((r) => r.fullPath !== fullPath && r.customMetadata.variantOf === fullPath);
    const originalTokens = downloadTokenList(original.downloadTokens);
    const replacements = new Map<string, string>();
    const renew = async (row: Row, oldTokens: string[]): Promise<Row> => {
      const token = randomUUID();
      for (const old of new Set(oldTokens)) {
        for (const origin of origins) {
          replacements.set(downloadUrl(row.fullPath, old, origin), downloadUrl(row.fullPath, token, origin));
        }
      }
      const updated = await renewMediaObjectToken(tx, row.id, token);
      if (!updated) throw storageErrors.objectNotFound(row.fullPath);
      return updated;
    };
    const renewed = await renew(original, originalTokens);
    // A copy opened with its own token or with its original's: both kinds of old URL get the copy's new one.
    for (const copy of copies) await renew(copy, [...downloadTokenList(copy.downloadTokens), ...originalTokens]);
    const contentChanged = await replaceDownloadUrls(tx, replacements);
    return { metadata: toMetadata(renewed), contentChanged };
  });
}

/**
 * The object a download URL names, after checking its token against the stored ones. Nothing about the object
 * (not even its size, for a Range request) is revealed before this passes. A generated copy also opens with its
 * original's current token: listings show only originals, and whoever may see an image may see it smaller.
 */
export async function authorizeDownload(ctx: StorageContext, rawPath: string, token: string | undefined): Promise<Row> {
  const fullPath = validateObjectName(rawPath);
  const row = await getRow(ctx, fullPath);
  if (!row) throw storageErrors.objectNotFound(fullPath);
  const tokens = downloadTokenList(row.downloadTokens);
  if (tokens.length === 0) throw storageErrors.noDownloadUrl();
  if (token && tokens.includes(token)) return row;
  const originalPath = row.customMetadata.variantOf;
  if (token && originalPath) {
    const original = await getRow(ctx, originalPath);
    const own = original ? variantNames(originalPath) : null;
    const isOwnCopy = own !== null && (own.webp === fullPath || [...own.sized.values()].includes(fullPath));
    if (original && isOwnCopy && downloadTokenList(original.downloadTokens).includes(token)) return row;
  }
  throw storageErrors.unauthorized(fullPath);
}
