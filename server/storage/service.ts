import type { Readable } from "node:stream";
import type { MediaDescription } from "~/lib/storage/media-description";
import type { StorageListResult, StorageMetadata } from "~/lib/storage/paths";
import type { MediaUsingContent } from "~/queries/media.server";
import type { StorageService } from "~/services/storage.server";
import type { Database } from "~db/client";
import type { StorageContext } from "./context";
import { describeObject } from "./describe";
import type { BlobDriver, ByteRange } from "./drivers";
import { tempFileMaker } from "./files";
import type { StorageLimits } from "./limits";
import { authorizeDownload, rotateToken } from "./links";
import { type ListOptions, listObjects } from "./listing";
import type { Row } from "./metadata";
import { deleteObject, getMetadata } from "./objects";
import { createFromFile, type UploadFields } from "./upload";

export { type StorageLimits, storageLimitsFromEnv } from "./limits";
export { toMetadata } from "./metadata";
export type { UploadFields } from "./upload";

/** The storage service's shape is declared in app code (decision 064); this module implements it. */
export type { StorageService };

/**
 * The storage service: object metadata in the media_objects table, bytes in a BlobDriver under server-generated
 * keys. Uploads arrive as a finished temp file (the router bounds and counts the bytes while streaming). Each
 * operation lives in a module of its own (upload, listing, links, objects); this puts them behind one object.
 */
export function createStorageService(opts: {
  db: Database;
  driver: BlobDriver;
  bucket: string;
  tempDir: string;
  limits: StorageLimits;
}): StorageService {
  const { db, driver, bucket, limits } = opts;
  const ctx: StorageContext = { db, driver, bucket, limits, tempFile: tempFileMaker(opts.tempDir) };

  return {
    bucket,
    limits,
    tempFile: ctx.tempFile,
    /** Local storage only: deletions wait until the returned function runs (see BlobDriver.holdDeletes). */
    holdDeletes: (): (() => Promise<void>) => driver.holdDeletes?.() ?? (async () => {}),
    getMetadata: (rawPath: string): Promise<StorageMetadata> => getMetadata(ctx, rawPath),
    list: (opts: ListOptions): Promise<StorageListResult> => listObjects(ctx, opts),
    /** See upload.ts: the temp file is consumed; images get WebP copies. */
    createFromFile: (rawPath: string, file: string, fields: UploadFields = {}): Promise<StorageMetadata> =>
      createFromFile(ctx, rawPath, file, fields),
    delete: (rawPath: string): Promise<void> => deleteObject(ctx, rawPath),
    /** See describe.ts: the file's alt text and caption, validated by the caller. */
    describe: (rawPath: string, description: MediaDescription): Promise<StorageMetadata> =>
      describeObject(ctx, rawPath, description),
    rotateToken: (
      rawPath: string,
      opts: { siteUrl?: string } = {},
    ): Promise<{ metadata: StorageMetadata; contentChanged: MediaUsingContent[] }> => rotateToken(ctx, rawPath, opts),
    authorizeDownload: (rawPath: string, token: string | undefined): Promise<Row> =>
      authorizeDownload(ctx, rawPath, token),
    /** The bytes of an authorised object (a byte range of them when asked). */
    openBlob: (row: Row, range?: ByteRange): Promise<Readable> => driver.get(row.storageKey, range),
  };
}
