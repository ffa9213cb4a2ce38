import { storageErrors } from "~/lib/storage/errors";
import { MEDIA_TEXT_KEYS, type MediaDescription } from "~/lib/storage/media-description";
import { type StorageMetadata, validateObjectName } from "~/lib/storage/paths";
import { setMediaObjectTexts } from "~/queries/media-objects.server";
import type { StorageContext } from "./context";
import { toMetadata } from "./metadata";

/**
 * Sets a file's alt text and caption (and their translations) in its customMetadata: the texts given replace every
 * earlier one, an empty one is removed, and the file's other metadata stays. The texts are validated by the caller
 * (mediaDescriptionSchema). A generated copy has no words of its own: it is not found here.
 */
export async function describeObject(
  ctx: StorageContext,
  rawPath: string,
  description: MediaDescription,
): Promise<StorageMetadata> {
  const fullPath = validateObjectName(rawPath);
  const texts: Record<string, string> = {};
  for (const key of MEDIA_TEXT_KEYS) {
    const value = description[key]?.trim();
    if (value) texts[key] = value;
  }
  const row = await setMediaObjectTexts(ctx.db, ctx.bucket, fullPath, MEDIA_TEXT_KEYS, texts);
  if (!row) throw storageErrors.objectNotFound(fullPath);
  return toMetadata(row);
}
