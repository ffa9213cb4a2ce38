/**
 * The analytics reports staff read, and how long raw events are kept.
 * Routes reach the queries through this module (decision 036); it passes them on as they are until the
 * capability needs logic of its own.
 */
export { getAnalyticsReport, getRetentionDays, setRetentionDays } from "~/queries/analytics.server";
