import { pipeline } from "node:stream/promises";
import express, { type Request, type Response } from "express";
import { SITE_NAME } from "~/lib/constants";
import { dataTerms } from "~/lib/data-licences";
import { DUMP_URL_PREFIX, dumpFileNamed } from "~/server-lib/open-data-files.server";
import { type DumpFileRow, type DumpStore, getDumpFile } from "~/services/open-data/dumps.server";
import type { Services } from "~/services/services.server";
import { getPublicSettings } from "~/services/site/site-settings.server";

/*
 * The open-data dumps over HTTP (`/data/<file>`, decision 071): served from the shared store by every instance, with
 * validators (ETag, Last-Modified, 304), byte ranges (206, 416), the gzip copy to clients that accept it, CORS for
 * every origin, the licence as a Link header and no cookies. Before the first set exists: 503 with Retry-After.
 */

/** A shared cache may keep a file this long; the ETag revalidates it after. */
const CACHE_CONTROL = "public, max-age=600";
/** Seconds a client waits before asking again while the first set is being made. */
const RETRY_AFTER_S = 60;

function problem(res: Response, status: number, title: string, detail: string) {
  res
    .status(status)
    .set("Cache-Control", "no-store")
    .type("application/problem+json")
    .send(JSON.stringify({ type: "about:blank", title, status, detail }));
}

/** Does an If-None-Match header name this ETag (weak comparison, as RFC 9110 asks for it)? */
function etagMatches(header: string, etag: string): boolean {
  if (header.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((t) => t.trim().replace(/^W\//, "") === bare);
}

/** Does the client take gzip (`Accept-Encoding`, with a q-value above zero)? */
function acceptsGzip(req: Request): boolean {
  return req.acceptsEncodings("gzip", "identity") === "gzip";
}

function serveHeaders(res: Response, row: DumpFileRow, licenceUrl: string) {
  res.set({
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Expose-Headers": "ETag, Last-Modified, Content-Length, Content-Range, Accept-Ranges, Link",
    "Cache-Control": CACHE_CONTROL,
    "Last-Modified": row.generatedAt.toUTCString(),
    "Accept-Ranges": "bytes",
    Vary: "Accept-Encoding",
    Link: `<${licenceUrl}>; rel="license"`,
    "X-Content-Type-Options": "nosniff",
  });
}

/** The `/data/<file>` routes, to mount before any compression or cookie-setting middleware. */
export function dataFilesRouter(services: Services, store: DumpStore) {
  const router = express.Router();
  router.options("/data/:name", (_req, res) => {
    res
      .status(204)
      .set({
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
        "Access-Control-Allow-Headers": "Range, If-None-Match, If-Modified-Since, If-Range",
        "Access-Control-Max-Age": "86400",
      })
      .end();
  });
  router.get("/data/:name", async (req, res) => {
    const name = String(req.params.name);
    if (!dumpFileNamed(name)) {
      problem(res, 404, "Not Found", `There is no file ${DUMP_URL_PREFIX}${name.slice(0, 100)}; see /open-data.`);
      return;
    }
    let row: DumpFileRow | null;
    let licenceUrl: string;
    try {
      const [file, settings] = await Promise.all([getDumpFile(services.db, name), getPublicSettings(services)]);
      row = file;
      licenceUrl = dataTerms(settings.general, SITE_NAME).licence.url;
    } catch (err) {
      services.logger.warn({ err, name }, "open-data file unavailable");
      res.set("Retry-After", String(RETRY_AFTER_S));
      problem(res, 503, "Service Unavailable", "The open-data files cannot be read just now; try again shortly.");
      return;
    }
    if (!row) {
      res.set({ "Retry-After": String(RETRY_AFTER_S), "Access-Control-Allow-Origin": "*" });
      problem(
        res,
        503,
        "Service Unavailable",
        "The open-data files are being generated for the first time; try again in a minute.",
      );
      return;
    }
    serveHeaders(res, row, licenceUrl);
    const ranged = req.headers.range !== undefined;
    // A byte range is of the file itself (a resumed download); a whole file goes compressed to a client that takes it.
    const gzip = !ranged && acceptsGzip(req);
    const etag = `"${row.sha256.slice(0, 32)}${gzip ? "-gz" : ""}"`;
    res.set("ETag", etag);
    const ifNoneMatch = req.get("if-none-match");
    const ifModifiedSince = req.get("if-modified-since");
    const notModified = ifNoneMatch
      ? etagMatches(ifNoneMatch, etag)
      : ifModifiedSince !== undefined &&
        !Number.isNaN(Date.parse(ifModifiedSince)) &&
        Math.floor(row.generatedAt.getTime() / 1000) * 1000 <= Date.parse(ifModifiedSince);
    if (notModified) {
      res.status(304).end();
      return;
    }
    res.type(row.mediaType);
    let range: { start: number; end: number } | undefined;
    if (ranged) {
      const ifRange = req.get("if-range");
      const rangeStillApplies =
        !ifRange ||
        (ifRange.includes('"') ? etagMatches(ifRange, etag) : row.generatedAt.toUTCString() === ifRange.trim());
      const parsed = rangeStillApplies ? req.range(row.bytes, { combine: true }) : undefined;
      if (parsed === -1) {
        res.set("Content-Range", `bytes */${row.bytes}`);
        problem(res, 416, "Range Not Satisfiable", `The file is ${row.bytes} bytes long.`);
        return;
      }
      // A malformed header, several ranges or a stale If-Range: the whole file (RFC 9110 lets a server do so).
      if (parsed !== undefined && parsed !== -2 && parsed.type === "bytes" && parsed.length === 1 && parsed[0])
        range = { start: parsed[0].start, end: parsed[0].end };
    }
    if (range) {
      res.status(206).set({
        "Content-Range": `bytes ${range.start}-${range.end}/${row.bytes}`,
        "Content-Length": String(range.end - range.start + 1),
      });
    } else {
      res.status(200).set("Content-Length", String(gzip ? row.gzipBytes : row.bytes));
      if (gzip) res.set("Content-Encoding", "gzip");
    }
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    try {
      const body = await store.get(gzip ? row.gzipKey : row.blobKey, range);
      await pipeline(body, res);
    } catch (err) {
      services.logger.warn({ err, name }, "open-data file could not be sent");
      if (!res.headersSent) {
        res.removeHeader("Content-Encoding");
        res.removeHeader("Content-Length");
        res.removeHeader("Content-Range");
        res.set("Retry-After", String(RETRY_AFTER_S));
        problem(res, 503, "Service Unavailable", "The file cannot be read just now; try again shortly.");
      } else res.destroy();
    }
  });
  return router;
}
