import type { StorageMetadata } from "~/lib/storage/paths";
import type { MediaObjectRow } from "~/queries/media-objects.server";

export type Row = MediaObjectRow;

/** An object's metadata as the storage API returns it. */
export function toMetadata(row: Row): StorageMetadata {
  return {
    bucket: row.bucket,
    generation: row.generation,
    metageneration: row.metageneration,
    fullPath: row.fullPath,
    name: row.name,
    size: row.size,
    timeCreated: row.timeCreated.toISOString(),
    updated: row.updated.toISOString(),
    md5Hash: row.md5Hash,
    cacheControl: row.cacheControl,
    contentDisposition: row.contentDisposition,
    contentEncoding: row.contentEncoding,
    contentLanguage: row.contentLanguage,
    contentType: row.contentType,
    customMetadata: row.customMetadata,
    downloadTokens: row.downloadTokens,
  };
}
