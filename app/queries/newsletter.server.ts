import { and, count, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import { newsletterSubscriptions } from "~db/schema";
import { type SubscriberState, subscriberState } from "../lib/vocabulary";
import { countRows, deleteRowById, findRowById, updateRowById } from "./rows.server";
import * as subscriptions from "./subscriptions.server";

export type SubscriptionRow = typeof newsletterSubscriptions.$inferSelect;

/** A subscription counts (lists, exports, sending) once confirmed and while not unsubscribed. */
export const activeSubscription = and(
  isNotNull(newsletterSubscriptions.confirmedAt),
  isNull(newsletterSubscriptions.unsubscribedAt),
);

/** The subscription of an address, in any letter case, or null. */
export function getSubscriptionByEmail(db: Executor, email: string): Promise<SubscriptionRow | null> {
  return subscriptions.findByEmail(db, newsletterSubscriptions, email);
}

/**
 * Records a sign-up waiting for confirmation (`subscriptions.recordSignUp`): an address that is unconfirmed or has
 * unsubscribed takes the new sign-up's language and keeps the confirmation value it has, or gets `nonce` when it has
 * none; an address already confirmed and subscribed is left alone (`status: "active"`). A new address keeps `source`.
 */
export function recordSignUp(
  db: Executor,
  email: string,
  source: string,
  nonce: string,
  language = "en",
): Promise<{ status: "new" | "pending" | "active"; id: string; nonce: string }> {
  return subscriptions.recordSignUp(db, newsletterSubscriptions, {
    email,
    nonce,
    language,
    isActive: (row) => row.confirmedAt !== null && !row.unsubscribedAt,
    values: { source },
  });
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
  return subscriptions.listAddresses(db, newsletterSubscriptions, activeSubscription);
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
  return subscriptions.matching(newsletterSubscriptions, opts.q, opts.state ? STATE_WHERE[opts.state] : undefined);
}

/** Subscriptions, newest first, by words in the address and state (all states when none is given). */
export async function listNewsletterSubscriptions(
  db: Executor,
  opts: { q?: string; state?: SubscriberState; limit: number; offset: number },
) {
  const rows = await subscriptions.listPage(db, newsletterSubscriptions, subscriptionsWhere(opts), opts);
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
export function countSubscriptionsByState(db: Executor): Promise<Record<SubscriberState, number>> {
  return subscriptions.countByState(db, newsletterSubscriptions, STATE_WHERE);
}

/** One subscription by id (for the removal confirmation), or null. */
export function getNewsletterSubscriptionById(db: Executor, id: string): Promise<SubscriptionRow | null> {
  return findRowById(db, newsletterSubscriptions, id);
}

/** Removes a subscription; false when it did not exist. */
export function deleteNewsletterSubscription(db: Executor, id: string): Promise<boolean> {
  return deleteRowById(db, newsletterSubscriptions, id);
}
