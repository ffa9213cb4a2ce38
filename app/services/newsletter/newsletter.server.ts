import { DAY_MS } from "~/lib/constants";
import type { Language } from "~/lib/i18n/languages";
import { getSubscriptionByEmail, recordSignUp } from "~/queries/newsletter.server";
import { withinMailCaps } from "../mail/caps.server";
import { newNonce } from "../mail/tokens.server";
import type { Services } from "../services.server";
import { CONFIRM_MESSAGES_PER_DAY, confirmMessage } from "./subscription-links.server";

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
  const { db, mail } = services;
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
    await mail.enqueue(tx, confirmMessage(services, "newsletter", to, signUp, lang));
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

/** Queries the screens use as they are (decision 036). */
export {
  countNewsletterSubscriptionsMatching,
  countSubscriptionsByState,
  deleteNewsletterSubscription,
  getNewsletterSubscriptionById,
  listNewsletterSubscriptions,
} from "~/queries/newsletter.server";
