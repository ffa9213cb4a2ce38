import { DAY_MS, SITE_NAME } from "~/lib/constants";
import { isLanguage, type Language, localizeHref } from "~/lib/i18n/languages";
import { listUntoldPlaceProposals, markOutcomeSent, type ProposalRow } from "~/queries/proposals.server";
import { serverTranslate } from "~/server-lib/messages.server";
import type { Executor } from "~db/client";
import { entryKind, entryPublicPath, isEntryKind } from "../entries/registry.server";
import { withinMailCaps } from "../mail/caps.server";
import type { Outgoing } from "../mail/mailer.server";
import type { Services } from "../services.server";

/**
 * Telling a visitor what became of their contribution (decision 058): once, when the place they suggested is
 * published, when it is declined, or when their correction is accepted or declined; only when they left an address
 * with the consent the form asks for, in the language of the page they used (stored with the contribution).
 *
 * Nobody confirmed that address, so the message holds only the site's own words and, when there is one, a link to
 * the entry's public page (decision 054): never the name or text the visitor typed, nor staff's reason or note, which
 * were written as records for staff. It goes out within the mail caps, as a kind of its own.
 */

/** Outcome messages one mailbox may get a day: a person who contributes a lot hears of each of a day's decisions. */
export const OUTCOMES_PER_DAY = 10;

export type Outcome = "place-published" | "place-declined" | "correction-accepted" | "correction-declined";

/** The message itself; `path` is the entry's public page (without a language), when it has one. */
export function outcomeMessage(
  { mail }: Pick<Services, "mail">,
  to: string,
  lang: Language,
  outcome: Outcome,
  path: string | null,
): Outgoing {
  const t = serverTranslate(lang);
  const values = { siteName: SITE_NAME };
  // Each message's words named in full, so the message files' check sees every key used.
  const words =
    outcome === "place-published"
      ? {
          subject: t("mail.contributionOutcome.placePublishedSubject", values),
          text: t("mail.contributionOutcome.placePublished", values),
          view: t("mail.contributionOutcome.viewPlace", values),
        }
      : outcome === "place-declined"
        ? {
            subject: t("mail.contributionOutcome.placeDeclinedSubject", values),
            text: t("mail.contributionOutcome.placeDeclined", values),
            view: t("mail.contributionOutcome.viewEntry", values),
          }
        : outcome === "correction-accepted"
          ? {
              subject: t("mail.contributionOutcome.correctionAcceptedSubject", values),
              text: t("mail.contributionOutcome.correctionAccepted", values),
              view: t("mail.contributionOutcome.viewEntry", values),
            }
          : {
              subject: t("mail.contributionOutcome.correctionDeclinedSubject", values),
              text: t("mail.contributionOutcome.correctionDeclined", values),
              view: t("mail.contributionOutcome.viewEntry", values),
            };
  return {
    kind: "contribution-outcome",
    to,
    content: {
      lang,
      subject: words.subject,
      paragraphs: [words.text],
      action: path ? { label: words.view, url: mail.url(localizeHref(path, lang)) } : undefined,
      after: [t("mail.contributionOutcome.once")],
    },
  };
}

/** The public page of an entry (without a language), or null when it has none (a draft, archived, deleted). */
export async function publicEntryPath(
  services: Pick<Services, "db">,
  entity: string,
  id: string,
): Promise<string | null> {
  if (!isEntryKind(entity)) return null;
  const row = await entryKind(entity).find(services.db, id);
  return row?.status === "published" ? entryPublicPath(entity, row) : null;
}

/** Who to tell about a contribution, or null: its address, given with consent, and its language. */
function recipientOf(p: Pick<ProposalRow, "email" | "consentAt" | "language" | "outcomeSentAt">) {
  const to = p.email?.trim();
  if (!to || !p.consentAt || p.outcomeSentAt) return null;
  return { to, lang: isLanguage(p.language) ? p.language : "en" };
}

/**
 * Prepares the outcome message of a contribution about to be decided: checked against the caps now (outside the
 * transaction, where the count can be read), queued by `queueOutcome` in the decision's transaction. Null when the
 * visitor left no address; `allowed` false when a cap is reached (then the contribution is still marked as told).
 */
export async function prepareOutcome(
  services: Pick<Services, "db">,
  proposal: Pick<ProposalRow, "id" | "email" | "consentAt" | "language" | "outcomeSentAt">,
): Promise<{ id: string; to: string; lang: Language; allowed: boolean } | null> {
  const who = recipientOf(proposal);
  if (!who) return null;
  const allowed = await withinMailCaps(services, {
    kind: "contribution-outcome",
    to: who.to,
    perMailbox: OUTCOMES_PER_DAY,
    windowMs: DAY_MS,
  });
  return { id: proposal.id, ...who, allowed };
}

/**
 * In the decision's transaction: marks the contribution as told and queues its message (once, within the caps).
 * True when a message was queued.
 */
export async function queueOutcome(
  { mail }: Pick<Services, "mail">,
  tx: Executor,
  prepared: Awaited<ReturnType<typeof prepareOutcome>>,
  outcome: Outcome,
  path: string | null,
): Promise<boolean> {
  if (!prepared || !(await markOutcomeSent(tx, prepared.id)) || !prepared.allowed) return false;
  await mail.enqueue(tx, outcomeMessage({ mail }, prepared.to, prepared.lang, outcome, path));
  return true;
}

/**
 * After a place is saved as published: the visitors whose suggestion became it, and who have not been told yet, are
 * told it is listed, with a link to its page. Safe to call on every save (each visitor hears once). Returns how many
 * messages were queued.
 */
export async function tellPlacePublished(services: Pick<Services, "db" | "mail">, locationId: string): Promise<number> {
  const { db, mail } = services;
  const untold = await listUntoldPlaceProposals(db, locationId);
  if (untold.length === 0) return 0;
  const path = await publicEntryPath(services, "location", locationId);
  if (!path) return 0;
  const prepared = await Promise.all(
    untold.map((p) => prepareOutcome(services, { ...p, consentAt: new Date(0), outcomeSentAt: null })),
  );
  let queued = 0;
  await db.transaction(async (tx) => {
    for (const p of prepared) {
      if (!p) continue;
      if (await queueOutcome({ mail }, tx, p, "place-published", path)) queued++;
    }
  });
  return queued;
}
