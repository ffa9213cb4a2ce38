import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { cookieChangesPage } from "~/lib/cookie-names";
import { SETTINGS_CHANNEL } from "~/queries/settings.server";
import { etagMatches } from "~/server-lib/open-http.server";
import { CONTENT_CHANNEL } from "~/services/entries/content-events.server";
import type { ChangeBus } from "~db/client";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

type Encoding = "br" | "gzip" | "identity";

/** One stored page: its bytes in each encoding, each with the complete header block it is sent with. */
type Entry = {
  etag: string;
  storedAt: number;
  bytes: number;
  variants: Record<Encoding, { body: Buffer; headers: [string, string][] }>;
  notModified: [string, string][];
};

const CACHEABLE_TYPES = /^(text\/html|text\/x-script)/;
const SKIP_PREFIXES = ["/admin", "/api/", "/healthz", "/readyz", "/metrics", "/assets/", "/media/", "/sw.js"];
const KEPT_HEADERS = [
  "content-type",
  "cache-control",
  "cdn-cache-control",
  "content-language",
  "content-security-policy",
  "link",
];
// Headers that may be sent with a 304 (RFC 9110, 15.4.5).
const NOT_MODIFIED_HEADERS = new Set(["cache-control", "cdn-cache-control", "content-security-policy", "vary"]);
// Compressing once at store time: brotli's quality 11 costs about 30 times quality 5 for a few percent of size,
// and a crawler walking every page makes every page a store.
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

/** The encoding to send: brotli, then gzip, then none, as the request's Accept-Encoding allows (q=0 refuses). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  let br = false;
  let gz = false;
  for (const part of acceptEncoding.split(",")) {
    const [rawName, ...params] = part.trim().toLowerCase().split(";");
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    const name = rawName?.trim();
    if (name === "br") br = true;
    else if (name === "gzip" || name === "x-gzip") gz = true;
    else if (name === "*") br = gz = true;
  }
  return br ? "br" : gz ? "gzip" : "identity";
}

/** Whether an If-None-Match header names this entity tag: one comparison for the pages and the open data. */
export { etagMatches };

/** Whether the request carries something the page depends on: a cookie the app reads, or credentials. */
function personalised(headers: IncomingMessage["headers"]): boolean {
  if (headers.authorization) return true;
  const cookie = headers.cookie;
  if (!cookie) return false;
  for (const part of cookie.split(";")) {
    const name = part.slice(0, part.indexOf("=") >>> 0).trim();
    if (cookieChangesPage(name)) return true;
  }
  return false;
}

function skipped(url: string): boolean {
  const path = url.split("?", 1)[0] ?? url;
  return SKIP_PREFIXES.some((p) => path === p.replace(/\/$/, "") || path.startsWith(p));
}

/**
 * Keeps public pages (and client-navigation data) ready to send, for every visitor whose request carries nothing the
 * page depends on: the bytes in each encoding, compressed once when stored, with an ETag. A hit is answered before
 * the web framework sees the request, with no work on the body; If-None-Match gets 304. Pages carry no per-response
 * values (their CSP names their scripts' hashes), so stored bytes are valid for everyone. Entries are dropped whenever
 * content or settings change (on any instance, through the change bus) and expire after `ttlMs` anyway (dates such
 * as "upcoming programs" move on).
 */
export function createRenderCache(opts: {
  bus: ChangeBus;
  /** Headers every response carries (security headers), sent with each hit. */
  constantHeaders?: [string, string][];
  maxEntries?: number;
  /** Upper bound on the bytes held, all encodings counted. */
  maxBytes?: number;
  ttlMs?: number;
  /** The largest page kept. */
  maxPageBytes?: number;
}) {
  const maxEntries = opts.maxEntries ?? 1000;
  const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
  const ttlMs = opts.ttlMs ?? 60_000;
  const maxPageBytes = opts.maxPageBytes ?? 1_000_000;
  const constantHeaders = opts.constantHeaders ?? [];
  const entries = new Map<string, Entry>();
  const storing = new Set<string>();
  let heldBytes = 0;
  let generation = 0;
  const stats = { hits: 0, misses: 0, notModified: 0, invalidations: 0 };

  const clear = () => {
    generation++;
    stats.invalidations++;
    entries.clear();
    heldBytes = 0;
  };
  const unsubscribe = [opts.bus.subscribe(CONTENT_CHANNEL, clear), opts.bus.subscribe(SETTINGS_CHANNEL, clear)];

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    heldBytes -= entry.bytes;
  }

  /**
   * Answers the request from the cache if it can (true), before any middleware runs; otherwise leaves it alone
   * (false). The caller still logs and counts the request.
   */
  function serve(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if ((method !== "GET" && method !== "HEAD") || !req.url) return false;
    const key = req.url;
    const entry = entries.get(key);
    if (!entry) return false;
    if (Date.now() - entry.storedAt >= ttlMs) {
      remove(key);
      return false;
    }
    if (personalised(req.headers)) return false;
    // Least recently used goes first.
    entries.delete(key);
    entries.set(key, entry);
    if (etagMatches(req.headers["if-none-match"], entry.etag)) {
      stats.notModified++;
      res.writeHead(304, entry.notModified);
      res.end();
      return true;
    }
    stats.hits++;
    const variant = entry.variants[pickEncoding(req.headers["accept-encoding"])];
    res.writeHead(200, variant.headers);
    if (method === "HEAD") res.end();
    else res.end(variant.body);
    return true;
  }

  async function store(key: string, headers: [string, string][], body: Buffer, startGeneration: number) {
    if (storing.has(key)) return;
    storing.add(key);
    try {
      const [br, gz] = await Promise.all([
        brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
        gzip(body, { level: GZIP_LEVEL }),
      ]);
      if (generation !== startGeneration) return;
      const etag = `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
      const vary = [...new Set([...(headers.find(([n]) => n === "vary")?.[1] ?? "").split(","), "Accept-Encoding"])]
        .map((v) => v.trim())
        .filter(Boolean)
        .join(", ");
      const common: [string, string][] = [
        ...constantHeaders,
        ...headers.filter(([n]) => n !== "vary"),
        ["Vary", vary],
        ["ETag", etag],
        ["X-Render-Cache", "hit"],
      ];
      const variant = (encoded: Buffer, encoding: Encoding) => ({
        body: encoded,
        headers: [
          ...common,
          ...(encoding === "identity" ? [] : ([["Content-Encoding", encoding]] as [string, string][])),
          ["Content-Length", String(encoded.length)],
        ] as [string, string][],
      });
      const entry: Entry = {
        etag,
        storedAt: Date.now(),
        bytes: body.length + br.length + gz.length,
        variants: { identity: variant(body, "identity"), gzip: variant(gz, "gzip"), br: variant(br, "br") },
        notModified: [
          ...constantHeaders,
          ...common.filter(([n]) => NOT_MODIFIED_HEADERS.has(n.toLowerCase()) || n === "ETag"),
        ],
      };
      remove(key);
      entries.set(key, entry);
      heldBytes += entry.bytes;
      while (entries.size > maxEntries || heldBytes > maxBytes) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        remove(oldest);
      }
    } finally {
      storing.delete(key);
    }
  }

  /** Express middleware on the rendering path: records cacheable responses as they are sent. */
  function middleware(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" || personalised(req.headers) || skipped(req.originalUrl)) return next();
    stats.misses++;
    res.setHeader("X-Render-Cache", "miss");
    const key = req.originalUrl;
    const startGeneration = generation;
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (tooBig || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buf = Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
      size += buf.length;
      if (size > maxPageBytes) tooBig = true;
      else chunks.push(buf);
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      const type = String(res.getHeader("content-type") ?? "");
      if (
        !tooBig &&
        res.statusCode === 200 &&
        generation === startGeneration &&
        CACHEABLE_TYPES.test(type) &&
        !res.getHeader("set-cookie") &&
        !/no-store|private/.test(String(res.getHeader("cache-control") ?? "")) &&
        // A page rendered with a nonce belongs to this response alone.
        !res.locals.cspNonce
      ) {
        const headers: [string, string][] = [];
        for (const name of [...KEPT_HEADERS, "vary"]) {
          const v = res.getHeader(name);
          if (v !== undefined) headers.push([name, Array.isArray(v) ? v.join(", ") : String(v)]);
        }
        store(key, headers, Buffer.concat(chunks), startGeneration).catch(() => {});
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    next();
  }

  return {
    serve,
    middleware,
    clear,
    stats: () => ({ ...stats, entries: entries.size, bytes: heldBytes }),
    close: () => {
      for (const u of unsubscribe) u();
    },
  };
}

export type RenderCache = ReturnType<typeof createRenderCache>;
