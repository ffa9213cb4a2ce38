import type { NextFunction, Request, Response } from "express";
import { CONTENT_CHANNEL } from "../app/lib/content-events.server";
import { SETTINGS_CHANNEL } from "../app/queries/settings.server";
import type { ChangeBus } from "../db/client";

type Entry = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  nonce: string;
  storedAt: number;
};

const CACHEABLE_TYPES = /^(text\/html|text\/x-script)/;
const SKIP_PREFIXES = ["/admin", "/api/", "/healthz", "/assets/", "/media/", "/sw.js"];
const KEPT_HEADERS = ["content-type", "cache-control", "cdn-cache-control", "content-language", "link", "vary"];

/**
 * Keeps the rendered HTML (and client-navigation data) of public pages for anonymous visitors, so repeated views skip
 * the database and React. Entries are dropped whenever content or settings change (on any instance, through the
 * change bus) and expire after `ttlMs` anyway (dates such as "upcoming programs" move on). Requests with any cookie
 * (a session, a pending toast) are never cached or served from cache. The CSP nonce of the stored page is replaced by
 * the current response's nonce.
 */
export function createRenderCache(opts: { bus: ChangeBus; maxEntries?: number; ttlMs?: number; maxBytes?: number }) {
  const maxEntries = opts.maxEntries ?? 1000;
  const ttlMs = opts.ttlMs ?? 60_000;
  const maxBytes = opts.maxBytes ?? 1_000_000;
  const entries = new Map<string, Entry>();
  let generation = 0;
  const stats = { hits: 0, misses: 0, invalidations: 0 };

  const clear = () => {
    generation++;
    stats.invalidations++;
    entries.clear();
  };
  const unsubscribe = [opts.bus.subscribe(CONTENT_CHANNEL, clear), opts.bus.subscribe(SETTINGS_CHANNEL, clear)];

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" || req.headers.cookie || req.headers.authorization) return next();
    if (SKIP_PREFIXES.some((p) => req.path === p.replace(/\/$/, "") || req.path.startsWith(p))) return next();
    const key = req.originalUrl;
    const nonce = String(res.locals.cspNonce ?? "");
    const hit = entries.get(key);
    if (hit && Date.now() - hit.storedAt < ttlMs) {
      stats.hits++;
      // Refresh LRU position.
      entries.delete(key);
      entries.set(key, hit);
      res.status(hit.status);
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.setHeader("X-Render-Cache", "hit");
      const body = hit.nonce && nonce ? Buffer.from(hit.body.toString("utf8").replaceAll(hit.nonce, nonce)) : hit.body;
      res.end(body);
      return;
    }
    stats.misses++;
    res.setHeader("X-Render-Cache", "miss");
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
      if (size > maxBytes) tooBig = true;
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
        !/no-store|private/.test(String(res.getHeader("cache-control") ?? ""))
      ) {
        const headers: [string, string][] = [];
        for (const name of KEPT_HEADERS) {
          const v = res.getHeader(name);
          if (v !== undefined) headers.push([name, String(v)]);
        }
        entries.set(key, { status: 200, headers, body: Buffer.concat(chunks), nonce, storedAt: Date.now() });
        while (entries.size > maxEntries) {
          const oldest = entries.keys().next().value;
          if (oldest === undefined) break;
          entries.delete(oldest);
        }
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    next();
  }

  return {
    middleware,
    clear,
    stats: () => ({ ...stats, entries: entries.size }),
    close: () => {
      for (const u of unsubscribe) u();
    },
  };
}
