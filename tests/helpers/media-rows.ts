import type { mediaObjects } from "~db/schema";

export type MediaRow = typeof mediaObjects.$inferInsert;

/**
 * A media_objects row as the storage service writes it after an upload, for tests that list, authorise or resolve
 * stored files without needing their bytes.
 */
export function mediaRow(
  bucket: string,
  fullPath: string,
  fields: { downloadTokens: string; contentType: string; customMetadata?: Record<string, string>; size?: number },
): MediaRow {
  return {
    bucket,
    fullPath,
    name: fullPath.split("/").pop() ?? fullPath,
    size: fields.size ?? 1000,
    generation: "1",
    contentType: fields.contentType,
    customMetadata: fields.customMetadata ?? {},
    downloadTokens: fields.downloadTokens,
    storageKey: `key-${fullPath}`,
  };
}
