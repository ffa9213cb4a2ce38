import type { Database } from "~db/client";
import { SITE_NAME } from "../lib/constants";
import { serverTranslate } from "../lib/i18n/messages.server";
import { ACKNOWLEDGEMENTS_PER_DAY, pageLanguage } from "./applications.server";
import type { Services } from "./services.server";

const DAY_MS = 24 * 60 * 60_000;

/**
 * Queues the acknowledgement of a visitor's suggestion or correction to the address they gave (in `db`, the
 * transaction that stores the contribution), in the language of the page they sent it from (`page`, its address).
 * Nothing without an address; at most ACKNOWLEDGEMENTS_PER_DAY a day to one address, so a form cannot be used to
 * flood someone's mailbox.
 */
export async function acknowledgeContribution(
  services: Pick<Services, "mail">,
  db: Database,
  contribution: { kind: "place" | "correction"; name: string; email: string | null; page?: string },
): Promise<void> {
  const { mail } = services;
  const to = contribution.email?.trim();
  if (!to) return;
  if ((await mail.recentCount(to, ["contribution-received"], DAY_MS)) >= ACKNOWLEDGEMENTS_PER_DAY) return;
  const lang = pageLanguage(contribution.page);
  const t = serverTranslate(lang);
  const values = { name: contribution.name, siteName: SITE_NAME };
  const place = contribution.kind === "place";
  await mail.enqueue(db, {
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
  });
}
