import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import type { ServerBuild } from "react-router";
import { isStaffPath } from "~/lib/staff-path";
import { nulAddressMessage } from "~/server-lib/address-refusal.server";
import { flushSearchStats } from "~/services/analytics/search-stats.server";
import type { DumpStore } from "~/services/open-data/dumps.server";
import type { Services } from "~/services/services.server";
import { readSharedReleaseAsset } from "~/services/site/release-assets.server";
import { createAnalyticsIngest } from "./analytics";
import { dataFilesRouter } from "./data-files";
import { formBodies, invitesBody } from "./form-bodies";
import { NEGOTIATED_VARY, negotiateHome } from "./home-language";
import { mapFilesRouter } from "./map-files";
import type { Metrics } from "./metrics";
import { offlinePagesRouter } from "./offline-pages";
import { createReactRouterHandler } from "./react-router-handler";
import { createRenderCache } from "./render-cache";
import { createRequestStats } from "./request-stats";
import { constantSecurityHeaders, csrfGuard, isTokenAuthorisedPost, securityHeaders } from "./security";
import { createStorageRouter } from "./storage";

export type AppOptions = {
  services: Services;
  /** Production: the built server bundle and client assets folder. Development: a Vite dev server. */
  build:
    | { kind: "production"; serverBuild: ServerBuild; clientDir: string }
    | { kind: "development"; vite: import("vite").ViteDevServer };
  /** Listening (liveness: /healthz). */
  isReady: () => boolean;
  /** Ready for traffic (readiness: /readyz): migrated, listening and the map index built. */
  isWarm?: () => boolean;
  /** Local media files (demo images, uploads) served under /media. */
  mediaDir?: string;
  /** Cache rendered public pages for anonymous visitors (default on in production). */
  renderCache?: boolean;
  /** Prometheus metrics, served at /metrics to a scraper with this token. */
  metrics?: { metrics: Metrics; token: string };
  /** Where the open-data dumps are kept (decision 071): served at /data/<file> when given. */
  dumpStore?: DumpStore;
};

/**
 * The Express app around the React Router handler: one place for headers, caching, logs and health. `handle` is the
 * server's request listener: it logs and counts every request, answers what the render cache holds at once, and hands
 * the rest to Express.
 */
export function createApp({
  services,
  build,
  isReady,
  isWarm = isReady,
  mediaDir,
  renderCache,
  metrics,
  dumpStore,
}: AppOptions) {
  const { logger, config } = services;
  const app = express();
  app.disable("x-powered-by");
  // Exactly the proxies the operator named (a hop count or their addresses; never `true`, see server/config.ts):
  // req.ip is then the right-most X-Forwarded-For address that is not one of them, never one the client wrote.
  app.set("trust proxy", config.trustProxy);

  // The files the build put at the client folder's root (favicon, service worker), served by name below.
  const rootFiles =
    build.kind === "production"
      ? fs
          .readdirSync(build.clientDir, { withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => `/${e.name}`)
      : [];
  const requestStats = createRequestStats({
    db: services.db,
    build: build.kind === "production" ? build.serverBuild : undefined,
    staticFiles: rootFiles,
    onError: (err) => logger.warn({ err }, "request stats flush failed"),
  });
  const analytics = createAnalyticsIngest({
    db: services.db,
    siteUrl: config.siteUrl,
    hashSecret: config.hashSecret,
    onError: (err) => logger.warn({ err }, "analytics flush failed"),
  });

  // One JSON log line per request, and the request statistics.
  const track = (req: IncomingMessage, res: ServerResponse) => {
    const start = process.hrtime.bigint();
    // Read now, not when the response ends: Express shortens req.url inside a router mounted on a path (a file of
    // /assets/ or /media/ was counted as "/app-abc.js", which only the catch-all route matched).
    const url = req.url ?? "/";
    res.once("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const q = url.indexOf("?");
      const pathname = q === -1 ? url : url.slice(0, q);
      const pattern = requestStats.patternFor(pathname);
      if (config.requestStats) requestStats.record(pattern, req.method ?? "GET", res.statusCode, ms);
      metrics?.metrics.observe(pattern, req.method ?? "GET", res.statusCode, ms);
      if (logger.isLevelEnabled("info")) {
        logger.info(
          {
            method: req.method,
            path: pathname,
            status: res.statusCode,
            ms: Math.round(ms * 10) / 10,
            bytes: Number(res.getHeader("content-length") ?? 0) || undefined,
          },
          "request",
        );
      }
    });
  };

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (isReady()) res.status(200).json({ status: "ok", database: services.dbKind });
    else res.status(503).json({ status: "starting" });
  });
  if (metrics) app.get("/metrics", metrics.metrics.handler(metrics.token));
  // For load balancers: send traffic only once the map index is built (a cold instance would make the first map
  // visitors wait for it).
  app.get("/readyz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (isReady() && isWarm()) res.status(200).json({ status: "ready" });
    else res.status(503).setHeader("Retry-After", "2").json({ status: "warming up" });
  });

  app.use(refuseNulInAddress);
  // The dumps carry their own gzip copies, validators and byte ranges: before compression, which would undo them.
  if (dumpStore) app.use(dataFilesRouter(services, dumpStore));
  app.use(compression());
  const https = config.siteUrl.startsWith("https://");
  // Public pages in production carry the hashes of their inline scripts instead of a nonce (render-cache friendly).
  const usesNonce = (pathname: string) => build.kind === "development" || isStaffPath(pathname);
  app.use(securityHeaders({ https, usesNonce }));
  app.use(csrfGuard({ siteUrl: config.siteUrl }));
  app.use(analytics.router);
  if (services.storage) app.use("/api/storage", createStorageRouter({ ...services, storage: services.storage }));
  const pmtilesPath = config.map?.pmtilesPath;
  if (pmtilesPath) app.use(mapFilesRouter(pmtilesPath));

  app.use(offlinePagesRouter());
  if (build.kind === "development") {
    app.use(build.vite.middlewares);
  } else {
    // Hashed assets never change: cache them for a year.
    app.use(
      "/assets",
      express.static(path.join(build.clientDir, "assets"), {
        immutable: true,
        maxAge: "1y",
        index: false,
        fallthrough: true,
      }),
    );
    // A file this build does not have may be another release's (decision 050): a page from the other release, or a
    // tab opened before an upgrade, asks for it. Served from the database when some release shared it there.
    app.get("/assets/:name", async (req, res, next) => {
      try {
        const body = await readSharedReleaseAsset(services, String(req.params.name));
        if (!body) return next();
        res.type(path.extname(String(req.params.name)) || "application/octet-stream");
        res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
        res.send(body);
      } catch (err) {
        services.logger.warn({ err, path: req.path }, "shared release file unavailable");
        next();
      }
    });
    // The service worker is revalidated on every check, so a new version reaches visitors at once. Only the files
    // the build put there are looked up: page requests never touch the file system.
    app.get(
      rootFiles,
      express.static(build.clientDir, {
        maxAge: "1h",
        index: false,
        setHeaders: (res, file) => {
          if (file.endsWith(`${path.sep}sw.js`)) res.setHeader("Cache-Control", "no-cache");
        },
      }),
    );
  }

  if (mediaDir) {
    app.use("/media", express.static(mediaDir, { maxAge: "7d", index: false, dotfiles: "deny" }));
  }

  const cache =
    (renderCache ?? build.kind === "production")
      ? createRenderCache({ bus: services.bus, constantHeaders: constantSecurityHeaders({ https }) })
      : undefined;
  if (cache) app.use(cache.middleware);

  const readClientAsset = build.kind === "production" ? clientAssetReader(build.clientDir) : undefined;
  const getLoadContext = (req: Request, res: Response) => ({
    services,
    readClientAsset,
    cspNonce: String(res.locals.cspNonce ?? ""),
    clientIp: req.ip ?? req.socket.remoteAddress ?? "",
  });

  // React Router refuses a form post whose Origin differs from the request's own address (bare 400). Behind a proxy
  // that does not pass the Host header on, the request's address is the proxy's upstream (http://app:3000) while
  // browsers send the site's origin: every form would fail. The site's own host is allowed; which origins may post
  // at all is decided by csrfGuard above (the site's origin or the request's host, never a cross-site request).
  const allowedActionOrigins = [new URL(config.siteUrl).host];
  const handler = createReactRouterHandler({
    build:
      build.kind === "development"
        ? async () => ({
            ...((await build.vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild),
            allowedActionOrigins,
          })
        : { ...build.serverBuild, allowedActionOrigins },
    mode: build.kind,
    getLoadContext,
    originExempt: isTokenAuthorisedPost,
  });
  // Every body a page or API reads is read here first, within its address's limits (decision 051).
  app.use(formBodies(logger));
  app.all("/{*splat}", handler);

  // Last resort: never a stack trace to the client.
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = typeof (err as { status?: unknown })?.status === "number" ? (err as { status: number }).status : 500;
    // A client's mistake (a broken percent sign in the address, an unreadable body) is not an error of the site: one
    // line at info, without a stack, so the error log keeps only real errors.
    if (status >= 400 && status < 500)
      logger.info({ path: req.path, status, reason: err instanceof Error ? err.message : String(err) }, "bad request");
    else logger.error({ err, path: req.path }, "unhandled error");
    if (res.headersSent) return res.end();
    res
      .status(status >= 400 && status < 600 ? status : 500)
      .type("text/plain")
      .send(status < 500 ? "Bad request" : "Internal error");
  });

  /** Writes buffered statistics and events; call before closing the database. */
  const flushBuffers = async () => {
    await Promise.all([requestStats.close(), analytics.close(), flushSearchStats(services)]);
  };
  const securityHeadersForRedirect = constantSecurityHeaders({ https });
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    track(req, res);
    const home = negotiateHome(req, res, securityHeadersForRedirect);
    if (home === "redirected") return;
    if (cache?.serve(req, res)) return;
    if (home === "english") res.setHeader("Vary", NEGOTIATED_VARY);
    app(req, res);
  };
  /**
   * A request that waits to be invited to send its body (`Expect: 100-continue`, as curl and some clients send) is
   * invited only when the body it declares fits its address; otherwise it is answered 413 without sending it.
   */
  const checkContinue = (req: IncomingMessage, res: ServerResponse) => {
    if (invitesBody(req)) res.writeContinue();
    handle(req, res);
  };
  return { app, handle, checkContinue, renderCache: cache, flushBuffers };
}

/**
 * Reads built client assets once and keeps them in memory, for the stylesheet the HTML inlines. Only CSS files
 * under /assets/ are read, so a caller can never reach another file; a stylesheet that could close the <style>
 * element early is not inlined (null: the page links it instead).
 */
function clientAssetReader(clientDir: string) {
  const cache = new Map<string, string | null>();
  return (href: string): string | null => {
    const hit = cache.get(href);
    if (hit !== undefined) return hit;
    let text: string | null = null;
    if (/^\/assets\/[\w.-]+\.css$/.test(href)) {
      try {
        text = fs.readFileSync(path.join(clientDir, href), "utf8");
        if (text.toLowerCase().includes("</style")) text = null;
      } catch {
        text = null;
      }
    }
    cache.set(href, text);
    return text;
  };
}

// A raw NUL never reaches here (Node's HTTP parser refuses it); its escaped form does.
const NUL = /%00/i;

/**
 * A NUL character (`%00`) has no meaning in any address of this site, and Postgres refuses it in text: refused at
 * the edge, before any route reads it. In the path the address does not exist (404); in the query it is a bad
 * request (400). Form fields are refused where forms are read (`readForm`). The answer is in the path's language.
 */
function refuseNulInAddress(req: Request, res: Response, next: NextFunction) {
  const url = req.url ?? "/";
  if (!NUL.test(url)) return next();
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  const inPath = NUL.test(path);
  res
    .status(inPath ? 404 : 400)
    .set("Cache-Control", "no-store")
    .type("text/plain; charset=utf-8")
    .send(nulAddressMessage(path, inPath));
}
