/**
 * The audit trail: every staff change is recorded, and the dashboard shows the latest.
 * Routes reach the queries through this module (decision 036); it passes them on as they are until the
 * capability needs logic of its own.
 */
export { listRecentAudit, recordAudit } from "~/queries/audit.server";
