import fsp from "node:fs/promises";
import { fromNodeHeaders } from "better-auth/node";
import express, { type NextFunction, type Request, type Response } from "express";
import { z } from "zod";
import { StorageError, storageErrors } from "~/lib/storage/errors";
import { isMediaTextKey, mediaDescriptionSchema } from "~/lib/storage/media-description";
import {
  decodeUploadString,
  isInlineType,
  STRING_FORMATS,
  type StorageMetadata,
  type StringFormat,
  safeContentDisposition,
  validateObjectName,
} from "~/lib/storage/paths";
import { notifyContentChanged } from "~/services/entries/content-events.server";
import type { Services } from "~/services/services.server";
import { sessionUserFromHeaders } from "~/services/staff/guard.server";
import { BodyAborted, drainAfterAnswer } from "../request-body";
import { DownloadAborted, receiveBody, receiveMultipart, sendBlob } from "./body-streams";
import type { StorageService, UploadFields } from "./service";

/** Multipart overhead allowed on top of the file limit (boundaries, part headers, metadata fields). */
const MULTIPART_SLACK = 256 * 1024;
/**
 * After a refused upload has been answered, up to this much more of its body is read and discarded, so a browser
 * that keeps sending until it notices the answer can still read it instead of seeing a reset connection.
 */
const DRAIN_LIMIT = 128 * 1024 * 1024;

const RESERVED_METADATA_KEYS = new Set(["variantOf", "width", "height"]);

type AuthLike = Pick<Services, "auth" | "db" | "logger" | "bus"> & { config: Pick<Services["config"], "siteUrl"> };

/** Path after a route prefix, decoded; accepts both /a/b and a single %2F-encoded segment. */
function objectPathFrom(req: Request, routePrefix: string): string {
  const raw = req.path.slice(routePrefix.length);
  try {
    return decodeURIComponent(raw);
  } catch {
    throw storageErrors.invalidArgument("The object path is not correctly URL-encoded.");
  }
}

const FieldsSchema = z.object({
  cacheControl: z.string().max(256).optional(),
  contentDisposition: z.string().max(512).optional(),
  contentEncoding: z.string().max(64).optional(),
  contentLanguage: z.string().max(64).optional(),
  customMetadata: z.record(z.string().max(128), z.string().max(2048)).optional(),
});

function parseFields(source: Record<string, string | undefined>): UploadFields {
  let custom: unknown;
  if (source.customMetadata) {
    try {
      custom = JSON.parse(source.customMetadata);
    } catch {
      throw storageErrors.invalidArgument("customMetadata must be a JSON object of strings.");
    }
  }
  const parsed = FieldsSchema.safeParse({
    cacheControl: source.cacheControl || undefined,
    contentDisposition: source.contentDisposition || undefined,
    contentEncoding: source.contentEncoding || undefined,
    contentLanguage: source.contentLanguage || undefined,
    customMetadata: custom,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw storageErrors.invalidArgument(
      `Invalid metadata field ${String(issue?.path.join(".") ?? "")}: ${issue?.message}`,
    );
  }
  const keys = Object.keys(parsed.data.customMetadata ?? {});
  if (keys.length > 50) throw storageErrors.invalidArgument("customMetadata is limited to 50 keys.");
  // The service writes these itself on generated image copies and sizes; a client must not fake them.
  const reserved = keys.filter((k) => RESERVED_METADATA_KEYS.has(k));
  if (reserved.length > 0) {
    throw storageErrors.invalidArgument(`customMetadata keys ${reserved.join(", ")} are reserved.`);
  }
  // An alt text or caption sent with the file obeys the media library's rules for them (one line, a length limit).
  const given = parsed.data.customMetadata;
  if (given && keys.some(isMediaTextKey)) {
    const texts = mediaDescriptionSchema.safeParse(
      Object.fromEntries(keys.filter(isMediaTextKey).map((k) => [k, given[k]])),
    );
    if (!texts.success) {
      const issue = texts.error.issues[0];
      throw storageErrors.invalidArgument(
        `Invalid metadata field customMetadata.${String(issue?.path.join(".") ?? "")}: ${issue?.message}`,
      );
    }
    for (const k of keys.filter(isMediaTextKey)) {
      const value = (texts.data as Record<string, string | undefined>)[k];
      if (value) given[k] = value;
      else delete given[k];
    }
  }
  return parsed.data;
}

function sendError(res: Response, err: StorageError) {
  res
    .status(err.status || 500)
    .setHeader("Cache-Control", "no-store")
    .json(err.toJSON());
}

/** The storage HTTP API (mounted at /api/storage). Writes, listing and metadata: ADMIN only; bytes: by token. */
export function createStorageRouter(services: AuthLike & { storage: StorageService }) {
  const { storage, logger } = services;
  const router = express.Router();

  async function requireAdminUser(req: Request, pathForMessage: string): Promise<void> {
    const user = await sessionUserFromHeaders(services, fromNodeHeaders(req.headers));
    if (!user) throw storageErrors.unauthenticated();
    if (user.role !== "ADMIN") throw storageErrors.unauthorized(pathForMessage);
  }

  const wrap =
    (fn: (req: Request, res: Response) => Promise<void>) =>
    async (req: Request, res: Response, _next: NextFunction) => {
      try {
        await fn(req, res);
      } catch (err) {
        if (err instanceof BodyAborted) {
          logger.debug({ path: req.path }, "upload stopped: the client went away");
          res.destroy();
          return;
        }
        if (err instanceof DownloadAborted) {
          logger.debug({ path: req.path, code: err.code }, "download stopped: the client went away");
          res.destroy();
          return;
        }
        const known = err instanceof StorageError ? err : null;
        if (!known) logger.error({ err, path: req.path }, "storage request failed");
        const e = known ?? storageErrors.unknown();
        if (!res.headersSent) {
          // A refused upload may still be streaming. Answer at once, without reading on; only once the answer is
          // out, discard what still arrives (bounded), so a client that keeps sending can read the answer.
          if (req.method === "POST") drainAfterAnswer(req, res, DRAIN_LIMIT);
          sendError(res, e);
        } else res.destroy();
      }
    };

  router.get(
    "/o",
    wrap(async (req, res) => {
      const q = req.query;
      const str = (v: unknown) => (typeof v === "string" ? v : undefined);
      await requireAdminUser(req, str(q.prefix) ?? "");
      const result = await storage.list({
        prefix: str(q.prefix),
        delimiter: str(q.delimiter),
        pageToken: str(q.pageToken),
        maxResults: str(q.maxResults),
      });
      res.setHeader("Cache-Control", "no-store");
      res.json(result);
    }),
  );

  router.get(
    "/o/{*path}",
    wrap(async (req, res) => {
      const fullPath = objectPathFrom(req, "/o/");
      await requireAdminUser(req, fullPath);
      res.setHeader("Cache-Control", "no-store");
      res.json(await storage.getMetadata(fullPath));
    }),
  );

  router.post(
    "/o",
    wrap(async (req, res) => {
      const name = typeof req.query.name === "string" ? req.query.name : "";
      await requireAdminUser(req, name);
      validateObjectName(name);
      const contentType = req.headers["content-type"] ?? "";
      const tooLarge = () => storageErrors.payloadTooLarge(storage.limits.maxUploadBytes);
      const queryFormat = typeof req.query.uploadType === "string" ? req.query.uploadType : undefined;
      const isMultipart = /^multipart\/form-data/i.test(contentType);
      const limit =
        storage.limits.maxUploadBytes * (queryFormat && queryFormat !== "raw" ? 1.4 : 1) +
        (isMultipart ? MULTIPART_SLACK : 0);
      // Temp files of this request; createFromFile removes the one it is given, the others are removed below.
      const files: string[] = [];
      let meta: StorageMetadata;
      try {
        let objectFile = storage.tempFile();
        files.push(objectFile);
        let fields: Record<string, string | undefined> = {};
        if (isMultipart) {
          const parts = await receiveMultipart(req, contentType, objectFile, Math.ceil(limit), tooLarge);
          if (!parts.file && parts.fields.file === undefined) {
            throw storageErrors.invalidArgument("The upload has no file part.");
          }
          fields = parts.fields;
          // Without a file part, the file was sent as a string in the "file" form field.
          if (!parts.file) await fsp.writeFile(objectFile, parts.fields.file ?? "");
        } else {
          await receiveBody(req, objectFile, Math.ceil(limit), tooLarge);
        }
        const format = fields.uploadType ?? queryFormat;
        if (format !== undefined) {
          if (!(STRING_FORMATS as readonly string[]).includes(format)) {
            throw storageErrors.invalidArgument(
              `Unknown string format '${format}'; expected one of ${STRING_FORMATS.join(", ")}.`,
            );
          }
          const text = await fsp.readFile(objectFile, "utf8");
          const decoded = decodeUploadString(format as StringFormat, text);
          objectFile = storage.tempFile();
          files.push(objectFile);
          await fsp.writeFile(objectFile, decoded.bytes);
        }
        const uploadFields = parseFields(fields);
        meta = await storage.createFromFile(name, objectFile, uploadFields);
      } finally {
        await Promise.all(files.map((f) => fsp.rm(f, { force: true })));
      }
      // Answered once nothing of the upload is left in the temp folder.
      res.status(200).setHeader("Cache-Control", "no-store").json(meta);
    }),
  );

  router.delete(
    "/o/{*path}",
    wrap(async (req, res) => {
      const fullPath = objectPathFrom(req, "/o/");
      await requireAdminUser(req, fullPath);
      await storage.delete(fullPath);
      res.status(204).setHeader("Cache-Control", "no-store").end();
    }),
  );

  router.post(
    "/o/{*path}",
    wrap(async (req, res) => {
      const raw = objectPathFrom(req, "/o/");
      if (!raw.endsWith("/token")) throw storageErrors.invalidArgument("Unknown storage operation.");
      const fullPath = raw.slice(0, -"/token".length);
      await requireAdminUser(req, fullPath);
      const { metadata, contentChanged } = await storage.rotateToken(fullPath, { siteUrl: services.config.siteUrl });
      // Public pages showing the file are cached: drop them on every instance, so they show the new links at once.
      await Promise.all(["media" as const, ...contentChanged].map((kind) => notifyContentChanged(services, kind)));
      res.setHeader("Cache-Control", "no-store");
      res.json(metadata);
    }),
  );

  router.get(
    "/download/{*path}",
    wrap(async (req, res) => {
      const fullPath = objectPathFrom(req, "/download/");
      const token = typeof req.query.token === "string" ? req.query.token : undefined;
      const row = await storage.authorizeDownload(fullPath, token);
      let range: { start: number; end: number } | undefined;
      const rangeHeader = req.headers.range;
      if (rangeHeader) {
        const m = /^bytes=(\d*)-(\d*)$/.exec(rangeHeader);
        if (m && (m[1] || m[2])) {
          const size = row.size;
          const start = m[1] ? Number(m[1]) : Math.max(0, size - Number(m[2]));
          const end = m[1] && m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
          if (start > end || start >= size) {
            res.status(416).setHeader("Content-Range", `bytes */${size}`).end();
            return;
          }
          range = { start, end };
        }
      }
      if (!range && row.md5Hash && req.headers["if-none-match"] === `"${row.md5Hash}"`) {
        res.status(304).end();
        return;
      }
      const stream = await storage.openBlob(row, range);
      const type = row.contentType ?? "application/octet-stream";
      res.setHeader("Content-Type", type);
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.setHeader("Cache-Control", row.cacheControl ?? "public, max-age=300");
      res.setHeader("Content-Disposition", safeContentDisposition(row.name, isInlineType(type)));
      res.setHeader("Accept-Ranges", "bytes");
      // Download URLs are public by token: feed readers and other sites may embed them.
      res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
      if (row.md5Hash) res.setHeader("ETag", `"${row.md5Hash}"`);
      if (row.contentLanguage) res.setHeader("Content-Language", row.contentLanguage);
      if (type === "image/svg+xml")
        res.setHeader("Content-Security-Policy", "sandbox; default-src 'none'; style-src 'unsafe-inline'");
      if (range) {
        res.status(206);
        res.setHeader("Content-Range", `bytes ${range.start}-${range.end}/${row.size}`);
        res.setHeader("Content-Length", String(range.end - range.start + 1));
      } else {
        res.setHeader("Content-Length", String(row.size));
      }
      await sendBlob(stream, res);
    }),
  );

  router.use((_req: Request, res: Response) => {
    sendError(res, storageErrors.invalidArgument("Unknown storage operation."));
  });

  return router;
}
