import { DAY_MS, SITE_NAME } from "~/lib/constants";
import { type Language, localizeHref } from "~/lib/i18n/languages";
import {
  confirmSubscription,
  getSubscriptionByEmail,
  getSubscriptionById,
  recordSignUp,
  unsubscribeSubscription,
} from "~/queries/newsletter.server";
import { serverTranslate } from "~/server-lib/messages.server";
import { withinMailCaps } from "../mail/caps.server";
import { newNonce, sameNonce, signToken, verifyToken } from "../mail/tokens.server";
import type { Services } from "../services.server";

/** A confirmation link works for seven days. */
export const CONFIRM_LINK_DAYS = 7;
/** At most this many confirmation messages to one address a day (a form cannot be used to flood a mailbox). */
export const CONFIRM_MESSAGES_PER_DAY = 3;

/** The unsubscribe link of a subscription (on its language's page): signed, valid while the subscription exists. */
export function newsletterUnsubscribeUrl(
  { mail }: Pick<Services, "mail">,
  authSecret: string,
  subscriptionId: string,
  lang: Language = "en",
): string {
  return mail.url(localizeHref("/newsletter/unsubscribe", lang), {
    token: signToken(authSecret, { p: "newsletter-unsubscribe", s: subscriptionId }),
  });
}

/**
 * A sign-up from the form: stored unconfirmed, with a confirmation message queued in the same transaction. Every
 * outcome looks the same to the visitor (the form does not reveal who is subscribed); an address already confirmed
 * gets no message, and an unconfirmed one at most three a day to its mailbox, within the caps per recipient domain
 * and per client address (`clientIp`; decision 054). A repeat sign-up keeps the links already sent working. `lang`
 * is the language of the page the form was on: the subscription keeps it (a new sign-up of a waiting or departed
 * address takes the new page's), and this and every later message to the address is written in it.
 */
export async function requestNewsletterSubscription(
  services: Pick<Services, "db" | "mail" | "config">,
  email: string,
  source: string,
  lang: Language = "en",
  clientIp?: string,
): Promise<"sent" | "active" | "limited"> {
  const { db, mail, config } = services;
  const existing = await getSubscriptionByEmail(db, email);
  if (existing?.confirmedAt && !existing.unsubscribedAt) return "active";
  const to = email.trim();
  const allowed = await withinMailCaps(services, {
    kind: "newsletter-confirm",
    to,
    perMailbox: CONFIRM_MESSAGES_PER_DAY,
    windowMs: DAY_MS,
    clientIp,
  });
  // Past a cap nothing changes and nothing is sent; the links sent before still work.
  if (!allowed) return "limited";
  return db.transaction(async (tx) => {
    const signUp = await recordSignUp(tx, email, source, newNonce(), lang);
    if (signUp.status === "active") return "active";
    const token = signToken(config.authSecret, {
      p: "newsletter-confirm",
      s: signUp.id,
      e: Math.floor((Date.now() + CONFIRM_LINK_DAYS * DAY_MS) / 1000),
      n: signUp.nonce,
    });
    const t = serverTranslate(lang);
    const values = { siteName: SITE_NAME };
    await mail.enqueue(tx, {
      kind: "newsletter-confirm",
      to,
      content: {
        lang,
        subject: t("mail.newsletterConfirm.subject", values),
        paragraphs: [t("mail.newsletterConfirm.asked", values), t("mail.newsletterConfirm.what")],
        action: {
          label: t("mail.newsletterConfirm.button"),
          url: mail.url(localizeHref("/newsletter/confirm", lang), { token }),
        },
        after: [t("mail.newsletterConfirm.expiry", { days: CONFIRM_LINK_DAYS })],
      },
    });
    return "sent";
  });
}

/**
 * The form's sign-up, done after the visitor has their answer (`Mailer.afterAnswer`): looking the address up and
 * queueing its message take longer for some addresses than others, and the answer must not tell which.
 */
export function signUpAfterAnswer(
  services: Pick<Services, "db" | "mail" | "config">,
  email: string,
  source: string,
  lang: Language,
  clientIp: string,
): void {
  services.mail.afterAnswer("newsletter sign-up", () =>
    requestNewsletterSubscription(services, email, source, lang, clientIp),
  );
}

export type ConfirmOutcome = "confirmed" | "already" | "invalid";

/** The subscription a confirmation link names, if the link is genuine and not expired. */
export async function checkConfirmLink(
  services: Pick<Services, "db" | "config">,
  token: string | null,
): Promise<{ outcome: "ready" | "already" | "invalid"; email?: string }> {
  const payload = verifyToken(services.config.authSecret, token, "newsletter-confirm");
  if (!payload) return { outcome: "invalid" };
  const sub = await getSubscriptionById(services.db, payload.s);
  if (!sub) return { outcome: "invalid" };
  if (sameNonce(sub.confirmNonce, payload.n)) return { outcome: "ready", email: sub.email };
  if (sub.confirmedAt && !sub.unsubscribedAt) return { outcome: "already", email: sub.email };
  return { outcome: "invalid" };
}

/** Confirms the subscription of a genuine, unexpired, unused link. */
export async function confirmNewsletterLink(
  services: Pick<Services, "db" | "config">,
  token: string | null,
): Promise<ConfirmOutcome> {
  const payload = verifyToken(services.config.authSecret, token, "newsletter-confirm");
  if (!payload?.n) return "invalid";
  if (await confirmSubscription(services.db, payload.s, payload.n)) return "confirmed";
  const sub = await getSubscriptionById(services.db, payload.s);
  return sub?.confirmedAt && !sub.unsubscribedAt ? "already" : "invalid";
}

/** The subscription an unsubscribe link names (null when the link is not genuine). */
export async function checkUnsubscribeLink(
  services: Pick<Services, "db" | "config">,
  token: string | null,
): Promise<{ id: string; email: string; unsubscribed: boolean } | null> {
  const payload = verifyToken(services.config.authSecret, token, "newsletter-unsubscribe");
  if (!payload) return null;
  const sub = await getSubscriptionById(services.db, payload.s);
  return sub ? { id: sub.id, email: sub.email, unsubscribed: sub.unsubscribedAt !== null } : null;
}

/** Unsubscribes through a genuine link (the page's button or a mail client's one-click POST), naming its address. */
export async function unsubscribeByLink(
  services: Pick<Services, "db" | "config">,
  token: string | null,
): Promise<{ outcome: "unsubscribed" | "already" | "invalid"; email?: string }> {
  const found = await checkUnsubscribeLink(services, token);
  if (!found) return { outcome: "invalid" };
  const outcome = (await unsubscribeSubscription(services.db, found.id)) ? "unsubscribed" : "already";
  return { outcome, email: found.email };
}

/** Queries the screens use as they are (decision 036). */
export {
  countNewsletterSubscriptionsMatching,
  countSubscriptionsByState,
  deleteNewsletterSubscription,
  getNewsletterSubscriptionById,
  listNewsletterSubscriptions,
} from "~/queries/newsletter.server";
