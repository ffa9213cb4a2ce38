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

  new client.Gauge({
    name: "db_pool_connections",
    help: "Database pool connections by state (Postgres).",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const s = sources?.handle.poolStats?.();
      if (!s) return;
      this.set({ state: "open" }, s.total);
      this.set({ state: "idle" }, s.idle);
      this.set({ state: "waiting" }, s.waiting);
      this.set({ state: "max" }, s.max);
    },
  });
  new client.Gauge({
    name: "render_cache_requests",
    help: "Render-cache answers since start: hit, miss, not_modified, invalidation.",
    labelNames: ["outcome"] as const,
    registers: [registry],
    collect() {
      const s = sources?.renderCache?.stats();
      if (!s) return;
      this.set({ outcome: "hit" }, s.hits);
      this.set({ outcome: "miss" }, s.misses);
      this.set({ outcome: "not_modified" }, s.notModified);
      this.set({ outcome: "invalidation" }, s.invalidations);
    },
  });
  new client.Gauge({
    name: "content_version",
    help: "The content version of each kind of content, as this instance last read it.",
    labelNames: ["entity"] as const,
    registers: [registry],
    collect() {
      for (const [entity, v] of Object.entries(sources?.contentVersions?.() ?? {})) this.set({ entity }, v);
    },
  });
  new client.Gauge({
    name: "map_index_age_seconds",
    help: "Seconds since the map index this instance serves was built (absent until the first build).",
    registers: [registry],
    collect() {
      const last = sources?.mapIndex?.stats().lastBuild;
      if (last) this.set((Date.now() - last.at) / 1000);
    },
  });
  new client.Gauge({
    name: "map_index_build_seconds",
    help: "How long the last map index build took, from the first row read to the index ready.",
    registers: [registry],
    collect() {
      const last = sources?.mapIndex?.stats().lastBuild;
      if (last) this.set(last.ms / 1000);
    },
  });
  new client.Gauge({
    name: "map_index_places",
    help: "Places in the map index this instance serves.",
    registers: [registry],
    collect() {
      const last = sources?.mapIndex?.stats().lastBuild;
      if (last) this.set(last.total);
    },
  });
  new client.Gauge({
    name: "map_index_stale",
    help: "1 while a newer map index is being built and the previous one answers, else 0.",
    registers: [registry],
    collect() {
      const s = sources?.mapIndex?.stats();
      if (s) this.set(s.stale ? 1 : 0);
    },
  });
  new client.Gauge({
    name: "mail_messages",
    help: "E-mail messages in the outbox by status (queued, sending, sent, failed, held).",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      if (!sources) return;
      const counts = await mailStatusCounts(sources.db);
      for (const [status, n] of Object.entries(counts)) this.set({ status }, n);
    },
  });

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
