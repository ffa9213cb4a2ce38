import { timingSafeEqual } from "node:crypto";
import type { Request, Response } from "express";
import client from "prom-client";
import { mailStatusCounts } from "~/queries/mail.server";
import type { Database, DatabaseHandle } from "~db/client";

type MetricsSources = {
  handle: DatabaseHandle;
  db: Database;
  renderCache?: {
    stats(): { hits: number; misses: number; notModified: number; invalidations: number; entries: number };
  };
  contentVersions?: () => Readonly<Record<string, number>> | null;
  mapIndex?: {
    stats(): { builds: number; lastBuild: { at: number; ms: number; total: number } | null; stale: boolean };
  };
};

/**
 * Prometheus metrics (prom-client): requests by route pattern, method and status with latency histograms, the
 * process's own figures (event-loop delay, memory, CPU), database pool use, render-cache hits, content versions and
 * the e-mail queue. Served at /metrics to a scraper that presents METRICS_TOKEN.
 */
export function createMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const requests = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by route pattern, method and status.",
    labelNames: ["route", "method", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  let sources: MetricsSources | null = null;

  // A gauge with one value per label (read at each scrape; nothing is set while its source is absent).
  const gaugeByLabel = (
    name: string,
    help: string,
    label: string,
    read: () => Readonly<Record<string, number>> | null | undefined | Promise<Readonly<Record<string, number>> | null>,
  ) =>
    new client.Gauge({
      name,
      help,
      labelNames: [label],
      registers: [registry],
      async collect() {
        for (const [key, v] of Object.entries((await read()) ?? {})) this.set({ [label]: key }, v);
      },
    });
  // A gauge with one value, set at each scrape unless its source has none yet.
  const gauge = (name: string, help: string, read: () => number | undefined) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const v = read();
        if (v !== undefined) this.set(v);
      },
    });

  gaugeByLabel("db_pool_connections", "Database pool connections by state (Postgres).", "state", () => {
    const s = sources?.handle.poolStats?.();
    return s && { open: s.total, idle: s.idle, waiting: s.waiting, max: s.max };
  });
  gaugeByLabel(
    "render_cache_requests",
    "Render-cache answers since start: hit, miss, not_modified, invalidation.",
    "outcome",
    () => {
      const s = sources?.renderCache?.stats();
      return s && { hit: s.hits, miss: s.misses, not_modified: s.notModified, invalidation: s.invalidations };
    },
  );
  gaugeByLabel(
    "content_version",
    "The content version of each kind of content, as this instance last read it.",
    "entity",
    () => sources?.contentVersions?.(),
  );
  const lastBuild = () => sources?.mapIndex?.stats().lastBuild ?? undefined;
  gauge(
    "map_index_age_seconds",
    "Seconds since the map index this instance serves was built (absent until the first build).",
    () => {
      const last = lastBuild();
      return last && (Date.now() - last.at) / 1000;
    },
  );
  gauge(
    "map_index_build_seconds",
    "How long the last map index build took, from the first row read to the index ready.",
    () => {
      const last = lastBuild();
      return last && last.ms / 1000;
    },
  );
  gauge("map_index_places", "Places in the map index this instance serves.", () => lastBuild()?.total);
  gauge("map_index_stale", "1 while a newer map index is being built and the previous one answers, else 0.", () => {
    const s = sources?.mapIndex?.stats();
    return s && (s.stale ? 1 : 0);
  });
  gaugeByLabel(
    "mail_messages",
    "E-mail messages in the outbox by status (queued, sending, sent, failed, held).",
    "status",
    () => sources && mailStatusCounts(sources.db),
  );

  return {
    registry,
    observe(route: string, method: string, status: number, ms: number) {
      requests.observe({ route, method, status: String(status) }, ms / 1000);
    },
    attach(s: MetricsSources) {
      sources = s;
    },
    /** The /metrics handler: 401 without the token (compared in constant time). */
    handler(token: string) {
      const expected = Buffer.from(`Bearer ${token}`);
      return async (req: Request, res: Response) => {
        const given = Buffer.from(req.get("authorization") ?? "");
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          res
            .status(401)
            .setHeader("WWW-Authenticate", 'Bearer realm="metrics"')
            .type("text/plain")
            .send("Unauthorized");
          return;
        }
        res.setHeader("Cache-Control", "no-store");
        res.type(registry.contentType).send(await registry.metrics());
      };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
