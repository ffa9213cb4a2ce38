import { rollupAnalytics } from "../app/queries/analytics.server";
import { rollupRequestStats } from "../app/queries/request-stats.server";
import type { Services } from "../app/services/services.server";

const FIRST_RUN_MS = 15_000;
const EVERY_MS = 60 * 60_000;

/** Hourly housekeeping: analytics rollups and retention, request-stats rollups. Safe on several instances (advisory locks). */
export function startMaintenance(services: Services) {
  const { db, logger } = services;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const analytics = await rollupAnalytics(db);
      const stats = await rollupRequestStats(db);
      if (analytics.days || analytics.deleted || stats.merged)
        logger.info({ analytics, requestStats: stats }, "maintenance");
    } catch (err) {
      logger.warn({ err }, "maintenance failed");
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, FIRST_RUN_MS);
  const timer = setInterval(run, EVERY_MS);
  first.unref();
  timer.unref();
  return {
    run,
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
