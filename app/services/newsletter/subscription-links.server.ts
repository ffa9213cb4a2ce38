/**
 * The two mailing lists a visitor can join, the newsletter and the podcast's episode e-mails, keep the same promises
 * (decisions 054, 057): an address gets nothing before it confirms through a signed link that works once for seven
 * days, every message carries a signed unsubscribe link that works while the subscription exists, and the link pages
 * ask before they act. One record per list says what differs: its links' purposes and pages, its confirmation
 * message's words, and what leaving does (the newsletter keeps the address as unsubscribed, for its counts; the
 * podcast deletes it, as its page promises).
 */
import { DAY_MS, SITE_NAME } from "~/lib/constants";
import { DEFAULT_LANGUAGE, type Language, localizeHref } from "~/lib/i18n/languages";
import type { Translate } from "~/lib/i18n/translate";
import type { SubscriptionList } from "~/lib/link-pages";
import {
  confirmSubscription,
  getSubscriptionByEmail,
  getSubscriptionById,
  recordSignUp,
  type SubscriptionRow,
  unsubscribeSubscription,
} from "~/queries/newsletter.server";
import {
  confirmPodcastSubscription,
  deletePodcastSubscription,
  getPodcastSubscriptionByEmail,
  getPodcastSubscriptionById,
  type PodcastSubscriptionRow,
  recordPodcastSignUp,
} from "~/queries/podcast.server";
import { serverTranslate } from "~/server-lib/messages.server";
import type { Executor } from "~db/client";
import { withinMailCaps } from "../mail/caps.server";
import type { Outgoing } from "../mail/mailer.server";
import { newNonce, sameNonce, signToken, type TokenPurpose, verifyToken } from "../mail/tokens.server";
import type { Services } from "../services.server";

/** A confirmation link works for seven days, on both lists. */
export const CONFIRM_LINK_DAYS = 7;
/** At most this many confirmation messages to one mailbox a day (a form cannot be used to flood a mailbox). */
export const CONFIRM_MESSAGES_PER_DAY = 3;

/** A subscription as the link pages see it: `active` once confirmed and until it leaves. */
type Subscription = { id: string; email: string; confirmNonce: string | null; active: boolean; left: boolean };

type ListRecord = {
  confirm: { purpose: TokenPurpose; path: string };
  unsubscribe: { purpose: TokenPurpose; path: string };
  find: (db: Executor, id: string) => Promise<Subscription | null>;
  findByEmail: (db: Executor, email: string) => Promise<Subscription | null>;
  /** Stores a sign-up waiting for confirmation (a repeat keeps the one-time value already sent). */
  record: (
    db: Executor,
    signUp: { email: string; nonce: string; lang: Language; source: string },
  ) => Promise<{ status: "new" | "pending" | "active"; id: string; nonce: string }>;
  /** Confirms with the link's one-time value; false when the link was used, replaced or the subscription gone. */
  markConfirmed: (db: Executor, id: string, nonce: string) => Promise<boolean>;
  /** Ends the subscription; false when it had ended already. */
  leave: (db: Executor, id: string) => Promise<boolean>;
  /**
   * Leaving deletes the subscription, so a genuine unsubscribe link whose subscription is gone has done its work;
   * where leavers are kept, a missing subscription was removed by staff and its links no longer work.
   */
  leavingDeletes: boolean;
  /** The confirmation message's kind and words, in the message's language; `before` for a sign-up asked late. */
  mailKind: "newsletter-confirm" | "podcast-confirm";
  words: (
    t: Translate,
    before: boolean,
  ) => { subject: string; lead: string; what: string; button: string; expiry: string };
};

const SITE = { siteName: SITE_NAME };

const newsletterSubscription = (row: SubscriptionRow | null): Subscription | null =>
  row && {
    id: row.id,
    email: row.email,
    confirmNonce: row.confirmNonce,
    active: row.confirmedAt !== null && row.unsubscribedAt === null,
    left: row.unsubscribedAt !== null,
  };

const podcastSubscription = (row: PodcastSubscriptionRow | null): Subscription | null =>
  row && {
    id: row.id,
    email: row.email,
    confirmNonce: row.confirmNonce,
    active: row.confirmedAt !== null,
    left: false,
  };

const LISTS: Record<SubscriptionList, ListRecord> = {
  newsletter: {
    confirm: { purpose: "newsletter-confirm", path: "/newsletter/confirm" },
    unsubscribe: { purpose: "newsletter-unsubscribe", path: "/newsletter/unsubscribe" },
    find: async (db, id) => newsletterSubscription(await getSubscriptionById(db, id)),
    findByEmail: async (db, email) => newsletterSubscription(await getSubscriptionByEmail(db, email)),
    record: (db, { email, source, nonce, lang }) => recordSignUp(db, email, source, nonce, lang),
    markConfirmed: confirmSubscription,
    leave: unsubscribeSubscription,
    leavingDeletes: false,
    mailKind: "newsletter-confirm",
    words: (t) => ({
      subject: t("mail.newsletterConfirm.subject", SITE),
      lead: t("mail.newsletterConfirm.asked", SITE),
      what: t("mail.newsletterConfirm.what"),
      button: t("mail.newsletterConfirm.button"),
      expiry: t("mail.newsletterConfirm.expiry", { days: CONFIRM_LINK_DAYS }),
    }),
  },
  podcast: {
    confirm: { purpose: "podcast-confirm", path: "/podcast/confirm" },
    unsubscribe: { purpose: "podcast-unsubscribe", path: "/podcast/unsubscribe" },
    find: async (db, id) => podcastSubscription(await getPodcastSubscriptionById(db, id)),
    findByEmail: async (db, email) => podcastSubscription(await getPodcastSubscriptionByEmail(db, email)),
    record: (db, { email, nonce, lang }) => recordPodcastSignUp(db, email, nonce, lang),
    markConfirmed: confirmPodcastSubscription,
    leave: deletePodcastSubscription,
    leavingDeletes: true,
    mailKind: "podcast-confirm",
    words: (t, before) => ({
      subject: t("mail.podcastConfirm.subject", SITE),
      lead: before ? t("mail.podcastConfirm.askedBefore", SITE) : t("mail.podcastConfirm.asked", SITE),
      what: t("mail.podcastConfirm.what"),
      button: t("mail.podcastConfirm.button"),
      expiry: t("mail.podcastConfirm.expiry", { days: CONFIRM_LINK_DAYS }),
    }),
  },
};

/** The unsubscribe link of a subscription, on its language's page: signed, valid while the subscription exists. */
export function unsubscribeUrl(
  { mail, config }: Pick<Services, "mail" | "config">,
  list: SubscriptionList,
  subscriptionId: string,
  lang: Language,
): string {
  const { purpose, path } = LISTS[list].unsubscribe;
  return mail.url(localizeHref(path, lang), { token: signToken(config.authSecret, { p: purpose, s: subscriptionId }) });
}

/**
 * The confirmation message of a sign-up, in its language, with a link that works once for seven days. `before`: a
 * sign-up from before confirmation existed, asked now for the first time (queued at most once per sign-up).
 */
export function confirmMessage(
  { mail, config }: Pick<Services, "mail" | "config">,
  list: SubscriptionList,
  to: string,
  signUp: { id: string; nonce: string },
  lang: Language,
  before = false,
): Outgoing {
  const { confirm, mailKind, words } = LISTS[list];
  const token = signToken(config.authSecret, {
    p: confirm.purpose,
    s: signUp.id,
    e: Math.floor((Date.now() + CONFIRM_LINK_DAYS * DAY_MS) / 1000),
    n: signUp.nonce,
  });
  const said = words(serverTranslate(lang), before);
  return {
    kind: mailKind,
    to,
    content: {
      lang,
      subject: said.subject,
      paragraphs: [said.lead, said.what],
      action: { label: said.button, url: mail.url(localizeHref(confirm.path, lang), { token }) },
      after: [said.expiry],
    },
    // Even two instances asking at the same moment queue one message.
    dedupeKey: before ? `${list}-ask:${signUp.id}` : null,
  };
}

/** A sign-up from a list's form: the address, the language of the page it was on, and where the form was. */
export type SignUp = { email: string; lang?: Language; clientIp?: string; source?: string };

/**
 * A sign-up from a list's form: stored unconfirmed, with a confirmation message queued in the same transaction.
 * Every outcome looks the same to the visitor (the form does not reveal who is subscribed); an address already
 * confirmed gets no message, and an unconfirmed one at most three a day to its mailbox, within the caps per recipient
 * domain and per client address (`clientIp`; decision 054). Past a cap nothing changes and nothing is sent; the links
 * sent before still work, and a repeat sign-up keeps them working. `lang` is the language of the page the form was
 * on: the subscription keeps it (a new sign-up of a waiting or departed address takes the new page's), and this and
 * every later message to the address is written in it.
 */
export async function requestSubscription(
  services: Pick<Services, "db" | "mail" | "config">,
  list: SubscriptionList,
  { email, lang = DEFAULT_LANGUAGE, clientIp, source = list }: SignUp,
): Promise<"sent" | "active" | "limited"> {
  const { db, mail } = services;
  const { findByEmail, record, mailKind } = LISTS[list];
  if ((await findByEmail(db, email))?.active) return "active";
  const to = email.trim();
  const allowed = await withinMailCaps(services, {
    kind: mailKind,
    to,
    perMailbox: CONFIRM_MESSAGES_PER_DAY,
    windowMs: DAY_MS,
    clientIp,
  });
  if (!allowed) return "limited";
  return db.transaction(async (tx) => {
    const signUp = await record(tx, { email, nonce: newNonce(), lang, source });
    if (signUp.status === "active") return "active";
    await mail.enqueue(tx, confirmMessage(services, list, to, signUp, lang));
    return "sent";
  });
}

/**
 * A form's sign-up, done after the visitor has their answer (`Mailer.afterAnswer`): looking the address up and
 * queueing its message take longer for some addresses than others, and the answer must not tell which.
 */
export function signUpAfterAnswer(
  services: Pick<Services, "db" | "mail" | "config">,
  list: SubscriptionList,
  signUp: SignUp,
): void {
  services.mail.afterAnswer(`${list} sign-up`, () => requestSubscription(services, list, signUp));
}

/** The subscription a confirmation link names, if the link is genuine and not expired. */
export async function checkConfirmLink(
  services: Pick<Services, "db" | "config">,
  list: SubscriptionList,
  token: string | null,
): Promise<{ outcome: "ready" | "already" | "invalid"; email?: string }> {
  const { confirm, find } = LISTS[list];
  const payload = verifyToken(services.config.authSecret, token, confirm.purpose);
  if (!payload) return { outcome: "invalid" };
  const sub = await find(services.db, payload.s);
  if (!sub) return { outcome: "invalid" };
  if (sameNonce(sub.confirmNonce, payload.n)) return { outcome: "ready", email: sub.email };
  if (sub.active) return { outcome: "already", email: sub.email };
  return { outcome: "invalid" };
}

/** Confirms the subscription of a genuine, unexpired, unused link. */
export async function confirmByLink(
  services: Pick<Services, "db" | "config">,
  list: SubscriptionList,
  token: string | null,
): Promise<"confirmed" | "already" | "invalid"> {
  const { confirm, find, markConfirmed } = LISTS[list];
  const payload = verifyToken(services.config.authSecret, token, confirm.purpose);
  if (!payload?.n) return "invalid";
  if (await markConfirmed(services.db, payload.s, payload.n)) return "confirmed";
  return (await find(services.db, payload.s))?.active ? "already" : "invalid";
}

/**
 * What an unsubscribe link names: the subscription while it exists (`unsubscribed` once it has left, where the list
 * keeps leavers); `gone` for a genuine link whose subscription was deleted (unsubscribed already, perhaps by the mail
 * client's one-click POST); null for a link that is not genuine.
 */
export async function checkUnsubscribeLink(
  services: Pick<Services, "db" | "config">,
  list: SubscriptionList,
  token: string | null,
): Promise<{ id: string; email: string; unsubscribed: boolean } | "gone" | null> {
  const { unsubscribe, find, leavingDeletes } = LISTS[list];
  const payload = verifyToken(services.config.authSecret, token, unsubscribe.purpose);
  if (!payload) return null;
  const sub = await find(services.db, payload.s);
  if (sub) return { id: sub.id, email: sub.email, unsubscribed: sub.left };
  return leavingDeletes ? "gone" : null;
}

/**
 * Unsubscribes through a genuine link (the page's button or a mail client's one-click POST, RFC 8058), naming its
 * address.
 */
export async function unsubscribeByLink(
  services: Pick<Services, "db" | "config">,
  list: SubscriptionList,
  token: string | null,
): Promise<{ outcome: "unsubscribed" | "already" | "invalid"; email?: string }> {
  const found = await checkUnsubscribeLink(services, list, token);
  if (found === null) return { outcome: "invalid" };
  if (found === "gone") return { outcome: "unsubscribed" };
  const outcome = (await LISTS[list].leave(services.db, found.id)) ? "unsubscribed" : "already";
  return { outcome, email: found.email };
}
