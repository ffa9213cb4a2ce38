import { storageErrors } from "~/lib/storage/errors";
import { type StorageMetadata, validateObjectName, variantNames } from "~/lib/storage/paths";
import { deleteMediaObjectsById, findMediaObject, findMediaObjects } from "~/queries/media-objects.server";
import type { StorageContext } from "./context";
import { type Row, toMetadata } from "./metadata";

export function getRow(ctx: StorageContext, fullPath: string): Promise<Row | undefined> {
  return findMediaObject(ctx.db, ctx.bucket, fullPath);
}

export async function getMetadata(ctx: StorageContext, rawPath: string): Promise<StorageMetadata> {
  const fullPath = validateObjectName(rawPath);
  const row = await getRow(ctx, fullPath);
  if (!row) throw storageErrors.objectNotFound(fullPath);
  return toMetadata(row);
}

/** Deletes an object with the generated copies it owns, rows first, then their bytes. */
export async function deleteObject(ctx: StorageContext, rawPath: string): Promise<void> {
  const { db, bucket, driver } = ctx;
  const fullPath = validateObjectName(rawPath);
  const names = variantNames(fullPath);
  const row = await getRow(ctx, fullPath);
  if (!row) throw storageErrors.objectNotFound(fullPath);
  const candidates = await findMediaObjects(db, bucket, [names.webp, ...names.sized.values()]);
  // Only variants this object owns: a same-named object uploaded on its own is left alone.
  const ids = [row.id, ...candidates.filter((c) => c.customMetadata.variantOf === fullPath).map((c) => c.id)];
  const keys = await deleteMediaObjectsById(db, ids);
  await Promise.all(keys.map((key) => driver.delete(key).catch(() => {})));
}
