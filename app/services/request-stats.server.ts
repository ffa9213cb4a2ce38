/**
 * The request statistics report (per route: counts, latency, errors).
 * Routes reach the queries through this module (decision 036); it passes them on as they are until the
 * capability needs logic of its own.
 */
export { getRequestStatsReport } from "~/queries/request-stats.server";
