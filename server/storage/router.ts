import fs from "node:fs";
import fsp from "node:fs/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fromNodeHeaders } from "better-auth/node";
import express, { type NextFunction, type Request, type Response } from "express";
import { z } from "zod";
import { StorageError, storageErrors } from "../../app/lib/storage/errors";
import {
  decodeUploadString,
  isInlineType,
  STRING_FORMATS,
  type StringFormat,
  safeContentDisposition,
  validateObjectName,
} from "../../app/lib/storage/paths";
import { notifyContentChanged } from "../../app/services/content-events.server";
import { sessionUserFromHeaders } from "../../app/services/guard.server";
import type { Services } from "../../app/services/services.server";
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
  return parsed.data;
}

/**
 * Streams the request body into a temp file, counting bytes; refuses as soon as the count passes `limit`
 * (a declared Content-Length above it is refused before reading anything).
 */
async function receiveBody(req: Request, file: string, limit: number, tooLarge: () => StorageError): Promise<number> {
  const declared = Number(req.headers["content-length"] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  // Not stream.pipeline: on failure it would destroy the request (and the socket), so the client would never read
  // the JSON refusal. Here the request stays open and the error handler drains it.
  return new Promise<number>((resolve, reject) => {
    const out = fs.createWriteStream(file, { flags: "wx" });
    let count = 0;
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      req.off("data", onData);
      // Stop reading here: the refusal is answered first, then the error handler decides what to discard.
      req.pause();
      out.destroy();
      fsp.rm(file, { force: true }).finally(() => reject(err));
    };
    const onData = (chunk: Buffer) => {
      count += chunk.length;
      if (count > limit) return fail(tooLarge());
      if (!out.write(chunk)) {
        req.pause();
        out.once("drain", () => {
          if (!settled) req.resume();
        });
      }
    };
    req.on("data", onData);
    req.once("end", () => {
      if (settled) return;
      out.end(() => {
        if (settled) return;
        settled = true;
        resolve(count);
      });
    });
    req.once("close", () => {
      if (!req.complete) fail(new Error("upload aborted by the client"));
    });
    req.once("error", fail);
    out.once("error", fail);
  });
}

type MultipartResult = { fields: Record<string, string>; file: string | null; fileType: string | null };

/**
 * Splits a multipart/form-data body held in a temp file (already bounded in size): the one file part is written to
 * its own temp file, other parts become text fields.
 */
async function splitMultipart(bodyFile: string, contentType: string, outFile: string): Promise<MultipartResult> {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) throw storageErrors.invalidArgument("The multipart body has no boundary.");
  const body = await fsp.readFile(bodyFile);
  const delim = Buffer.from(`--${boundary}`);
  const fields: Record<string, string> = {};
  let file: string | null = null;
  let fileType: string | null = null;
  let pos = body.indexOf(delim);
  if (pos < 0) throw storageErrors.invalidArgument("The multipart body is malformed.");
  for (;;) {
    pos += delim.length;
    if (body.subarray(pos, pos + 2).toString() === "--") break;
    pos += 2; // CRLF after the boundary
    const headerEnd = body.indexOf("\r\n\r\n", pos);
    if (headerEnd < 0) throw storageErrors.invalidArgument("The multipart body is malformed.");
    const headers = body.subarray(pos, headerEnd).toString("utf8");
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headerEnd + 4);
    if (next < 0) throw storageErrors.invalidArgument("The multipart body is malformed.");
    const content = body.subarray(headerEnd + 4, next);
    const disp = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? "";
    const name = /\bname="([^"]*)"/i.exec(disp)?.[1] ?? "";
    const isFile = /\bfilename\*?=/i.test(disp);
    if (isFile) {
      if (file) throw storageErrors.invalidArgument("Send one file per upload.");
      await fsp.writeFile(outFile, content, { flag: "wx" });
      file = outFile;
      fileType = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? null;
    } else if (name) {
      fields[name] = content.toString("utf8");
    }
    pos = next + 2;
  }
  return { fields, file, fileType };
}

/** A download the visitor stopped (closed the page, navigated away): nothing went wrong on this side. */
class DownloadAborted extends Error {
  constructor(readonly code: string | undefined) {
    super("download aborted by the client");
  }
}

/**
 * Streams a stored object into the response. Whichever happens first decides what a failure was: the response
 * closing before it finished (the client went away; the pipeline then fails with a premature close or a reset) or
 * the stored bytes failing to read (a storage fault, even if its own cause is a reset connection to S3).
 */
async function sendBlob(stream: Readable, res: Response): Promise<void> {
  let first: "client" | "storage" | null = res.destroyed ? "client" : null;
  res.once("close", () => {
    if (!res.writableFinished) first ??= "client";
  });
  stream.on("error", () => {
    first ??= "storage";
  });
  try {
    await pipeline(stream, res);
  } catch (err) {
    if (first === "client") throw new DownloadAborted((err as { code?: string }).code);
    throw err;
  }
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
    const user = await sessionUserFromHeaders(fromNodeHeaders(req.headers), services);
    if (!user) throw storageErrors.unauthenticated();
    if (user.role !== "ADMIN") throw storageErrors.unauthorized(pathForMessage);
  }

  const wrap =
    (fn: (req: Request, res: Response) => Promise<void>) =>
    async (req: Request, res: Response, _next: NextFunction) => {
      try {
        await fn(req, res);
      } catch (err) {
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
          if (req.method === "POST" && !req.complete && !req.readableEnded) {
            req.pause();
            res.once("finish", () => {
              let drained = 0;
              req.on("data", (c: Buffer) => {
                drained += c.length;
                if (drained > DRAIN_LIMIT) req.destroy();
              });
              req.resume();
            });
          }
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
      const bodyFile = storage.tempFile();
      const queryFormat = typeof req.query.uploadType === "string" ? req.query.uploadType : undefined;
      const isMultipart = /^multipart\/form-data/i.test(contentType);
      const limit =
        storage.limits.maxUploadBytes * (queryFormat && queryFormat !== "raw" ? 1.4 : 1) +
        (isMultipart ? MULTIPART_SLACK : 0);
      await receiveBody(req, bodyFile, Math.ceil(limit), tooLarge);
      let objectFile = bodyFile;
      let fields: Record<string, string | undefined> = {};
      const extra: string[] = [];
      try {
        if (isMultipart) {
          const out = storage.tempFile();
          extra.push(out);
          const parts = await splitMultipart(bodyFile, contentType, out);
          if (!parts.file) {
            if (parts.fields.file === undefined) throw storageErrors.invalidArgument("The upload has no file part.");
          }
          fields = parts.fields;
          objectFile = parts.file ?? bodyFile;
          if (!parts.file && parts.fields.file !== undefined) {
            // A string upload sent as a form field.
            await fsp.writeFile(out, parts.fields.file);
            objectFile = out;
          }
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
          const out = storage.tempFile();
          extra.push(out);
          await fsp.writeFile(out, decoded.bytes);
          objectFile = out;
        }
        const uploadFields = parseFields(fields);
        // createFromFile removes the file it is given; the others are removed below.
        const meta = await storage.createFromFile(name, objectFile, uploadFields);
        res.status(200).setHeader("Cache-Control", "no-store").json(meta);
      } finally {
        await Promise.all([bodyFile, ...extra].map((f) => fsp.rm(f, { force: true })));
      }
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
