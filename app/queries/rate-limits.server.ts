import { inArray, sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import { rateLimits } from "~db/schema";

export type RateLimitResult = { allowed: boolean; count: number; retryAfterMs: number };

/**
 * Fixed-window counter kept in the database, so every server instance shares it. Counts one hit for `key` (or `cost`
 * units of the limit) and says whether it is within `limit` per `windowMs`. One upsert statement, safe under
 * concurrency.
 */
export async function hitRateLimit(
  db: Executor,
  key: string,
  opts: { limit: number; windowMs: number; cost?: number },
): Promise<RateLimitResult & { windowEndsAt: number }> {
  const cost = opts.cost ?? 1;
  const now = Date.now();
  const windowStart = now - (now % opts.windowMs);
  // The window's end is stored so the hourly maintenance can delete the row once it counts nothing.
  const expiresAt = windowStart + opts.windowMs;
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: cost, windowStart, expiresAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} = ${windowStart} then ${rateLimits.count} + ${cost} else ${cost} end`,
        windowStart: sql`${windowStart}`,
        expiresAt: sql`${expiresAt}`,
      },
    })
    .returning({ count: rateLimits.count });
  const count = rows[0]?.count ?? cost;
  const allowed = count <= opts.limit;
  return { allowed, count, retryAfterMs: allowed ? 0 : expiresAt - now, windowEndsAt: expiresAt };
}

/**
 * Takes `key` once: true the first time, false whenever it was taken before (on any instance). The row is kept until
 * `expiresAt` (ms since the epoch), after which the hourly maintenance deletes it with the other counters.
 */
export async function claimKeyOnce(db: Executor, key: string, expiresAt: number): Promise<boolean> {
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: Date.now(), expiresAt })
    .onConflictDoNothing({ target: rateLimits.key })
    .returning({ key: rateLimits.key });
  return rows.length === 1;
}

/** Clears a key (e.g. after a successful sign-in). */
export async function resetRateLimit(db: Executor, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

export type RateLimitRow = { key: string; count: number; windowStart: number; blockedUntil: number };

/** The counters of the given keys as stored (keys never hit are absent). */
export async function readRateLimitRows(db: Executor, keys: string[]): Promise<Map<string, RateLimitRow>> {
  const rows = await db
    .select({
      key: rateLimits.key,
      count: rateLimits.count,
      windowStart: rateLimits.windowStart,
      blockedUntil: rateLimits.blockedUntil,
    })
    .from(rateLimits)
    .where(inArray(rateLimits.key, keys));
  return new Map(
    rows.map((r) => [r.key, { ...r, windowStart: Number(r.windowStart), blockedUntil: Number(r.blockedUntil) }]),
  );
}

/** Blocks a key until `until` (ms since the epoch); never shortens a block another instance set a moment ago. */
export async function blockRateLimitKeyUntil(db: Executor, key: string, until: number): Promise<void> {
  await db
    .update(rateLimits)
    .set({ blockedUntil: sql`greatest(${rateLimits.blockedUntil}, ${until})` })
    .where(sql`${rateLimits.key} = ${key}`);
}

/** A row written without its window's end (before migration 0021, or by other code) is kept this long. */
const UNDATED_ROW_MS = 7 * 24 * 60 * 60_000;

/**
 * Deletes counters that count nothing any more: their window ended and no block is in force (decision 054). The
 * client addresses in their keys are kept no longer than the limit needs them. Returns how many were deleted.
 */
export async function pruneRateLimits(db: Executor, now = Date.now()): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(
      sql`coalesce(${rateLimits.expiresAt}, ${rateLimits.windowStart} + ${UNDATED_ROW_MS}) < ${now}
        and ${rateLimits.blockedUntil} < ${now}`,
    )
    .returning({ key: rateLimits.key });
  return rows.length;
}
