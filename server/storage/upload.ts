import { randomUUID } from "node:crypto";
import { isMediaTextKey, readMediaDescription } from "~/lib/storage/media-description";
import { type StorageMetadata, validateObjectName, variantNames } from "~/lib/storage/paths";
import { deleteMediaObjectsAt, findMediaObjects, upsertMediaObject } from "~/queries/media-objects.server";
import type { UploadFields } from "~/services/storage.server";
import type { StorageContext } from "./context";
import { md5File, removeFiles } from "./files";
import { type ImageOutput, processImage } from "./image-pipeline";
import { type Row, toMetadata } from "./metadata";
import { assertWithinQuota } from "./quota";
import { checkUploadedFile } from "./validation";

export type { UploadFields };

/**
 * Stores one file's bytes and upserts its row over `existing` (the row now at that path, read by the caller);
 * returns the row and the blob key it replaced, if any.
 */
async function storeObject(
  ctx: StorageContext,
  fullPath: string,
  file: string,
  contentType: string,
  fields: UploadFields,
  customMetadata: Record<string, string>,
  size: number,
  existing: Row | undefined,
): Promise<{ row: Row; oldKey: string | null }> {
  const { db, driver, bucket } = ctx;
  const md5Hash = await md5File(file);
  const key = driver.newKey();
  await driver.put(key, file, size, contentType);
  const now = new Date();
  const values = {
    bucket,
    fullPath,
    name: fullPath.split("/").pop() ?? fullPath,
    size,
    generation: String(now.getTime() * 1000 + Math.floor(Math.random() * 1000)),
    metageneration: "1",
    contentType,
    md5Hash,
    cacheControl: fields.cacheControl ?? null,
    contentDisposition: fields.contentDisposition ?? null,
    contentEncoding: fields.contentEncoding ?? null,
    contentLanguage: fields.contentLanguage ?? null,
    customMetadata,
    // Replacing a file keeps its links working; rotating the token is the way to revoke them.
    downloadTokens: existing?.downloadTokens || randomUUID(),
    storageKey: key,
    timeCreated: now,
    updated: now,
  };
  try {
    const row = await upsertMediaObject(db, values);
    return { row, oldKey: existing && existing.storageKey !== key ? existing.storageKey : null };
  } catch (err) {
    await driver.delete(key).catch(() => {});
    throw err;
  }
}

/**
 * What an upload at `fullPath` replaces, from the rows now at that path and at its copies' paths: the row at the
 * path, the copies it owns, and the paths held by files someone uploaded under a copy's name (never overwritten or
 * deleted here). Also which of the new copies are stored and how many bytes the upload frees.
 */
function planReplacement(
  current: Row[],
  fullPath: string,
  copyPathOf: (v: ImageOutput) => string,
  variants: ImageOutput[],
) {
  const existing = current.find((r) => r.fullPath === fullPath);
  const ownCopies = new Map(current.filter((r) => r.customMetadata.variantOf === fullPath).map((r) => [r.fullPath, r]));
  const foreign = new Set(
    current.filter((r) => r.fullPath !== fullPath && !ownCopies.has(r.fullPath)).map((r) => r.fullPath),
  );
  const kept = variants.filter((v) => !foreign.has(copyPathOf(v)));
  // Every own copy of the earlier version is replaced or removed, so its bytes are freed too.
  const freed = [existing, ...ownCopies.values()].reduce((n, r) => n + (r?.size ?? 0), 0);
  return { existing, ownCopies, foreign, kept, freed };
}

/**
 * Creates or replaces an object from a finished temp file (deleted afterwards, whatever happens). Type is decided by
 * the bytes; images are re-encoded and get WebP variants as sibling objects.
 */
export async function createFromFile(
  ctx: StorageContext,
  rawPath: string,
  file: string,
  fields: UploadFields = {},
): Promise<StorageMetadata> {
  const { db, driver, bucket, limits } = ctx;
  const cleanup: string[] = [file];
  try {
    const fullPath = validateObjectName(rawPath);
    const { size, type } = await checkUploadedFile(file, limits);
    const customMetadata: Record<string, string> = { ...(fields.customMetadata ?? {}) };
    let mainFile = file;
    let mainSize = size;
    let variants: ImageOutput[] = [];
    if (type.kind === "image") {
      const { main, variants: copies } = await processImage(file, type, {
        maxImagePixels: limits.maxImagePixels,
        tempFile: ctx.tempFile,
      });
      mainFile = main.file;
      mainSize = main.size;
      variants = copies;
      cleanup.push(main.file, ...variants.map((v) => v.file));
      customMetadata.width = String(main.pixelWidth);
      customMetadata.height = String(main.pixelHeight);
    }
    const names = variantNames(fullPath);
    const variantPaths = [names.webp, ...names.sized.values()];
    const pathOf = (v: ImageOutput) => (v.width === null ? names.webp : (names.sized.get(v.width) as string));
    // The rows now at this path and its copies' paths, read once: they decide the quota and what gets replaced.
    const current = await findMediaObjects(db, bucket, [fullPath, ...variantPaths]);
    const { existing, ownCopies, foreign, kept, freed } = planReplacement(current, fullPath, pathOf, variants);
    // A new version of a file keeps its alt text and caption unless the upload brings its own: pages showing the
    // file keep describing it (staff change the words in the media library if the picture changed).
    if (existing && !Object.keys(customMetadata).some(isMediaTextKey)) {
      Object.assign(customMetadata, readMediaDescription(existing.customMetadata));
    }
    await assertWithinQuota(ctx, { added: kept.reduce((n, v) => n + v.size, mainSize), freed });
    const oldKeys: string[] = [];
    const { row, oldKey } = await storeObject(
      ctx,
      fullPath,
      mainFile,
      type.mime,
      fields,
      customMetadata,
      mainSize,
      existing,
    );
    if (oldKey) oldKeys.push(oldKey);
    const written = new Set<string>();
    for (const v of kept) {
      const vPath = pathOf(v);
      const r = await storeObject(
        ctx,
        vPath,
        v.file,
        "image/webp",
        { cacheControl: fields.cacheControl },
        { variantOf: fullPath, width: String(v.pixelWidth), height: String(v.pixelHeight) },
        v.size,
        ownCopies.get(vPath),
      );
      written.add(vPath);
      if (r.oldKey) oldKeys.push(r.oldKey);
    }
    // Variants of an earlier, larger version that this one did not produce.
    const stale = variantPaths.filter((p) => !written.has(p) && !foreign.has(p));
    oldKeys.push(...(await deleteMediaObjectsAt(db, bucket, stale)));
    await Promise.all(oldKeys.map((k) => driver.delete(k).catch(() => {})));
    return toMetadata(row);
  } finally {
    await removeFiles(cleanup);
  }
}
