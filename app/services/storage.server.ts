import type { Readable } from "node:stream";
import type { MediaDescription } from "~/lib/storage/media-description";
import type { StorageListResult, StorageMetadata } from "~/lib/storage/paths";
import type { MediaUsingContent } from "~/queries/media.server";
import type { MediaObjectRow } from "~/queries/media-objects.server";

/** Upload and storage limits (from the environment, read by the server at start). */
export type StorageLimits = { maxUploadBytes: number; quotaBytes: number; maxImagePixels: number };

/** A listing's page: objects and folders under a prefix. */
export type StorageListOptions = {
  prefix?: string;
  delimiter?: string;
  pageToken?: string;
  maxResults?: string | number;
};

/** The metadata an upload may set. */
export type UploadFields = {
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  customMetadata?: Record<string, string>;
};

/** Bytes `start` to `end` of an object, both included. */
export type ByteRange = { start: number; end: number };

/**
 * The file storage (media library) as the app sees it through `Services` (decision 064): routes and services use
 * it; the server's storage module (`server/storage/service.ts`) implements it, with object metadata in the
 * media_objects table and the bytes in a blob driver. Declared here so that no service imports `server/`.
 */
export interface StorageService {
  readonly bucket: string;
  readonly limits: StorageLimits;
  /** A fresh temp file path for an upload in progress. */
  tempFile: () => string;
  /** Local storage only: deletions wait until the returned function runs. */
  holdDeletes(): () => Promise<void>;
  getMetadata(rawPath: string): Promise<StorageMetadata>;
  list(opts: StorageListOptions): Promise<StorageListResult>;
  /** Stores a finished temp file (consumed) at `rawPath`; images get WebP copies. */
  createFromFile(rawPath: string, file: string, fields?: UploadFields): Promise<StorageMetadata>;
  delete(rawPath: string): Promise<void>;
  /** Sets the file's alt text and caption, validated by the caller. */
  describe(rawPath: string, description: MediaDescription): Promise<StorageMetadata>;
  rotateToken(
    rawPath: string,
    opts?: { siteUrl?: string },
  ): Promise<{ metadata: StorageMetadata; contentChanged: MediaUsingContent[] }>;
  /** The object's row when `token` may read it; throws the storage's errors otherwise. */
  authorizeDownload(rawPath: string, token: string | undefined): Promise<MediaObjectRow>;
  /** The bytes of an authorised object (a byte range of them when asked). */
  openBlob(row: MediaObjectRow, range?: ByteRange): Promise<Readable>;
}
