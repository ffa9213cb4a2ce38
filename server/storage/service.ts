import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { and, eq, inArray, like, type SQL, sql } from "drizzle-orm";
import sharp, { type Metadata, type OutputInfo, type Sharp } from "sharp";
import { z } from "zod";
import { storageErrors } from "../../app/lib/storage/errors";
import { STORAGE_MAX_UPLOAD_BYTES } from "../../app/lib/storage/limits";
import {
  downloadTokenList,
  downloadUrl,
  IMAGE_WIDTHS,
  type StorageListResult,
  type StorageMetadata,
  validateMaxResults,
  validateObjectName,
  validatePrefix,
  variantNames,
} from "../../app/lib/storage/paths";
import { type MediaUsingContent, replaceDownloadUrls } from "../../app/queries/media.server";
import { escapeLike } from "../../app/queries/sql-helpers.server";
import type { Database } from "../../db/client";
import { mediaObjects } from "../../db/schema";
import { ConfigError } from "../config";
import type { BlobDriver, ByteRange } from "./drivers";
import { type DetectedType, describeUnknown, detectType, svgRefusalReason } from "./sniff";

const LimitsSchema = z.object({
  STORAGE_MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(STORAGE_MAX_UPLOAD_BYTES),
  STORAGE_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 ** 3),
  STORAGE_MAX_IMAGE_PIXELS: z.coerce.number().int().positive().default(40_000_000),
});

export type StorageLimits = { maxUploadBytes: number; quotaBytes: number; maxImagePixels: number };

/** Limits from the environment (optional variables; defaults 25 MB per file, 5 GB in total, 40 megapixels). */
export function storageLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): StorageLimits {
  const parsed = LimitsSchema.safeParse({
    STORAGE_MAX_UPLOAD_BYTES: env.STORAGE_MAX_UPLOAD_BYTES || undefined,
    STORAGE_QUOTA_BYTES: env.STORAGE_QUOTA_BYTES || undefined,
    STORAGE_MAX_IMAGE_PIXELS: env.STORAGE_MAX_IMAGE_PIXELS || undefined,
  });
  if (!parsed.success) {
    const name = String(parsed.error.issues[0]?.path[0] ?? "STORAGE limit");
    throw new ConfigError(`Invalid ${name} (${JSON.stringify(env[name])}): expected a positive whole number.`);
  }
  const e = parsed.data;
  return {
    maxUploadBytes: e.STORAGE_MAX_UPLOAD_BYTES,
    quotaBytes: e.STORAGE_QUOTA_BYTES,
    maxImagePixels: e.STORAGE_MAX_IMAGE_PIXELS,
  };
}

export type UploadFields = {
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  customMetadata?: Record<string, string>;
};

type Row = typeof mediaObjects.$inferSelect;

/** One file the image pipeline wrote: `width` is the responsive width it was made for (null: full size). */
type ImageOutput = { file: string; width: number | null; pixelWidth: number; pixelHeight: number; size: number };

export type StorageService = ReturnType<typeof createStorageService>;

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

async function md5File(file: string): Promise<string> {
  const hash = createHash("md5");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("base64");
}

async function readHead(file: string, bytes = 4096): Promise<Uint8Array> {
  const fh = await fsp.open(file, "r");
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return new Uint8Array(buf.subarray(0, bytesRead));
  } finally {
    await fh.close();
  }
}

/** Generated image copies are found through their original, never listed on their own. */
const notVariant = sql`(${mediaObjects.customMetadata} ->> 'variantOf') is null`;

/**
 * A listing entry's key in SQL: the object's full path, or with the '/' delimiter its folder under the prefix
 * ("a/b/c.jpg" under "a/" is "a/b/"). `prefixChars` is the prefix's length in characters (code points, as
 * Postgres counts them), inlined as a number so the expression has no parameters and can be grouped on.
 */
function entryKey(prefixChars: number, delimiter: boolean): SQL<string> {
  if (!delimiter) return sql<string>`${mediaObjects.fullPath}`;
  const n = sql.raw(String(prefixChars));
  const cut = sql`strpos(substr(${mediaObjects.fullPath}, ${n} + 1), '/')`;
  return sql<string>`case when ${cut} > 0 then left(${mediaObjects.fullPath}, ${n} + ${cut}) else ${mediaObjects.fullPath} end`;
}

type PageCursor = { p: string; a: string };

function encodeToken(c: PageCursor): string {
  return Buffer.from(JSON.stringify(c), "utf8").toString("base64url");
}

function decodeToken(token: string, prefix: string): string {
  try {
    if (!/^[A-Za-z0-9_-]{1,4096}$/.test(token)) throw new Error("shape");
    const parsed = z
      .object({ p: z.string(), a: z.string().min(1) })
      .parse(JSON.parse(Buffer.from(token, "base64url").toString("utf8")));
    if (parsed.p !== prefix) throw new Error("prefix");
    return parsed.a;
  } catch {
    throw storageErrors.invalidArgument("Invalid page token: it does not belong to this listing.");
  }
}

/**
 * The storage service: object metadata in the media_objects table, bytes in a BlobDriver under server-generated
 * keys. Uploads arrive as a finished temp file (the router bounds and counts the bytes while streaming).
 */
export function createStorageService(opts: {
  db: Database;
  driver: BlobDriver;
  bucket: string;
  tempDir: string;
  limits: StorageLimits;
}) {
  const { db, driver, bucket, tempDir, limits } = opts;
  fs.mkdirSync(tempDir, { recursive: true });

  const tempFile = () => path.join(tempDir, `${randomUUID()}.tmp`);

  async function getRow(fullPath: string): Promise<Row | undefined> {
    const rows = await db
      .select()
      .from(mediaObjects)
      .where(and(eq(mediaObjects.bucket, bucket), eq(mediaObjects.fullPath, fullPath)))
      .limit(1);
    return rows[0];
  }

  async function usedBytes(): Promise<number> {
    const r = await db
      .select({ total: sql<string>`coalesce(sum(${mediaObjects.size}), 0)` })
      .from(mediaObjects)
      .where(eq(mediaObjects.bucket, bucket));
    return Number(r[0]?.total ?? 0);
  }

  /**
   * Stores one file's bytes and upserts its row over `existing` (the row now at that path, read by the caller);
   * returns the row and the blob key it replaced, if any.
   */
  async function storeObject(
    fullPath: string,
    file: string,
    contentType: string,
    fields: UploadFields,
    customMetadata: Record<string, string>,
    size: number,
    existing: Row | undefined,
  ): Promise<{ row: Row; oldKey: string | null }> {
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
      const [row] = await db
        .insert(mediaObjects)
        .values(values)
        .onConflictDoUpdate({ target: [mediaObjects.bucket, mediaObjects.fullPath], set: values })
        .returning();
      if (!row) throw new Error("upsert returned nothing");
      return { row, oldKey: existing && existing.storageKey !== key ? existing.storageKey : null };
    } catch (err) {
      await driver.delete(key).catch(() => {});
      throw err;
    }
  }

  /**
   * Image pipeline: re-encode (drops EXIF and other metadata), then a WebP and never-upscaled responsive sizes. The
   * source is opened once and every output is a clone of that one input; sizes come from what sharp reports.
   */
  async function processImage(
    source: string,
    type: Extract<DetectedType, { kind: "image" }>,
  ): Promise<{ main: ImageOutput; variants: ImageOutput[] }> {
    let meta: Metadata;
    try {
      meta = await sharp(source, { limitInputPixels: false }).metadata();
    } catch {
      throw storageErrors.invalidArgument("The image could not be read: the file is damaged or not a complete image.");
    }
    const w = meta.width ?? 0;
    const h = (meta.pageHeight ?? meta.height) || 0;
    if (w * h > limits.maxImagePixels) {
      throw storageErrors.invalidArgument(
        `The image is ${w} × ${h} pixels (${Math.round((w * h) / 1e6)} megapixels); images are limited to ${Math.round(limits.maxImagePixels / 1e6)} megapixels. Nothing was stored.`,
      );
    }
    const animated = type.mime === "image/gif" || type.mime === "image/webp";
    const input = sharp(source, { limitInputPixels: limits.maxImagePixels, animated, failOn: "error" }).rotate();
    const out: string[] = [];
    // An animated image's frames are stacked in the output: its height is one frame's.
    const frameHeight = (info: OutputInfo) => info.pageHeight ?? info.height;
    const write = async (pipe: Sharp, width: number | null): Promise<ImageOutput> => {
      const file = tempFile();
      out.push(file);
      const info = await pipe.toFile(file);
      return { file, width, pixelWidth: info.width, pixelHeight: frameHeight(info), size: info.size };
    };
    try {
      let pipe = input.clone();
      switch (type.mime) {
        case "image/jpeg":
          pipe = pipe.jpeg({ quality: 85, mozjpeg: true });
          break;
        case "image/png":
          pipe = pipe.png({ compressionLevel: 9 });
          break;
        case "image/webp":
          pipe = pipe.webp({ quality: 82 });
          break;
        case "image/gif":
          pipe = pipe.gif();
          break;
        case "image/avif":
          pipe = pipe.avif({ quality: 55, effort: 2 });
          break;
      }
      const main = await write(pipe, null);
      const variants = [await write(input.clone().webp({ quality: 80, effort: 2 }), null)];
      for (const target of IMAGE_WIDTHS) {
        if (target >= main.pixelWidth) continue;
        const resized = input.clone().resize({ width: target, withoutEnlargement: true });
        variants.push(await write(resized.webp({ quality: 80, effort: 2 }), target));
      }
      return { main, variants };
    } catch (err) {
      await Promise.all(out.map((f) => fsp.rm(f, { force: true })));
      if ((err as { code?: string }).code?.startsWith("storage/")) throw err;
      const msg = String((err as Error).message ?? "");
      if (/pixel limit/i.test(msg)) {
        throw storageErrors.invalidArgument(
          `The image is larger than ${Math.round(limits.maxImagePixels / 1e6)} megapixels. Nothing was stored.`,
        );
      }
      throw storageErrors.invalidArgument(
        "The image could not be processed: the file is damaged or not a complete image.",
      );
    }
  }

  return {
    bucket,
    limits,
    tempFile,
    /** Local storage only: deletions wait until the returned function runs (see BlobDriver.holdDeletes). */
    holdDeletes: (): (() => Promise<void>) => driver.holdDeletes?.() ?? (async () => {}),

    async getMetadata(rawPath: string): Promise<StorageMetadata> {
      const fullPath = validateObjectName(rawPath);
      const row = await getRow(fullPath);
      if (!row) throw storageErrors.objectNotFound(fullPath);
      return toMetadata(row);
    },

    async list(opts: {
      prefix?: string;
      delimiter?: string;
      pageToken?: string;
      maxResults?: string | number;
    }): Promise<StorageListResult> {
      const prefix = validatePrefix(opts.prefix ?? "");
      const maxResults = validateMaxResults(opts.maxResults);
      const delimiter = opts.delimiter ?? "";
      if (delimiter !== "" && delimiter !== "/")
        throw storageErrors.invalidArgument("The only supported delimiter is '/'.");
      const after = opts.pageToken ? decodeToken(opts.pageToken, prefix) : null;
      // One page of entries (folders and files, in byte order of their keys), computed by the database: keyset
      // paging after the last key of the previous page, generated copies left out before the page is cut.
      const key = entryKey([...prefix].length, delimiter !== "");
      const entries = db
        .select({ key: sql<string>`(${key}) collate "C"`.as("key") })
        .from(mediaObjects)
        .where(
          and(
            eq(mediaObjects.bucket, bucket),
            like(mediaObjects.fullPath, `${escapeLike(prefix)}%`),
            notVariant,
            // Every path under an entry sorts after the entry's key, so this only skips rows of earlier pages.
            after === null ? undefined : sql`${mediaObjects.fullPath} collate "C" > ${after}`,
          ),
        )
        .as("entries");
      const keys = await db
        .select({ key: entries.key })
        .from(entries)
        .where(after === null ? undefined : sql`${entries.key} > ${after}`)
        .groupBy(entries.key)
        .orderBy(entries.key)
        .limit(maxResults + 1);
      const page = keys.slice(0, maxResults).map((k) => k.key);
      const more = keys.length > maxResults;
      // Object names never end with '/': a key that does is a folder.
      const itemPaths = page.filter((k) => !k.endsWith("/"));
      const rows = itemPaths.length
        ? await db
            .select()
            .from(mediaObjects)
            .where(and(eq(mediaObjects.bucket, bucket), inArray(mediaObjects.fullPath, itemPaths)))
        : [];
      const byPath = new Map(rows.map((r) => [r.fullPath, r]));
      const last = page[page.length - 1];
      return {
        prefixes: page.filter((k) => k.endsWith("/")),
        items: itemPaths.flatMap((p) => {
          const row = byPath.get(p);
          return row ? [toMetadata(row)] : [];
        }),
        ...(more && last ? { nextPageToken: encodeToken({ p: prefix, a: last }) } : {}),
      };
    },

    /**
     * Creates or replaces an object from a finished temp file (deleted afterwards, whatever happens). Type is
     * decided by the bytes; images are re-encoded and get WebP variants as sibling objects.
     */
    async createFromFile(rawPath: string, file: string, fields: UploadFields = {}): Promise<StorageMetadata> {
      const cleanup: string[] = [file];
      try {
        const fullPath = validateObjectName(rawPath);
        const size = (await fsp.stat(file)).size;
        if (size === 0) throw storageErrors.invalidArgument("The file is empty.");
        if (size > limits.maxUploadBytes) throw storageErrors.payloadTooLarge(limits.maxUploadBytes);
        const head = await readHead(file);
        const type = detectType(head);
        if (!type) throw storageErrors.unsupportedType(describeUnknown(head));
        const customMetadata: Record<string, string> = { ...(fields.customMetadata ?? {}) };
        let mainFile = file;
        let mainSize = size;
        let variants: ImageOutput[] = [];
        if (type.kind === "svg") {
          if (size > 2 * 1024 * 1024) throw storageErrors.invalidArgument("SVG files are limited to 2 MB.");
          const reason = svgRefusalReason(await fsp.readFile(file, "utf8"));
          if (reason) {
            throw storageErrors.unsupportedType(
              `an SVG image that ${reason.replace(/^it /, "")}; only SVGs without scripts or external references are accepted`,
            );
          }
        } else if (type.kind === "image") {
          const { main, variants: copies } = await processImage(file, type);
          mainFile = main.file;
          mainSize = main.size;
          variants = copies;
          cleanup.push(main.file, ...variants.map((v) => v.file));
          customMetadata.width = String(main.pixelWidth);
          customMetadata.height = String(main.pixelHeight);
        }
        const names = variantNames(fullPath);
        const variantPaths = [names.webp, ...names.sized.values()];
        // The rows now at this path and its copies' paths, read once: they decide the quota and what gets replaced.
        const current = await db
          .select()
          .from(mediaObjects)
          .where(and(eq(mediaObjects.bucket, bucket), inArray(mediaObjects.fullPath, [fullPath, ...variantPaths])));
        const existing = current.find((r) => r.fullPath === fullPath);
        // A file an admin uploaded under a variant's name (x.webp) is theirs: never overwritten or deleted here.
        const ownCopies = new Map(
          current.filter((r) => r.customMetadata.variantOf === fullPath).map((r) => [r.fullPath, r]),
        );
        const foreign = new Set(
          current.filter((r) => r.fullPath !== fullPath && !ownCopies.has(r.fullPath)).map((r) => r.fullPath),
        );
        const pathOf = (v: ImageOutput) => (v.width === null ? names.webp : (names.sized.get(v.width) as string));
        const kept = variants.filter((v) => !foreign.has(pathOf(v)));
        // Every own copy of the earlier version is replaced or removed below, so its bytes are freed too.
        const freed = [existing, ...ownCopies.values()].reduce((n, r) => n + (r?.size ?? 0), 0);
        const added = kept.reduce((n, v) => n + v.size, mainSize);
        if ((await usedBytes()) - freed + added > limits.quotaBytes) {
          throw storageErrors.quotaExceeded(bucket);
        }
        const oldKeys: string[] = [];
        const { row, oldKey } = await storeObject(
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
        if (stale.length) {
          const gone = await db
            .delete(mediaObjects)
            .where(and(eq(mediaObjects.bucket, bucket), inArray(mediaObjects.fullPath, stale)))
            .returning({ key: mediaObjects.storageKey });
          oldKeys.push(...gone.map((g) => g.key));
        }
        await Promise.all(oldKeys.map((k) => driver.delete(k).catch(() => {})));
        return toMetadata(row);
      } finally {
        await Promise.all(cleanup.map((f) => fsp.rm(f, { force: true })));
      }
    },

    async delete(rawPath: string): Promise<void> {
      const fullPath = validateObjectName(rawPath);
      const names = variantNames(fullPath);
      const row = await getRow(fullPath);
      if (!row) throw storageErrors.objectNotFound(fullPath);
      const candidates = await db
        .select({ id: mediaObjects.id, fullPath: mediaObjects.fullPath, customMetadata: mediaObjects.customMetadata })
        .from(mediaObjects)
        .where(
          and(eq(mediaObjects.bucket, bucket), inArray(mediaObjects.fullPath, [names.webp, ...names.sized.values()])),
        );
      // Only variants this object owns: a same-named object uploaded on its own is left alone.
      const ids = [row.id, ...candidates.filter((c) => c.customMetadata.variantOf === fullPath).map((c) => c.id)];
      const gone = await db
        .delete(mediaObjects)
        .where(inArray(mediaObjects.id, ids))
        .returning({ key: mediaObjects.storageKey });
      await Promise.all(gone.map((g) => driver.delete(g.key).catch(() => {})));
    },

    /**
     * Makes new links for a file: a new download token for it and, for an image, a new one for each of its generated
     * copies, so that every earlier URL of the file and of its copies is refused. Content that showed the file
     * through one of those URLs (as a relative link, or an absolute one on `siteUrl`) is given the matching new URL
     * in the same transaction; the kinds of content changed are returned so their caches can be dropped.
     */
    async rotateToken(
      rawPath: string,
      opts: { siteUrl?: string } = {},
    ): Promise<{ metadata: StorageMetadata; contentChanged: MediaUsingContent[] }> {
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
        const rows = await tx
          .select()
          .from(mediaObjects)
          .where(
            and(
              eq(mediaObjects.bucket, bucket),
              inArray(mediaObjects.fullPath, [fullPath, names.webp, ...names.sized.values()]),
            ),
          )
          .for("update");
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
          const [updated] = await tx
            .update(mediaObjects)
            .set({
              downloadTokens: token,
              metageneration: sql`(${mediaObjects.metageneration}::bigint + 1)::text`,
              updated: new Date(),
            })
            .where(eq(mediaObjects.id, row.id))
            .returning();
          if (!updated) throw storageErrors.objectNotFound(row.fullPath);
          return updated;
        };
        const renewed = await renew(original, originalTokens);
        // A copy opened with its own token or with its original's: both kinds of old URL get the copy's new one.
        for (const copy of copies) await renew(copy, [...downloadTokenList(copy.downloadTokens), ...originalTokens]);
        const contentChanged = await replaceDownloadUrls(tx, replacements);
        return { metadata: toMetadata(renewed), contentChanged };
      });
    },

    /**
     * The object a download URL names, after checking its token against the stored ones. Nothing about the object
     * (not even its size, for a Range request) is revealed before this passes. A generated copy also opens with its
     * original's current token: listings show only originals, and whoever may see an image may see it smaller.
     */
    async authorizeDownload(rawPath: string, token: string | undefined): Promise<Row> {
      const fullPath = validateObjectName(rawPath);
      const row = await getRow(fullPath);
      if (!row) throw storageErrors.objectNotFound(fullPath);
      const tokens = downloadTokenList(row.downloadTokens);
      if (tokens.length === 0) throw storageErrors.noDownloadUrl();
      if (token && tokens.includes(token)) return row;
      const originalPath = row.customMetadata.variantOf;
      if (token && originalPath) {
        const original = await getRow(originalPath);
        const own = original ? variantNames(originalPath) : null;
        const isOwnCopy = own !== null && (own.webp === fullPath || [...own.sized.values()].includes(fullPath));
        if (original && isOwnCopy && downloadTokenList(original.downloadTokens).includes(token)) return row;
      }
      throw storageErrors.unauthorized(fullPath);
    },

    /** The bytes of an authorised object (a byte range of them when asked). */
    openBlob(row: Row, range?: ByteRange): Promise<Readable> {
      return driver.get(row.storageKey, range);
    },
  };
}
