/**
 * Podcast episodes, and podcast subscriptions that keep what the podcast page promises (decision 057): an address
 * is confirmed by a link before it gets anything (double opt-in, as the newsletter's), then gets one e-mail per new
 * episode in the language of the page it signed up on, each with a one-click unsubscribe, through the mail outbox.
 */
import { DAY_MS, SITE_NAME } from "~/lib/constants";
import { localizeEntry } from "~/lib/i18n/entry-translations";
import { DEFAULT_LANGUAGE, isLanguage, localizeHref } from "~/lib/i18n/languages";
import {
  claimEpisodeAnnouncement,
  type EpisodeRow,
  listConfirmedPodcastSubscribers,
  listUnaskedPodcastSignUps,
  markPodcastSignUpAsked,
  pruneUnconfirmedPodcastSignUps,
  setEpisodeAnnouncedTo,
} from "~/queries/podcast.server";
import { serverTranslate } from "~/server-lib/messages.server";
import { withinMailCaps } from "../mail/caps.server";
import type { Outgoing } from "../mail/mailer.server";
import { newNonce } from "../mail/tokens.server";
import type { Services } from "../services.server";
import {
  CONFIRM_LINK_DAYS,
  CONFIRM_MESSAGES_PER_DAY,
  confirmMessage,
  unsubscribeUrl,
} from "./subscription-links.server";

/** Sign-ups from before confirmation existed asked per run of the hourly maintenance: a long list over hours. */
export const UNASKED_SIGN_UPS_PER_RUN = 100;

/** An episode's message to one subscriber, in their language (the episode's translation into it where there is one). */
export function episodeMessage(
  services: Pick<Services, "mail" | "config">,
  episode: EpisodeRow,
  subscriber: { id: string; email: string; language: string },
): Outgoing {
  const { mail } = services;
  // A stored language the site no longer speaks reads as English.
  const lang = isLanguage(subscriber.language) ? subscriber.language : DEFAULT_LANGUAGE;
  const t = serverTranslate(lang);
  const shown = localizeEntry(episode, ["title", "summary"], lang).fields;
  const unsubscribe = unsubscribeUrl(services, "podcast", subscriber.id, lang);
  const values = { siteName: SITE_NAME, number: episode.number, title: shown.title.text };
  return {
    kind: "podcast-episode",
    to: subscriber.email,
    content: {
      lang,
      subject: t("mail.podcastEpisode.subject", values),
      paragraphs: [
        t("mail.podcastEpisode.out", values),
        ...(episode.guest ? [t("mail.podcastEpisode.guest", { guest: episode.guest })] : []),
        ...(shown.summary.text ? [shown.summary.text] : []),
      ],
      action: {
        label: t("mail.podcastEpisode.listen", values),
        url: mail.url(localizeHref("/podcast", lang)).concat(`#episode-${episode.number}`),
      },
      footer: {
        text: t("mail.podcastEpisode.footer", { siteName: SITE_NAME }),
        link: { label: t("mail.podcastEpisode.unsubscribe"), url: unsubscribe },
      },
    },
    headers: {
      "Content-Language": lang,
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    // One message per episode and subscriber, whatever retries: a second enqueue of the same key is ignored.
    dedupeKey: `episode:${episode.id}:${subscriber.id}`,
  };
}

/**
 * E-mails an episode to every confirmed subscriber, once: in one transaction the episode is marked announced (only
 * if it never was: a second try, from another staff member, instance or a restart, finds it marked and sends
 * nothing) and one message per subscriber is queued, each with its dedupe key. The mail worker sends them at
 * MAIL_SEND_RATE, like a newsletter. Returns how many were queued, or why none.
 */
export async function announceEpisode(
  services: Pick<Services, "db" | "mail" | "config">,
  episodeId: string,
): Promise<{ outcome: "sent"; recipients: number } | { outcome: "already" }> {
  const { db, mail } = services;
  return db.transaction(async (tx) => {
    const episode = await claimEpisodeAnnouncement(tx, episodeId);
    if (!episode) return { outcome: "already" as const };
    const subscribers = await listConfirmedPodcastSubscribers(tx);
    const messages = subscribers.map((s) => episodeMessage(services, episode, s));
    const recipients = await mail.enqueueRows(tx, mail.rows(messages));
    await setEpisodeAnnouncedTo(tx, episode.id, recipients);
    return { outcome: "sent" as const, recipients };
  });
}

/**
 * Asks the sign-ups stored before confirmation existed (migration 0023) to confirm, once each, up to `limit` a run
 * (the hourly maintenance). They asked for episode e-mails on a form that promised them, and never got one; they
 * never confirmed, so they get nothing else until they do. Each is marked asked in the transaction that queues its
 * message (and the message has a dedupe key), so no address is asked twice. An address past the mail caps (its
 * mailbox or domain had its share today) is left for a later run. In English: their page's language was not kept.
 */
export async function askUnaskedPodcastSignUps(
  services: Pick<Services, "db" | "mail" | "config">,
  limit = UNASKED_SIGN_UPS_PER_RUN,
): Promise<number> {
  const { db, mail } = services;
  // Which of them the caps let through is counted before the transaction: a count inside it would wait on it on
  // the embedded database (one connection).
  const candidates = await listUnaskedPodcastSignUps(db, limit);
  const allowed: typeof candidates = [];
  for (const s of candidates) {
    const ok = await withinMailCaps(services, {
      kind: "podcast-confirm",
      to: s.email,
      perMailbox: CONFIRM_MESSAGES_PER_DAY,
      windowMs: DAY_MS,
    });
    if (ok) allowed.push(s);
  }
  if (allowed.length === 0) return 0;
  return db.transaction(async (tx) => {
    let asked = 0;
    for (const s of allowed) {
      const nonce = newNonce();
      if (!(await markPodcastSignUpAsked(tx, s.id, nonce))) continue;
      asked += await mail.enqueue(
        tx,
        confirmMessage(services, "podcast", s.email.trim(), { id: s.id, nonce }, DEFAULT_LANGUAGE, true),
      );
    }
    return asked;
  });
}

/** Deletes sign-ups never confirmed a day after their link expired (decision 054). */
export function pruneUnconfirmedPodcastSubscriptions(services: Pick<Services, "db">, now = Date.now()) {
  return pruneUnconfirmedPodcastSignUps(services.db, new Date(now - (CONFIRM_LINK_DAYS + 1) * DAY_MS));
}

/** Queries the screens use as they are (decision 036). */
export {
  countPodcastSubscriptionsByState,
  countPodcastSubscriptionsMatching,
  createEpisode,
  deleteEpisode,
  deletePodcastSubscription,
  type EpisodeInput,
  type EpisodeRow,
  getEpisodeById,
  getPodcastSubscriptionById,
  isEpisodeNumberTaken,
  listEpisodes,
  listPodcastSubscriptions,
  PODCAST_SUBSCRIBER_STATES,
  type PodcastSubscriberState,
  updateEpisode,
} from "~/queries/podcast.server";
