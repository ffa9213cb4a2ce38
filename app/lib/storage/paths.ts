import { STORAGE_LIST_MAX_RESULTS } from "../constants";
import { StorageError, storageErrors } from "./errors";

/** Stored file metadata as the API returns it. */
export type StorageMetadata = {
  bucket: string;
  generation: string;
  metageneration: string;
  fullPath: string;
  name: string;
  size: number;
  timeCreated: string;
  updated: string;
  md5Hash: string | null;
  cacheControl: string | null;
  contentDisposition: string | null;
  contentEncoding: string | null;
  contentLanguage: string | null;
  contentType: string | null;
  customMetadata: Record<string, string>;
  downloadTokens: string;
};

export type StorageListResult = { prefixes: string[]; items: StorageMetadata[]; nextPageToken?: string };

export const MAX_OBJECT_NAME_BYTES = 1024;

/**
 * Validates an object's full path. Names are keys in the database only (never file-system paths), but a name that
 * looks like a traversal or is ambiguous is refused anyway so it can never be mistaken for one downstream.
 */
export function validateObjectName(raw: string): string {
  if (typeof raw !== "string" || raw.length === 0) {
    throw storageErrors.invalidRootOperation();
  }
  const name = raw.normalize("NFC");
  if (new TextEncoder().encode(name).length > MAX_OBJECT_NAME_BYTES) {
    throw storageErrors.invalidArgument(`Object names are limited to ${MAX_OBJECT_NAME_BYTES} bytes.`);
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) {
    throw storageErrors.invalidArgument("Object names cannot contain control characters.");
  }
  if (name.includes("\\")) throw storageErrors.invalidArgument("Object names cannot contain backslashes.");
  if (name.startsWith("/")) throw storageErrors.invalidArgument("Object names cannot start with '/'.");
  const segments = name.split("/");
  for (const seg of segments) {
    if (seg === "")
      throw storageErrors.invalidArgument("Object names cannot contain empty segments ('//' or a trailing '/').");
    if (seg === "." || seg === "..") {
      throw storageErrors.invalidArgument("Object names cannot contain '.' or '..' segments.");
    }
  }
  return name;
}

/** A prefix for listing: empty (the root) or a valid name ending with '/'. */
export function validatePrefix(raw: string): string {
  if (raw === "") return "";
  if (!raw.endsWith("/")) throw storageErrors.invalidArgument("A prefix must end with '/'.");
  validateObjectName(raw.slice(0, -1));
  return raw.normalize("NFC");
}

export function validateMaxResults(raw: string | number | undefined | null): number {
  if (raw === undefined || raw === null || raw === "") return STORAGE_LIST_MAX_RESULTS.max;
  const n = typeof raw === "number" ? raw : /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(n) || n < STORAGE_LIST_MAX_RESULTS.min || n > STORAGE_LIST_MAX_RESULTS.max) {
    throw storageErrors.invalidArgument(
      `Invalid argument in list() at index 0: maxResults must be between ${STORAGE_LIST_MAX_RESULTS.min} and ${STORAGE_LIST_MAX_RESULTS.max}.`,
    );
  }
  return n;
}

/** Each path segment URL-encoded, '/' kept: for building API URLs. */
export function encodeObjectPath(fullPath: string): string {
  return fullPath.split("/").map(encodeURIComponent).join("/");
}

export function downloadUrl(fullPath: string, token: string, origin = ""): string {
  return `${origin}/api/storage/download/${encodeObjectPath(fullPath)}?token=${encodeURIComponent(token)}`;
}

/** The download tokens an object carries (stored comma-separated). */
export function downloadTokenList(tokens: string): string[] {
  return tokens
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
}

/** The first download token, the one download URLs are built from; null when there is none. */
export function firstDownloadToken(tokens: string): string | null {
  return downloadTokenList(tokens)[0] ?? null;
}

/** The URL from the first download token, or storage/no-download-url. */
export function firstDownloadUrl(meta: Pick<StorageMetadata, "fullPath" | "downloadTokens">, origin = ""): string {
  const token = firstDownloadToken(meta.downloadTokens);
  if (!token) throw storageErrors.noDownloadUrl();
  return downloadUrl(meta.fullPath, token, origin);
}

export const STRING_FORMATS = ["raw", "base64", "base64url", "data_url"] as const;
export type StringFormat = (typeof STRING_FORMATS)[number];

/**
 * Decodes an upload string in its declared format (it must match). Returns the bytes and, for data
 * URLs, the declared content type.
 */
export function decodeUploadString(format: StringFormat, value: string): { bytes: Uint8Array; contentType?: string } {
  switch (format) {
    case "raw":
      return { bytes: new TextEncoder().encode(value) };
    case "base64": {
      const v = value.replace(/\s+/g, "");
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(v) || v.length % 4 === 1) {
        throw storageErrors.invalidFormat("base64", "Invalid character found");
      }
      return { bytes: base64ToBytes(v) };
    }
    case "base64url": {
      const v = value.replace(/\s+/g, "");
      if (!/^[A-Za-z0-9_-]*={0,2}$/.test(v) || v.length % 4 === 1) {
        throw storageErrors.invalidFormat("base64url", "Invalid character found");
      }
      return { bytes: base64ToBytes(v.replace(/-/g, "+").replace(/_/g, "/")) };
    }
    case "data_url": {
      const m = /^data:([^,;]*)((?:;[^,;=]+=[^,;]*)*)(;base64)?,(.*)$/s.exec(value);
      if (!m) throw storageErrors.invalidFormat("data_url", "Must be formatted 'data:[<mediatype>][;base64],<data>");
      const contentType = m[1] || undefined;
      const payload = m[4] ?? "";
      if (m[3]) {
        const inner = decodeUploadString("base64", payload);
        return { bytes: inner.bytes, contentType };
      }
      try {
        return { bytes: new TextEncoder().encode(decodeURIComponent(payload)), contentType };
      } catch {
        throw storageErrors.invalidFormat("data_url", "Malformed data URL.");
      }
    }
  }
}

function base64ToBytes(v: string): Uint8Array {
  const padded = v + "=".repeat((4 - (v.length % 4)) % 4);
  if (typeof Buffer !== "undefined") return new Uint8Array(Buffer.from(padded, "base64"));
  const bin = atob(padded);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Types shown inline by the browser; anything else is served as an attachment. */
export function isInlineType(contentType: string | null | undefined): boolean {
  if (!contentType) return false;
  const t = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  return t.startsWith("image/") || t.startsWith("audio/") || t === "application/pdf";
}

/** RFC 6266 Content-Disposition with an ASCII fallback and a UTF-8 filename*; never echoes unsafe characters. */
export function safeContentDisposition(fileName: string, inline: boolean): string {
  const base = fileName.split("/").pop() || "download";
  const ascii = base.replace(/[^\x20-\x7e]/g, "_").replace(/["\\;]/g, "_");
  const encoded = encodeURIComponent(base).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** URLs for a stored image and its variants, ready for a form's originalImageUrl/webpImageUrl fields. */
export type ImageUrls = {
  originalUrl: string;
  webpUrl: string | null;
  width: number | null;
  height: number | null;
  srcset: string;
};

/** The responsive WebP widths made for every raster image (never upscaled: only widths below the original's). */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

/** The generated width a grid of files shows as each image's preview. */
const THUMBNAIL_WIDTH = IMAGE_WIDTHS[0];

export function variantNames(
  fullPath: string,
  widths: readonly number[] = IMAGE_WIDTHS,
): { webp: string; sized: Map<number, string> } {
  const sized = new Map<number, string>();
  for (const w of widths) sized.set(w, `${fullPath}@${w}.webp`);
  return { webp: `${fullPath}.webp`, sized };
}

export function isStorageError(err: unknown): err is StorageError {
  return err instanceof StorageError;
}

/**
 * The preview URL for a listed file: its smallest generated WebP width when the image is wide enough to have one,
 * else the file itself; null for files that are not images or have no download token. Listings leave the generated
 * copies out, so the copy's URL is built from the original's token, which the download route accepts for its copies.
 */
export function thumbnailUrl(meta: StorageMetadata): string | null {
  if (!meta.contentType?.startsWith("image/")) return null;
  const token = firstDownloadToken(meta.downloadTokens);
  if (!token) return null;
  // SVGs stay vectors; a raster image only has widths below its own (see IMAGE_WIDTHS).
  const hasCopy = meta.contentType !== "image/svg+xml" && Number(meta.customMetadata.width) > THUMBNAIL_WIDTH;
  const copy = hasCopy ? variantNames(meta.fullPath).sized.get(THUMBNAIL_WIDTH) : undefined;
  return downloadUrl(copy ?? meta.fullPath, token);
}
