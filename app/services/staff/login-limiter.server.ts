import { blockRateLimitKeyUntil, hitRateLimit, readRateLimitRows, resetRateLimit } from "~/queries/rate-limits.server";
import type { LoginLimits, Services } from "../services.server";

/**
 * Sign-in throttling, kept in the database so every server instance sees the same counters.
 *
 * - Per account (key `login:acct:<e-mail>`): at most `accountLimit` failed attempts per `accountWindowMs`.
 * - Backoff per account (key `login:backoff:<e-mail>`): after `backoffAfter` failures within `backoffWindowMs`, the
 *   account is locked for a delay that doubles with every further failure (1, 2, 4, 8 ... minutes by default),
 *   never longer than the backoff window. Nobody can sign in to that account while it is locked.
 * - Per client address (key `login:ip:<ip>`): at most `ipLimit` failed attempts per `backoffWindowMs`.
 *
 * Only the normalised e-mail and the client address ever go into a key: no other request field.
 */

/**
 * The sign-in limits from the three settings an operator may change (validated at start: LOGIN_LIMIT_WINDOW_MS, the
 * backoff window, default 15 min; LOGIN_ACCOUNT_WINDOW_MS, default 1 h; LOGIN_IP_LIMIT, failed attempts per address
 * per backoff window, default 50).
 */
export function loginLimits(settings: {
  backoffWindowMs: number;
  accountWindowMs: number;
  ipLimit: number;
}): LoginLimits {
  const { backoffWindowMs } = settings;
  return {
    accountLimit: 100,
    accountWindowMs: settings.accountWindowMs,
    backoffAfter: 5,
    backoffWindowMs,
    // One fifteenth of the window: 1 minute for the default 15-minute window.
    backoffBaseMs: Math.max(1, Math.floor(backoffWindowMs / 15)),
    ipLimit: settings.ipLimit,
    ipWindowMs: backoffWindowMs,
  };
}

/** Lower-cased and trimmed: the one form of an e-mail address used in keys and logs. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function loginKeys(email: string, ip: string) {
  const e = normalizeEmail(email);
  return { account: `login:acct:${e}`, backoff: `login:backoff:${e}`, ip: `login:ip:${ip || "unknown"}` };
}

export type LoginGate = { allowed: true } | { allowed: false; retryAfterMs: number };

function currentWindowStart(now: number, windowMs: number): number {
  return now - (now % windowMs);
}

/** Whether a sign-in attempt may go ahead; when not, how long to wait. Counts nothing. */
export async function checkLoginAllowed(
  { db }: Pick<Services, "db">,
  input: { email: string; ip: string },
  limits: LoginLimits,
  now = Date.now(),
): Promise<LoginGate> {
  const keys = loginKeys(input.email, input.ip);
  const rows = await readRateLimitRows(db, [keys.account, keys.backoff, keys.ip]);
  const waits: number[] = [];

  const backoff = rows.get(keys.backoff);
  if (backoff && backoff.blockedUntil > now) waits.push(backoff.blockedUntil - now);

  const account = rows.get(keys.account);
  const accountStart = currentWindowStart(now, limits.accountWindowMs);
  if (account && account.windowStart === accountStart && account.count >= limits.accountLimit) {
    waits.push(accountStart + limits.accountWindowMs - now);
  }

  const ip = rows.get(keys.ip);
  const ipStart = currentWindowStart(now, limits.ipWindowMs);
  if (ip && ip.windowStart === ipStart && ip.count >= limits.ipLimit) {
    waits.push(ipStart + limits.ipWindowMs - now);
  }

  return waits.length === 0 ? { allowed: true } : { allowed: false, retryAfterMs: Math.max(1, ...waits) };
}

/** Counts a failed attempt; returns the lock now in force, if this failure triggered one. */
export async function recordLoginFailure(
  { db }: Pick<Services, "db">,
  input: { email: string; ip: string },
  limits: LoginLimits,
): Promise<{ lockedForMs: number }> {
  const keys = loginKeys(input.email, input.ip);
  await hitRateLimit(db, keys.account, { limit: limits.accountLimit, windowMs: limits.accountWindowMs });
  await hitRateLimit(db, keys.ip, { limit: limits.ipLimit, windowMs: limits.ipWindowMs });
  const recent = await hitRateLimit(db, keys.backoff, {
    limit: limits.backoffAfter,
    windowMs: limits.backoffWindowMs,
  });
  if (recent.count < limits.backoffAfter) return { lockedForMs: 0 };
  const lockedForMs = Math.min(
    limits.backoffWindowMs,
    limits.backoffBaseMs * 2 ** Math.min(20, recent.count - limits.backoffAfter),
  );
  const until = Date.now() + lockedForMs;
  // Never shorten a lock another instance set a moment ago.
  await blockRateLimitKeyUntil(db, keys.backoff, until);
  return { lockedForMs };
}

/** After a successful sign-in the account's counters start again (the address's do not). */
export async function recordLoginSuccess({ db }: Pick<Services, "db">, input: { email: string }): Promise<void> {
  const keys = loginKeys(input.email, "");
  await resetRateLimit(db, keys.backoff);
  await resetRateLimit(db, keys.account);
}

/** The message shown when an attempt is refused; minutes rounded up, at least one. */
export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many sign-in attempts. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`;
}
