/**
 * Fixed-window rate limits for public endpoints (the newsletter sign-up).
 * Routes reach the queries through this module (decision 036); it passes them on as they are until the
 * capability needs logic of its own.
 */
export { hitRateLimit } from "~/queries/rate-limits.server";
