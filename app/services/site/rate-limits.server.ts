import { hitRateLimit, type RateLimitResult } from "~/queries/rate-limits.server";
import type { Services } from "../services.server";

/**
 * The rate limits of the public endpoints, declared here and nowhere else: how many requests one client address may
 * make in a fixed window, and the prefix of its counter's key in the database (decision 054). Sign-in limits are
 * configured (LOGIN_* in server/config.ts); the caps on mail to one mailbox live with the mail (mail/caps.server.ts).
 */
export const CLIENT_RATE_LIMITS = {
  /** Newsletter sign-ups: generous for people, a wall for scripts. */
  newsletter: { key: "newsletter", limit: 20, windowMs: 60_000 },
  /** Podcast sign-ups: enough for typos, too few for someone filling the list with addresses. */
  podcast: { key: "podcast", limit: 5, windowMs: 10 * 60_000 },
  /** Applications: a family or a workshop sharing one connection can still apply; a flood cannot. */
  application: { key: "application", limit: 5, windowMs: 60 * 60_000 },
  /** Contributions (proposed places and corrections) share one budget per client address and hour. */
  contribution: { key: "proposal", limit: 10, windowMs: 60 * 60_000 },
  /** "Forgot your password?" requests, across addresses: no probing of many accounts. */
  passwordReset: { key: "password-reset", limit: 10, windowMs: 60 * 60_000 },
  /** Analytics events: counted in each instance's memory (server/analytics.ts), not in the database. */
  analytics: { key: "analytics", limit: 120, windowMs: 60_000 },
} as const;

export type ClientRateLimit = keyof typeof CLIENT_RATE_LIMITS;

/** Counts one request of `clientIp` against the endpoint's limit, in the database every instance shares. */
export function hitClientRateLimit(
  { db }: Pick<Services, "db">,
  name: ClientRateLimit,
  clientIp: string,
): Promise<RateLimitResult> {
  const { key, limit, windowMs } = CLIENT_RATE_LIMITS[name];
  return hitRateLimit(db, `${key}:${clientIp}`, { limit, windowMs });
}

/**
 * The read API's budget per client address (API_RATE_LIMIT requests a minute, decision 070), counted in tenths so a
 * revalidation answered 304 costs a tenth of a request. Shared by every instance, like the limits above.
 */
export const API_RATE_WINDOW_MS = 60_000;
export const API_COST_UNITS = 10;

/** Counts `cost` tenths of a request of `clientIp` against the API's budget. */
export function hitApiRateLimit({ db, config }: Pick<Services, "db" | "config">, clientIp: string, cost: number) {
  return hitRateLimit(db, `api:${clientIp}`, {
    limit: config.apiRateLimit * API_COST_UNITS,
    windowMs: API_RATE_WINDOW_MS,
    cost,
  });
}
