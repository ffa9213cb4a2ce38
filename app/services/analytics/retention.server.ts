import { DAY_MS } from "~/lib/constants";
import { pruneMail } from "~/queries/mail.server";
import { pruneUnconfirmedSubscriptions } from "~/queries/newsletter.server";
import { pruneRateLimits } from "~/queries/rate-limits.server";
import { pruneUnconfirmedPodcastSubscriptions } from "../newsletter/podcast.server";
import { CONFIRM_LINK_DAYS } from "../newsletter/subscription-links.server";
import type { Services } from "../services.server";

/** Messages the site sent (or kept, without a mail server, or gave up on) are deleted this many days after queueing. */
export const MAIL_KEPT_DAYS = 30;
/** A sign-up nobody confirmed is deleted this many days after its last confirmation message (its link's 7, and one). */
export const UNCONFIRMED_SIGN_UP_KEPT_DAYS = CONFIRM_LINK_DAYS + 1;

/**
 * What strangers leave behind, deleted once it has served (decision 054; the hourly maintenance runs it, and the
 * privacy page's starting text states these periods): rate-limit counters whose window ended (the client addresses
 * in their keys), newsletter and podcast sign-ups never confirmed after their link expired, and the outbox's copies of sent mail
 * after MAIL_KEPT_DAYS (newsletter issues' messages stay: each issue's delivery figures). Returns how many of each.
 */
export async function pruneAnonymousInput(
  services: Pick<Services, "db">,
  now = Date.now(),
): Promise<{ rateLimits: number; signUps: number; mail: number }> {
  const { db } = services;
  const rateLimits = await pruneRateLimits(db, now);
  // Newsletter and podcast sign-ups alike (decision 057): the same link lifetime, the same day after it.
  const signUps =
    (await pruneUnconfirmedSubscriptions(db, new Date(now - UNCONFIRMED_SIGN_UP_KEPT_DAYS * DAY_MS))) +
    (await pruneUnconfirmedPodcastSubscriptions(services, now));
  const mail = await pruneMail(db, new Date(now - MAIL_KEPT_DAYS * DAY_MS));
  return { rateLimits, signUps, mail };
}
