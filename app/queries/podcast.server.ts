import { and, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import { podcastEpisodes, podcastSubscriptions } from "~db/schema";
import { isUuid } from "../lib/ids";
import { countRows, deleteRowById, entityRows, findRowById, touched, updateRowById } from "./rows.server";
import * as subscriptions from "./subscriptions.server";

export type EpisodeRow = typeof podcastEpisodes.$inferSelect;
export type EpisodeInput = Omit<typeof podcastEpisodes.$inferInsert, "id" | "createdAt" | "updatedAt">;

/** Episodes, newest first. */
export function listEpisodes(db: Executor, opts: { limit?: number } = {}): Promise<EpisodeRow[]> {
  const q = db.select().from(podcastEpisodes).orderBy(desc(podcastEpisodes.publishedAt), desc(podcastEpisodes.number));
  return opts.limit ? q.limit(opts.limit) : q;
}

const episodeRows = entityRows<typeof podcastEpisodes, EpisodeInput>(podcastEpisodes, touched);
export const { get: getEpisodeById, create: createEpisode, update: updateEpisode, remove: deleteEpisode } = episodeRows;

export type PodcastSubscriptionRow = typeof podcastSubscriptions.$inferSelect;

/** Where a podcast subscription stands: it gets episodes once confirmed; unsubscribing deletes it (decision 057). */
export const PODCAST_SUBSCRIBER_STATES = ["confirmed", "awaiting"] as const;
export type PodcastSubscriberState = (typeof PODCAST_SUBSCRIBER_STATES)[number];

const STATE_WHERE: Record<PodcastSubscriberState, SQL> = {
  confirmed: isNotNull(podcastSubscriptions.confirmedAt),
  awaiting: isNull(podcastSubscriptions.confirmedAt),
};

/** The subscription of an address, in any letter case, or null. */
export function getPodcastSubscriptionByEmail(db: Executor, email: string): Promise<PodcastSubscriptionRow | null> {
  return subscriptions.findByEmail(db, podcastSubscriptions, email);
}

export function getPodcastSubscriptionById(db: Executor, id: string): Promise<PodcastSubscriptionRow | null> {
  return findRowById(db, podcastSubscriptions, id);
}

/**
 * Records a sign-up waiting for confirmation, as the newsletter's `recordSignUp` does (`subscriptions.recordSignUp`): one
 * already waiting takes the new page's language and keeps the value it has; a confirmed one is left alone (`active`).
 * Returns the one-time value the new link must carry.
 */
export function recordPodcastSignUp(
  db: Executor,
  email: string,
  nonce: string,
  language = "en",
): Promise<{ status: "new" | "pending" | "active"; id: string; nonce: string }> {
  return subscriptions.recordSignUp(db, podcastSubscriptions, {
    email,
    nonce,
    language,
    isActive: (row) => row.confirmedAt !== null,
  });
}

/** Confirms the subscription whose one-time value is `nonce`; the value is cleared, so the link works once. */
export function confirmPodcastSubscription(db: Executor, id: string, nonce: string): Promise<boolean> {
  return updateRowById(
    db,
    podcastSubscriptions,
    id,
    { confirmedAt: new Date(), confirmNonce: null },
    eq(podcastSubscriptions.confirmNonce, nonce),
  );
}

/** Deletes a subscription (unsubscribing, or staff removing it); false when it did not exist. */
export function deletePodcastSubscription(db: Executor, id: string): Promise<boolean> {
  return deleteRowById(db, podcastSubscriptions, id);
}

/** Confirmed subscribers (the recipients of an episode) with their language, oldest first. */
export function listConfirmedPodcastSubscribers(
  db: Executor,
): Promise<{ id: string; email: string; language: string }[]> {
  return subscriptions.listAddresses(db, podcastSubscriptions, STATE_WHERE.confirmed);
}

/**
 * Sign-ups stored before confirmation existed and never asked (no confirmation message sent), oldest first. Two
 * instances may read the same ones: `markPodcastSignUpAsked` lets one of them ask each.
 */
export function listUnaskedPodcastSignUps(db: Executor, limit: number): Promise<PodcastSubscriptionRow[]> {
  return db
    .select()
    .from(podcastSubscriptions)
    .where(and(isNull(podcastSubscriptions.confirmedAt), isNull(podcastSubscriptions.confirmSentAt)))
    .orderBy(podcastSubscriptions.timestamp)
    .limit(limit);
}

/**
 * Marks a never-asked sign-up as asked now, with `nonce` as its link's value; false when it was asked meanwhile (a
 * concurrent transaction marking it first makes this one wait, then find it marked).
 */
export async function markPodcastSignUpAsked(db: Executor, id: string, nonce: string): Promise<boolean> {
  const rows = await db
    .update(podcastSubscriptions)
    .set({ confirmNonce: nonce, confirmSentAt: new Date() })
    .where(
      and(
        eq(podcastSubscriptions.id, id),
        isNull(podcastSubscriptions.confirmedAt),
        isNull(podcastSubscriptions.confirmSentAt),
      ),
    )
    .returning({ id: podcastSubscriptions.id });
  return rows.length > 0;
}

/**
 * Deletes sign-ups never confirmed whose last confirmation message went out before `before` (their links have
 * expired), as for the newsletter (decision 054). Sign-ups never asked are kept until they have been asked once.
 */
export async function pruneUnconfirmedPodcastSignUps(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(podcastSubscriptions)
    .where(
      and(
        isNull(podcastSubscriptions.confirmedAt),
        isNotNull(podcastSubscriptions.confirmSentAt),
        sql`${podcastSubscriptions.confirmSentAt} < ${before.toISOString()}`,
      ),
    )
    .returning({ id: podcastSubscriptions.id });
  return rows.length;
}

function subscriptionsWhere(opts: { q?: string; state?: PodcastSubscriberState }) {
  return subscriptions.matching(podcastSubscriptions, opts.q, opts.state ? STATE_WHERE[opts.state] : undefined);
}

/** Subscriptions, newest first, by words in the address and state (all states when none is given). */
export async function listPodcastSubscriptions(
  db: Executor,
  opts: { q?: string; state?: PodcastSubscriberState; limit: number; offset: number },
) {
  const rows = await subscriptions.listPage(db, podcastSubscriptions, subscriptionsWhere(opts), opts);
  return rows.map((r) => ({ ...r, state: (r.confirmedAt ? "confirmed" : "awaiting") as PodcastSubscriberState }));
}

/** How many subscriptions match a search and state (all when neither is given). */
export function countPodcastSubscriptionsMatching(
  db: Executor,
  opts: { q?: string; state?: PodcastSubscriberState } = {},
): Promise<number> {
  return countRows(db, podcastSubscriptions, subscriptionsWhere(opts));
}

/** How many subscriptions are in each state. */
export function countPodcastSubscriptionsByState(db: Executor): Promise<Record<PodcastSubscriberState, number>> {
  return subscriptions.countByState(db, podcastSubscriptions, STATE_WHERE);
}

/**
 * Claims an episode's announcement: marks it e-mailed now, only if it never was, and returns it (null when it was,
 * or does not exist). Two transactions claiming at once: the second waits on the row and then finds it claimed.
 */
export async function claimEpisodeAnnouncement(db: Executor, id: string): Promise<EpisodeRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .update(podcastEpisodes)
    .set({ announcedAt: new Date() })
    .where(and(eq(podcastEpisodes.id, id), isNull(podcastEpisodes.announcedAt)))
    .returning();
  return row ?? null;
}

/** How many subscribers an announced episode was queued to. */
export async function setEpisodeAnnouncedTo(db: Executor, id: string, recipients: number): Promise<void> {
  await db.update(podcastEpisodes).set({ announcedTo: recipients }).where(eq(podcastEpisodes.id, id));
}

/** True when another episode already has this number, ignoring `exceptId`. */
export async function isEpisodeNumberTaken(db: Executor, number: number, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: podcastEpisodes.id })
    .from(podcastEpisodes)
    .where(eq(podcastEpisodes.number, number))
    .limit(2);
  return rows.some((r) => r.id !== exceptId);
}
