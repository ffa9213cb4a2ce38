import cluster from "node:cluster";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { ContentVersionWatcher } from "~/services/entries/content-version.server";
import { startSearchBackfill } from "~/services/search/search-backfill.server";
import { shareReleaseAssets } from "~/services/site/release-assets.server";
import { DatabaseUnavailableError } from "~db/client";
import { repairModes, restrictUmask } from "~db/file-modes";
import { createApp } from "./app";
import { writeBackup } from "./backup";
import { prepareServices } from "./boot";
import { ConfigError, loadConfig } from "./config";
import { startControlSocket } from "./control-socket";
import { startDataDumps } from "./data-dumps";
import { createLogger, routeConsoleToLogger } from "./logger";
import { startMaintenance } from "./maintenance";
import { createMetrics } from "./metrics";
import { runPrimary } from "./workers";

const SHUTDOWN_GRACE_MS = 10_000;

/** Prints one clear line and exits non-zero: configuration and connection problems need no stack trace. */
function fail(message: string): never {
  process.stderr.write(`Error: ${message}\n`);
  process.exit(1);
}

async function main() {
  // Before anything is created (DATA_DIR, secrets.json, the database's files): owner-only, whatever umask the shell or
  // service manager gave the process.
  restrictUmask();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  const logger = createLogger(config.logLevel);
  if (cluster.isPrimary) {
    // Files an earlier start left open to other users (a permissive umask, a copy, a restore by hand) are closed
    // before the database opens; workers (WORKERS) share the primary's DATA_DIR, so it walks once for all.
    const modes = repairModes(config.dataDir);
    if (modes.repaired > 0 || modes.failed > 0)
      logger.warn(
        { dataDir: config.dataDir, ...modes },
        `DATA_DIR had files or folders other users could open: their group and other permissions were removed${modes.failed > 0 ? ` (${modes.failed} belong to another user and could not be changed)` : ""}`,
      );
  }
  // In production every line on stdout is JSON, whoever writes it (development keeps Vite's readable output).
  if (config.env !== "development") routeConsoleToLogger(logger);
  // The bundled server sits in its build folder (build/server-entry.js); in development it runs from server/.
  const here = path.dirname(fileURLToPath(import.meta.url));
  if (config.workers > 1 && cluster.isPrimary) {
    // Each worker is this same server; the primary only starts, replaces and stops them.
    runPrimary({ workers: config.workers, entry: path.join(here, "server-entry.js"), logger });
    return;
  }
  let ready = false;
  let warm = false;

  let prepared: Awaited<ReturnType<typeof prepareServices>>;
  try {
    prepared = await prepareServices(config, logger);
  } catch (err) {
    if (err instanceof DatabaseUnavailableError || err instanceof ConfigError) fail(err.message);
    const msg = err instanceof Error ? err.message : String(err);
    // Only the embedded database can be held by another process; on Postgres the real cause is printed below.
    if (!config.databaseUrl && /lock|already in use|EBUSY/i.test(msg))
      fail(`The embedded database in ${config.dataDir} is in use by another process.`);
    logger.error({ err }, "startup failed");
    fail(`Startup failed: ${msg}`);
  }
  const { services, handle } = prepared;
  // Prometheus metrics only when a scraper has a token to present (METRICS_TOKEN).
  const metrics = config.metricsToken ? createMetrics() : null;
  const metricsOption = metrics && config.metricsToken ? { metrics, token: config.metricsToken } : undefined;

  // The open-data dumps: made in the background, once across instances, served by all (decision 071).
  const dumps = startDataDumps(services, config);

  const root = process.cwd();
  const mediaDir = path.join(config.dataDir, "media");
  let created: ReturnType<typeof createApp>;
  if (config.env === "development") {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true }, root }));
    created = createApp({
      services,
      build: { kind: "development", vite },
      isReady: () => ready,
      mediaDir,
      metrics: metricsOption,
      dumpStore: dumps.store,
    });
  } else {
    const buildDir = here;
    const serverBuildPath = path.join(buildDir, "server", "index.js");
    if (!fs.existsSync(serverBuildPath))
      fail("The site is not built: run `npm run build` (npm start does this for you).");
    const serverBuild = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild;
    // This release's browser files go to the database before the instance serves, so every instance (and every
    // later release, for tabs opened before an upgrade) can serve them too (decision 050).
    await shareReleaseAssets(services, path.join(buildDir, "client", "assets"))
      .then((shared) => logger.info(shared, "release files shared"))
      .catch((err: unknown) => logger.warn({ err }, "release files could not be shared"));
    created = createApp({
      services,
      build: { kind: "production", serverBuild, clientDir: path.join(buildDir, "client") },
      isReady: () => ready,
      isWarm: () => warm,
      mediaDir,
      metrics: metricsOption,
      dumpStore: dumps.store,
    });
  }

  const { handle: listener, checkContinue, flushBuffers, renderCache } = created;
  const server = http.createServer(listener);
  server.on("checkContinue", checkContinue);
  server.keepAliveTimeout = 5_000;
  server.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EADDRINUSE")
      fail(`Port ${config.port} on ${config.host} is already in use (set PORT to another value).`);
    if (err.code === "EACCES") fail(`Not allowed to listen on port ${config.port} (set PORT to a value above 1023).`);
    fail(err.message);
  });
  server.listen(config.port, config.host, () => {
    ready = true;
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    const worker = cluster.isWorker ? { worker: cluster.worker?.id, pid: process.pid } : {};
    logger.info({ port, host: config.host, database: handle.kind, siteUrl: config.siteUrl, ...worker }, "listening");
    // Warm the map's cluster index (built lazily in the page bundle) so the first visitor does not wait for it. The
    // request goes to a loopback listener of this process's own: workers (WORKERS) share the public port, where
    // another one could answer it and leave this one cold.
    const own = http.createServer(listener);
    const warmUp = (base: string) =>
      fetch(`${base}/api/map/clusters?bbox=-180,-85,180,85&zoom=1`)
        .then((res) => {
          warm = res.ok;
          if (warm) own.close();
          else setTimeout(() => warmUp(base), 2000).unref();
        })
        .catch(() => setTimeout(() => warmUp(base), 2000).unref());
    own.listen({ port: 0, host: "127.0.0.1", exclusive: true }, () => {
      const a = own.address();
      void warmUp(`http://127.0.0.1:${typeof a === "object" && a ? a.port : 0}`);
    });
  });

  // `npm run backup` asks the running server for a consistent copy of the embedded database (one process owns it).
  const control = config.databaseUrl
    ? null
    : await startControlSocket(
        config.dataDir,
        {
          backup: (res) =>
            writeBackup({
              handle,
              dataDir: config.dataDir,
              holdDeletes: services.storage?.holdDeletes,
              out: res,
            }),
        },
        logger,
      ).catch((err: unknown) => {
        logger.warn({ err }, "control socket not started: npm run backup needs the server stopped");
        return null;
      });

  const maintenance = startMaintenance(services);
  const searchBackfill = startSearchBackfill(services);
  services.mail.start();
  // Every instance's caches converge on the database within seconds, whatever happened to the notifications.
  const contentVersions = new ContentVersionWatcher(services);
  contentVersions.start();
  metrics?.attach({
    handle,
    db: services.db,
    renderCache,
    contentVersions: () => contentVersions.versions,
    mapIndex: services.mapIndex,
  });
  if (!services.mail.sending)
    logger.info("no SMTP_URL: e-mail is kept in the database and shown in the admin Outbox (/admin/dashboard/outbox)");

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    ready = false;
    maintenance.stop();
    searchBackfill.stop();
    void dumps.stop();
    control?.close();
    contentVersions.stop();
    services.mapIndex?.close();
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.warn("shutdown grace period over; closing remaining connections");
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      try {
        await flushBuffers();
        await services.mail.stop();
        await handle.close();
        logger.info("database closed; bye");
      } catch (err) {
        logger.error({ err }, "error while closing the database");
        process.exitCode = 1;
      }
      clearTimeout(force);
      process.exit();
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((err) => {
  fail(err instanceof Error ? err.message : String(err));
});
