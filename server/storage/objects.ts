import { and, eq, inArray } from "drizzle-orm";
import { storageErrors } from "../../app/lib/storage/errors";
import { type StorageMetadata, validateObjectName, variantNames } from "../../app/lib/storage/paths";
import { mediaObjects } from "../../db/schema";
import type { StorageContext } from "./context";
import { type Row, toMetadata } from "./metadata";

export async function getRow(ctx: StorageContext, fullPath: string): Promise<Row | undefined> {
  const rows = await ctx.db
    .select()
    .from(mediaObjects)
    .where(and(eq(mediaObjects.bucket, ctx.bucket), eq(mediaObjects.fullPath, fullPath)))
    .limit(1);
  return rows[0];
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
  const candidates = await db
    .select({ id: mediaObjects.id, fullPath: mediaObjects.fullPath, customMetadata: mediaObjects.customMetadata })
    .from(mediaObjects)
    .where(and(eq(mediaObjects.bucket, bucket), inArray(mediaObjects.fullPath, [names.webp, ...names.sized.values()])));
  // Only variants this object owns: a same-named object uploaded on its own is left alone.
  const ids = [row.id, ...candidates.filter((c) => c.customMetadata.variantOf === fullPath).map((c) => c.id)];
  const gone = await db
    .delete(mediaObjects)
    .where(inArray(mediaObjects.id, ids))
    .returning({ key: mediaObjects.storageKey });
  await Promise.all(gone.map((g) => driver.delete(g.key).catch(() => {})));
}
