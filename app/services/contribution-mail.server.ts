import { SITE_NAME } from "../lib/constants";
import { serverTranslate } from "../lib/i18n/messages.server";
import { ACKNOWLEDGEMENTS_PER_DAY, pageLanguage } from "./applications.server";
import type { Outgoing } from "./mail/mailer.server";
import type { Services } from "./services.server";

const DAY_MS = 24 * 60 * 60_000;

/**
 * The acknowledgement of a visitor's suggestion or correction to the address they gave, in the language of the page
 * they sent it from (`page`, its address), for the caller to queue in the transaction that stores the contribution.
 * None without an address, and none past ACKNOWLEDGEMENTS_PER_DAY a day to one address, so a form cannot be used to
 * flood someone's mailbox. (Counted before the transaction: the count reads outside it.)
 */
export async function contributionAcknowledgement(
  services: Pick<Services, "mail">,
  contribution: { kind: "place" | "correction"; name: string; email: string | null; page?: string },
): Promise<Outgoing | null> {
  const { mail } = services;
  const to = contribution.email?.trim();
  if (!to) return null;
  if ((await mail.recentCount(to, ["contribution-received"], DAY_MS)) >= ACKNOWLEDGEMENTS_PER_DAY) return null;
  const lang = pageLanguage(contribution.page);
  const t = serverTranslate(lang);
  const values = { name: contribution.name, siteName: SITE_NAME };
  const place = contribution.kind === "place";
  return {
    kind: "contribution-received",
    to,
    content: {
      lang,
      subject: place
        ? t("mail.proposalReceived.placeSubject", values)
        : t("mail.proposalReceived.correctionSubject", values),
      paragraphs: [
        place ? t("mail.proposalReceived.place", values) : t("mail.proposalReceived.correction", values),
        t("mail.proposalReceived.next"),
      ],
      after: [t("mail.proposalReceived.notYou")],
    },
  };
}
