import { DAY_MS, SITE_NAME } from "~/lib/constants";
import { localizeHref } from "~/lib/i18n/languages";
import { serverTranslate } from "~/server-lib/messages.server";
import { withinMailCaps } from "../mail/caps.server";
import type { Outgoing } from "../mail/mailer.server";
import { replyAddress, replyHeaders } from "../mail/reply-to.server";
import type { Services } from "../services.server";
import { ACKNOWLEDGEMENTS_PER_DAY, pageLanguage } from "./applications.server";

/**
 * The acknowledgement of a visitor's suggestion or correction to the address they gave, in the language of the page
 * they sent it from (`page`, its address), for the caller to queue in the transaction that stores the contribution.
 *
 * Nobody has confirmed that address, so the message holds only the site's own words (decision 054): never the name
 * or note the visitor typed, which would let anyone send their text to anyone through the site. A suggested place
 * has no public page while it waits, so it is "your suggestion"; a correction names the entry as the site shows it
 * and links to its page when that is public.
 *
 * None without an address, and none past ACKNOWLEDGEMENTS_PER_DAY a day to one mailbox or past the caps per
 * recipient domain and per client address (`clientIp`), so a form cannot be used to flood anyone's mailbox.
 * (Counted before the transaction: the count reads outside it.)
 */
export async function contributionAcknowledgement(
  services: Pick<Services, "db" | "mail">,
  contribution: {
    kind: "place" | "correction";
    email: string | null;
    page?: string;
    /** The entry a correction is about: its name and address as the site shows them, and whether it is public. */
    entry?: { name: string; path: string; published: boolean };
    clientIp?: string;
  },
): Promise<Outgoing | null> {
  const { mail } = services;
  const to = contribution.email?.trim();
  if (!to) return null;
  const allowed = await withinMailCaps(services, {
    kind: "contribution-received",
    to,
    perMailbox: ACKNOWLEDGEMENTS_PER_DAY,
    windowMs: DAY_MS,
    clientIp: contribution.clientIp,
  });
  if (!allowed) return null;
  const replyTo = await replyAddress(services);
  const lang = pageLanguage(contribution.page);
  const t = serverTranslate(lang);
  const entry = contribution.kind === "correction" ? contribution.entry : undefined;
  const values = { siteName: SITE_NAME, name: entry?.name ?? "" };
  return {
    kind: "contribution-received",
    to,
    content: {
      lang,
      subject: entry
        ? t("mail.proposalReceived.correctionSubject", values)
        : t("mail.proposalReceived.placeSubject", values),
      paragraphs: [
        entry ? t("mail.proposalReceived.correction", values) : t("mail.proposalReceived.place", values),
        t("mail.proposalReceived.next"),
      ],
      action: entry?.published
        ? { label: t("mail.proposalReceived.viewEntry", values), url: mail.url(localizeHref(entry.path, lang)) }
        : undefined,
      // Asking for a reply only when one reaches someone (decision 057).
      after: [replyTo ? t("mail.proposalReceived.notYou") : t("mail.proposalReceived.notYouNoReply")],
    },
    headers: replyHeaders(replyTo),
  };
}
