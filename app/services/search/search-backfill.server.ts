import { searchBackfillStep, tidyAfterSearchBackfill } from "~/queries/search.server";
import type { Services } from "../services.server";

/**
 * Gives the entries stored before search spoke five languages (migration 0022) their stems and tokens, a small batch
 * at a time while the site serves: one batch is a few tens of milliseconds on the embedded database (whose queries
 * share the server's thread) and a few hundred rows on Postgres, with a pause between batches for visitors (twice as
 * long as the batch took). Any
 * instance may take part; each table is written by one at a time. On a new database there is nothing to do.
 */
const BATCH = { pglite: 20, postgres: 400 } as const;
const PAUSE_MS = 50;
const FIRST_MS = 5_000;
const BUSY_MS = 10_000;
const FAILED_MS = 60_000;

export function startSearchBackfill(services: Pick<Services, "db" | "dbKind" | "logger">) {
  const { db, dbKind, logger } = services;
  const batch = BATCH[dbKind];
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let written = 0;
  const started = Date.now();
  const next = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(step, ms);
    timer.unref();
  };
  const step = async () => {
    try {
      const began = Date.now();
      const n = await searchBackfillStep(db, batch);
      if (n > 0) {
        written += n;
        // At most a third of the database's time: a slow batch (the full-text index merging its pending entries, a
        // busy machine) is followed by a pause twice as long.
        next(Math.max(PAUSE_MS, 2 * (Date.now() - began)));
      } else if (n < 0) next(BUSY_MS);
      else if (written > 0) {
        logger.info({ rows: written, seconds: Math.round((Date.now() - started) / 1000) }, "search index backfilled");
        await tidyAfterSearchBackfill(db, dbKind);
      }
    } catch (err) {
      logger.warn({ err }, "search index backfill failed; trying again in a minute");
      next(FAILED_MS);
    }
  };
  next(FIRST_MS);
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
