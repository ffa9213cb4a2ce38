import { listRecentAudit } from "~/queries/audit.server";
import { getDashboardCounts, listRecentApplications } from "~/queries/dashboard.server";
import { listNeedsChecking } from "~/queries/freshness.server";
import { countPendingProposals } from "~/queries/proposals.server";
import { getGeneralSettings } from "~/queries/settings.server";
import type { Services } from "../services.server";

/** How many of the latest applications and staff changes the dashboard lists. */
const RECENT_APPLICATIONS = 5;
const RECENT_CHANGES = 10;

/**
 * What the admin dashboard shows: counts per kind and review state, the latest applications and staff changes, the
 * proposals waiting for a decision, and how many entries have gone unchecked longer than the site's freshness
 * setting allows.
 */
export async function loadDashboard({ db }: Pick<Services, "db">, now = new Date()) {
  const [counts, recentApplications, audit, waiting, { freshnessMonths }] = await Promise.all([
    getDashboardCounts(db),
    listRecentApplications(db, RECENT_APPLICATIONS),
    listRecentAudit(db, RECENT_CHANGES),
    countPendingProposals(db),
    getGeneralSettings(db),
  ]);
  const before = new Date(now);
  before.setMonth(before.getMonth() - freshnessMonths);
  const stale = await listNeedsChecking(db, before, { limit: 0, offset: 0 });
  const recentChanges = audit.map((a) => ({
    id: a.id,
    who: a.userEmail || "System",
    action: a.action,
    entity: a.entity,
    summary: a.summary,
    at: a.createdAt,
  }));
  return { counts, recentApplications, recentChanges, waiting, stale: stale.total };
}
