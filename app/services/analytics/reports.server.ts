/**
 * The reports staff read (analytics, request statistics) and how long raw events are kept: plain reads and one
 * setting that a query serves as it is, passed on without a service of their own (decision 068).
 */
export { getAnalyticsReport, getRetentionDays, setRetentionDays } from "~/queries/analytics.server";
export { getRequestStatsReport } from "~/queries/request-stats.server";
