import { listApplicationsSince } from "~/queries/applications.server";
import { listPendingProposalsSince } from "~/queries/proposals.server";
import { claimDigest, listDigestsDue, listNoticeRecipients } from "~/queries/users.server";
import type { Mailer, Outgoing } from "../mail/mailer.server";
import type { Services } from "../services.server";

/**
 * What staff hear of by e-mail (decision 058): each member chooses, on Admin → Users, notices of new applications
 * and of new contributions (suggested places and corrections), one message each or one daily digest. Staff mail is
 * English, like the admin area, and may name what visitors typed: it goes to staff's own confirmed accounts.
 */

/** Where each member changes what they get, named in every notice. */
export const NOTICE_SETTINGS_PATH = "/admin/dashboard/users#notices";
export const NOTICE_FOOTER =
  "You receive this because of your e-mail notice settings. Change them on Admin → Users, under “Your e-mail notices”.";

/** Items a digest lists by name before it only counts the rest. */
const DIGEST_LIST_MAX = 25;

/** Staff who get a message for each new contribution, read before the transaction that stores one. */
export function contributionNoticeRecipients(services: Pick<Services, "db">) {
  return listNoticeRecipients(services.db, "contributions");
}

/** A new contribution as staff's notices and digests describe it. */
export type NewContribution = {
  id: string;
  kind: "new-place" | "correction";
  /** The entry a correction is about (location, program, change-maker), or "location" for a place. */
  entity: string;
  /** The proposed place's name, or the corrected entry's name as the site shows it. */
  name: string;
};

const entityNoun = (entity: string) => entity.replace("-", " ");

/** One line naming a contribution. */
export function describeContribution(c: NewContribution): string {
  return c.kind === "new-place"
    ? `A suggested place: “${c.name}”`
    : `A correction to the ${entityNoun(c.entity)} “${c.name}”`;
}

/** The notices of one new contribution, one per member who asked for each as it arrives. */
export function contributionNotices(
  { mail }: Pick<Services, "mail">,
  recipients: readonly { email: string }[],
  c: NewContribution,
): Outgoing[] {
  const subject =
    c.kind === "new-place" ? `New suggested place: ${c.name}` : `New correction to ${entityNoun(c.entity)}: ${c.name}`;
  return recipients.map((r) => ({
    kind: "contribution-notice",
    to: r.email,
    content: {
      subject,
      paragraphs: [`${describeContribution(c)} is waiting in Moderation.`],
      action: { label: "Review it", url: mail.url(`/admin/dashboard/moderation/${c.id}`) },
      footer: { text: NOTICE_FOOTER, link: { label: "Your e-mail notices", url: mail.url(NOTICE_SETTINGS_PATH) } },
    },
  }));
}

const plural = (n: number, one: string, other: string) => `${n} ${n === 1 ? one : other}`;

/**
 * Each member's daily digest that is due (the hourly maintenance calls this): once per member and UTC day, whichever
 * instance comes first (the member's row is claimed in the transaction that queues the digest). A digest lists what
 * arrived since the previous one (new applications, contributions still waiting), and is not sent when nothing did.
 * Returns how many digests were queued.
 */
export async function sendDailyDigests(services: Pick<Services, "db" | "mail">): Promise<number> {
  const { db, mail } = services;
  let queued = 0;
  for (const { id } of await listDigestsDue(db)) {
    const sent = await db.transaction(async (tx) => {
      const claim = await claimDigest(tx, id);
      if (!claim) return false;
      const apps = claim.applications
        ? await listApplicationsSince(tx, claim.since, DIGEST_LIST_MAX)
        : { rows: [], total: 0 };
      const contributions = claim.contributions
        ? await listPendingProposalsSince(tx, claim.since, DIGEST_LIST_MAX)
        : { rows: [], total: 0 };
      if (apps.total + contributions.total === 0) return false;
      await mail.enqueue(tx, digestMessage(mail, claim.email, apps, contributions));
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}

type Listed<T> = { rows: T[]; total: number };

function digestMessage(
  mail: Pick<Mailer, "url">,
  to: string,
  apps: Listed<{ id: string; fullName: string; applicantType: string; country: string }>,
  contributions: Listed<{
    id: string;
    kind: "new-place" | "correction";
    entity: string;
    fields: Record<string, unknown>;
  }>,
): Outgoing {
  const parts: string[] = [];
  if (apps.total > 0) parts.push(plural(apps.total, "new application", "new applications"));
  if (contributions.total > 0) parts.push(plural(contributions.total, "new contribution", "new contributions"));
  // One paragraph per line: each item reads as its own line in the HTML part too.
  const paragraphs: string[] = [];
  const more = (l: Listed<unknown>) => (l.total > l.rows.length ? [`… and ${l.total - l.rows.length} more.`] : []);
  if (apps.total > 0) {
    paragraphs.push(
      ...[
        `New applications (${apps.total}):`,
        ...apps.rows.map(
          (a) =>
            `• ${a.fullName}, ${a.applicantType === "educator" ? "educator" : "learner"}${a.country ? `, ${a.country}` : ""}: ${mail.url("/admin/dashboard/applicants", { id: a.id })}`,
        ),
        ...more(apps),
      ],
    );
  }
  if (contributions.total > 0) {
    paragraphs.push(
      ...[
        `New contributions waiting in Moderation (${contributions.total}):`,
        ...contributions.rows.map((c) => {
          const name = typeof c.fields.name === "string" ? c.fields.name : "";
          return `• ${describeContribution({ id: c.id, kind: c.kind, entity: c.entity, name })}: ${mail.url(`/admin/dashboard/moderation/${c.id}`)}`;
        }),
        ...more(contributions),
      ],
    );
  }
  return {
    kind: "staff-digest",
    to,
    content: {
      subject: `Daily digest: ${parts.join(", ")}`,
      paragraphs: ["Here is what arrived since your last digest.", ...paragraphs],
      action:
        contributions.total > 0
          ? { label: "Open Moderation", url: mail.url("/admin/dashboard/moderation") }
          : { label: "Open Applicants", url: mail.url("/admin/dashboard/applicants") },
      footer: { text: NOTICE_FOOTER, link: { label: "Your e-mail notices", url: mail.url(NOTICE_SETTINGS_PATH) } },
    },
  };
}
