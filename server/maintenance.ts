import { rollupAnalytics } from "~/queries/analytics.server";
import { rollupRequestStats } from "~/queries/request-stats.server";
import { pruneAnonymousInput } from "~/services/analytics/retention.server";
import { sendDailyDigests } from "~/services/contributions/staff-notices.server";
import { sendDueEntryChecks } from "~/services/entries/entry-checks.server";
import { askUnaskedPodcastSignUps } from "~/services/newsletter/podcast.server";
import { pruneOldTombstones } from "~/services/open-data/tombstones.server";
import type { Services } from "~/services/services.server";

const FIRST_RUN_MS = 15_000;
const EVERY_MS = 60 * 60_000;

/**
 * Hourly housekeeping: analytics rollups and retention, request-stats rollups, the yearly entry checks, asking podcast
 * sign-ups from before confirmation existed to confirm (once each, decision 057), staff's daily digests (decision
 * 058), and deleting
 * what strangers left behind once it has served (rate-limit counters, unconfirmed sign-ups, old mail: decision 054)
 * and the open data's tombstones once `updated_since` can no longer reach them (decision 069).
 * Safe on several instances (advisory locks; entry checks lock the places they ask about; deleting twice is harmless).
 */
export function startMaintenance(services: Services) {
  const { db, logger } = services;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const analytics = await rollupAnalytics(db);
      const stats = await rollupRequestStats(db);
      const entryChecks = await sendDueEntryChecks(services);
      // Before the pruning: a podcast sign-up from before confirmation existed is asked once, then kept a week.
      const podcastAsked = await askUnaskedPodcastSignUps(services);
      // Each staff member's daily digest, once per UTC day whichever instance comes first (decision 058).
      const digests = await sendDailyDigests(services);
      const pruned = { ...(await pruneAnonymousInput(services)), tombstones: await pruneOldTombstones(services) };
      const prunedAny = pruned.rateLimits || pruned.signUps || pruned.mail || pruned.tombstones;
      if (analytics.days || analytics.deleted || stats.merged || entryChecks || podcastAsked || digests || prunedAny)
        logger.info({ analytics, requestStats: stats, entryChecks, podcastAsked, digests, pruned }, "maintenance");
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
