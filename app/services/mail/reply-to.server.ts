import { getSavedContactEmail } from "~/queries/settings.server";
import type { Services } from "../services.server";

/**
 * Where replies to the site's mail go (decision 057): MAIL_REPLY_TO when the operator set it, otherwise the contact
 * e-mail staff saved in Site settings, otherwise nowhere (null). The environment wins because it names a mailbox
 * for exactly this, while the contact e-mail is the footer's general address; an operator who wants the two to be
 * one leaves MAIL_REPLY_TO unset. Messages that ask the recipient to reply do so only when this is not null, and
 * then carry it as their Reply-To; without it they point to a form instead.
 */
export async function replyAddress(services: Pick<Services, "db" | "mail">): Promise<string | null> {
  if (services.mail.replyTo) return services.mail.replyTo;
  return getSavedContactEmail(services.db);
}

/** The Reply-To header of a message that asks for replies, or none. */
export function replyHeaders(replyTo: string | null): Record<string, string> {
  return replyTo ? { "Reply-To": replyTo } : {};
}
