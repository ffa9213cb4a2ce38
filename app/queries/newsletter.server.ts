import { and, count, desc, eq, ilike, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import { newsletterSubscriptions } from "~db/schema";
import { type SubscriberState, subscriberState } from "../lib/vocabulary";
import { countRows, deleteRowById, findRowById, updateRowById } from "./rows.server";
import { escapeLike } from "./sql-helpers.server";

export type SubscriptionRow = typeof newsletterSubscriptions.$inferSelect;

/** A subscription counts (lists, exports, sending) once confirmed and while not unsubscribed. */
export const activeSubscription = and(
  isNotNull(newsletterSubscriptions.confirmedAt),
  isNull(newsletterSubscriptions.unsubscribedAt),
);

/** The subscription of an address, in any letter case, or null. */
export async function getSubscriptionByEmail(db: Executor, email: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(newsletterSubscriptions)
    .where(sql`lower(${newsletterSubscriptions.email}) = lower(${email.trim()})`)
    .limit(1);
  return row ?? null;
}

/**
 * Records a sign-up waiting for confirmation: a new address is stored unconfirmed with `nonce` as its confirmation
 * value; an address that is unconfirmed or has unsubscribed takes the new sign-up's language and keeps the
 * confirmation value it has (so a link sent earlier still works: someone else asking again must not cancel it), or
 * gets `nonce` when it has none. An address already confirmed and subscribed is left alone (`status: "active"`).
 * Returns the value the new link must carry.
 */
export async function recordSignUp(
  db: Executor,
  email: string,
  source: string,
  nonce: string,
  language = "en",
): Promise<{ status: "new" | "pending" | "active"; id: string; nonce: string }> {
  const existing = await getSubscriptionByEmail(db, email);
  if (existing?.confirmedAt && !existing.unsubscribedAt) return { status: "active", id: existing.id, nonce: "" };
  if (existing) {
    const [row] = await db
      .update(newsletterSubscriptions)
      .set({
        confirmNonce: sql`coalesce(${newsletterSubscriptions.confirmNonce}, ${nonce})`,
        confirmSentAt: new Date(),
        language,
      })
      .where(eq(newsletterSubscriptions.id, existing.id))
      .returning({ nonce: newsletterSubscriptions.confirmNonce });
    return { status: "pending", id: existing.id, nonce: row?.nonce ?? nonce };
  }
  const rows = await db
    .insert(newsletterSubscriptions)
    .values({
      email: email.trim(),
      timestamp: new Date(),
      source,
      confirmNonce: nonce,
      confirmSentAt: new Date(),
      language,
    })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscriptions.id });
  const id = rows[0]?.id;
  if (id) return { status: "new", id, nonce };
  // Inserted by a concurrent request a moment ago: treat as pending.
  const again = await getSubscriptionByEmail(db, email);
  return { status: "pending", id: again?.id ?? "", nonce: again?.confirmNonce ?? nonce };
}

/**
 * Deletes sign-ups never confirmed whose last confirmation message was sent before `before` (their links have
 * expired): an address someone typed is not kept when its owner never agreed (decision 054). Returns how many.
 */
export async function pruneUnconfirmedSubscriptions(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(newsletterSubscriptions)
    .where(
      and(
        isNull(newsletterSubscriptions.confirmedAt),
        sql`coalesce(${newsletterSubscriptions.confirmSentAt}, ${newsletterSubscriptions.timestamp}) < ${before.toISOString()}`,
      ),
    )
    .returning({ id: newsletterSubscriptions.id });
  return rows.length;
}

export function getSubscriptionById(db: Executor, id: string): Promise<SubscriptionRow | null> {
  return findRowById(db, newsletterSubscriptions, id);
}

/** Confirms a subscription whose one-time value is `nonce`; the value is cleared, so the link works once. */
export async function confirmSubscription(db: Executor, id: string, nonce: string): Promise<boolean> {
  const rows = await db
    .update(newsletterSubscriptions)
    .set({ confirmedAt: new Date(), confirmNonce: null, unsubscribedAt: null })
    .where(and(eq(newsletterSubscriptions.id, id), eq(newsletterSubscriptions.confirmNonce, nonce)))
    .returning({ id: newsletterSubscriptions.id });
  return rows.length > 0;
}

/** Marks a subscription unsubscribed (kept for per-issue counts); false when it was already. */
export function unsubscribeSubscription(db: Executor, id: string): Promise<boolean> {
  return updateRowById(
    db,
    newsletterSubscriptions,
    id,
    { unsubscribedAt: new Date(), confirmNonce: null },
    isNull(newsletterSubscriptions.unsubscribedAt),
  );
}

/** Confirmed, subscribed addresses (the recipients of an issue) with their language, oldest first. */
export function listActiveSubscribers(db: Executor): Promise<{ id: string; email: string; language: string }[]> {
  return db
    .select({
      id: newsletterSubscriptions.id,
      email: newsletterSubscriptions.email,
      language: newsletterSubscriptions.language,
    })
    .from(newsletterSubscriptions)
    .where(activeSubscription)
    .orderBy(newsletterSubscriptions.timestamp);
}

/** How many of these subscriptions unsubscribed after a time (an issue's "unsubscribed since"). */
export async function countUnsubscribedSince(db: Executor, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(newsletterSubscriptions)
    .where(sql`${newsletterSubscriptions.unsubscribedAt} >= ${since.toISOString()}`);
  return Number(row?.n ?? 0);
}

/** Confirmed, subscribed addresses: the number the dashboard shows. */
export function countNewsletterSubscriptions(db: Executor): Promise<number> {
  return countRows(db, newsletterSubscriptions, activeSubscription);
}

/** The state of a subscription for the admin list: the SQL condition of each. */
const STATE_WHERE: Record<SubscriberState, SQL | undefined> = {
  confirmed: activeSubscription,
  awaiting: and(isNull(newsletterSubscriptions.confirmedAt), isNull(newsletterSubscriptions.unsubscribedAt)),
  unsubscribed: isNotNull(newsletterSubscriptions.unsubscribedAt),
};

function subscriptionsWhere(opts: { q?: string; state?: SubscriberState }) {
  return and(
    opts.q ? ilike(newsletterSubscriptions.email, `%${escapeLike(opts.q)}%`) : undefined,
    opts.state ? STATE_WHERE[opts.state] : undefined,
  );
}

/** Subscriptions, newest first, by words in the address and state (all states when none is given). */
export async function listNewsletterSubscriptions(
  db: Executor,
  opts: { q?: string; state?: SubscriberState; limit: number; offset: number },
) {
  const rows = await db
    .select()
    .from(newsletterSubscriptions)
    .where(subscriptionsWhere(opts))
    .orderBy(desc(newsletterSubscriptions.timestamp))
    .limit(opts.limit)
    .offset(opts.offset);
  return rows.map((r) => ({ ...r, state: subscriberState(r) }));
}

/** How many subscriptions match a search and state (all when neither is given). */
export function countNewsletterSubscriptionsMatching(
  db: Executor,
  opts: { q?: string; state?: SubscriberState } = {},
): Promise<number> {
  return countRows(db, newsletterSubscriptions, subscriptionsWhere(opts));
}

/** How many subscriptions are in each state. */
export async function countSubscriptionsByState(db: Executor): Promise<Record<SubscriberState, number>> {
  const [row] = await db
    .select({
      confirmed: sql<number>`count(*) filter (where ${STATE_WHERE.confirmed})`.mapWith(Number),
      awaiting: sql<number>`count(*) filter (where ${STATE_WHERE.awaiting})`.mapWith(Number),
      unsubscribed: sql<number>`count(*) filter (where ${STATE_WHERE.unsubscribed})`.mapWith(Number),
    })
    .from(newsletterSubscriptions);
  return row ?? { confirmed: 0, awaiting: 0, unsubscribed: 0 };
}

/** One subscription by id (for the removal confirmation), or null. */
export function getNewsletterSubscriptionById(db: Executor, id: string): Promise<SubscriptionRow | null> {
  return findRowById(db, newsletterSubscriptions, id);
}

/** Removes a subscription; false when it did not exist. */
export function deleteNewsletterSubscription(db: Executor, id: string): Promise<boolean> {
  return deleteRowById(db, newsletterSubscriptions, id);
}
