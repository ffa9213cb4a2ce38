import { DAY_MS, ENTRY_NAME_MAX_LENGTH, SITE_NAME } from "~/lib/constants";
import { DEFAULT_LANGUAGE, isLanguage, type Language, languageFromPath, localizeHref } from "~/lib/i18n/languages";
import { isDecision, type ReviewStatus } from "~/lib/vocabulary";
import {
  type ApplicationInput,
  createApplication,
  getApplicationById,
  linkApplicationEntry,
  setApplicationStatus,
} from "~/queries/applications.server";
import { loadReferenceData } from "~/queries/reference.server";
import { listApplicationNoticeRecipients } from "~/queries/users.server";
import { serverTranslate } from "~/server-lib/messages.server";
import { ENTRY_KINDS, entryKind } from "../entries/registry.server";
import { recordChange } from "../entries/revisions.server";
import { withinMailCaps } from "../mail/caps.server";
import { replyAddress, replyHeaders } from "../mail/reply-to.server";
import type { Services } from "../services.server";
import { NOTICE_FOOTER, NOTICE_SETTINGS_PATH } from "./staff-notices.server";

/** Acknowledgements to one address a day: someone typing another person's address cannot flood their mailbox. */
export const ACKNOWLEDGEMENTS_PER_DAY = 3;

/**
 * The language of a visitor's messages: that of the page (its address) they sent the form from. Staff notices stay
 * English.
 */
export function pageLanguage(page: string | undefined): Language {
  if (!page) return DEFAULT_LANGUAGE;
  try {
    return languageFromPath(new URL(page, "http://localhost").pathname);
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/**
 * Stores an application and, in the same transaction, queues its acknowledgement to the applicant and a notice to
 * each staff member who asked for one. `page` is the address of the form's page: the application keeps its
 * language, and the acknowledgement and the later decision are written in it. Returns the application's id.
 *
 * Nobody has confirmed the applicant's address, so the acknowledgement holds only the site's own words, not even the
 * name typed into the form (decision 054), and goes out within the mail caps: ACKNOWLEDGEMENTS_PER_DAY to one
 * mailbox, and the caps per recipient domain and per client address (`clientIp`).
 */
export async function submitApplication(
  services: Pick<Services, "db" | "mail">,
  input: ApplicationInput,
  page?: string,
  clientIp?: string,
): Promise<string> {
  const { db, mail } = services;
  const lang = pageLanguage(page);
  const t = serverTranslate(lang);
  const values = { siteName: SITE_NAME };
  const [acknowledge, staff, replyTo] = await Promise.all([
    withinMailCaps(services, {
      kind: "application-received",
      to: input.email,
      perMailbox: ACKNOWLEDGEMENTS_PER_DAY,
      windowMs: DAY_MS,
      clientIp,
    }),
    listApplicationNoticeRecipients(db),
    replyAddress(services),
  ]);
  return db.transaction(async (tx) => {
    const id = await createApplication(tx, { ...input, language: lang });
    const messages: Parameters<typeof mail.enqueue>[1][] = [];
    if (acknowledge) {
      messages.push({
        kind: "application-received",
        to: input.email,
        content: {
          lang,
          subject: t("mail.applicationReceived.subject", values),
          paragraphs: [
            t("mail.applicationReceived.greeting"),
            input.applicantType === "educator"
              ? t("mail.applicationReceived.thanksEducator", values)
              : t("mail.applicationReceived.thanksLearner", values),
            t("mail.applicationReceived.next"),
          ],
          // Asking for a reply only when one reaches someone (decision 057).
          after: [replyTo ? t("mail.applicationReceived.notYou") : t("mail.applicationReceived.notYouNoReply")],
        },
        headers: replyHeaders(replyTo),
      });
    }
    for (const member of staff) {
      messages.push({
        kind: "application-notice",
        to: member.email,
        content: {
          subject: `New application: ${input.fullName}`,
          paragraphs: [
            `${input.fullName} applied as ${input.applicantType === "educator" ? "an educator" : "a learner"}${input.organization ? ` (${input.organization})` : ""} from ${input.country}.`,
          ],
          action: { label: "Review the application", url: mail.url("/admin/dashboard/applicants", { id }) },
          footer: { text: NOTICE_FOOTER, link: { label: "Your e-mail notices", url: mail.url(NOTICE_SETTINGS_PATH) } },
        },
      });
    }
    if (messages.length > 0) await mail.enqueue(tx, ...messages);
    return id;
  });
}

/**
 * Moves an application to a new review status; on approval or rejection, unless staff chose not to, queues a message
 * to the applicant in the same transaction (with staff's personal note, if any).
 */
export async function decideApplication(
  services: Pick<Services, "db" | "mail">,
  application: { id: string; fullName: string; email: string; language?: string },
  next: ReviewStatus,
  opts: { notify: boolean; note: string },
): Promise<{ outcome: "ok" | "not-found" | "not-allowed"; notified: boolean }> {
  const { db, mail } = services;
  // Read before the transaction: on the embedded database a read outside it would wait for it to end. An applicant
  // answering the decision reaches staff when a reply address is set (decision 057).
  const replyTo = opts.notify && isDecision(next) ? await replyAddress(services) : null;
  return db.transaction(async (tx) => {
    const outcome = await setApplicationStatus(tx, application.id, next);
    if (outcome !== "ok" || !opts.notify || !isDecision(next)) return { outcome, notified: false };
    const firstName = application.fullName.trim().split(/\s+/)[0] ?? application.fullName;
    const note = opts.note.trim();
    const approved = next === "APPROVED";
    // In the language of the page the application was sent from; staff's own note stays as they wrote it.
    const lang = isLanguage(application.language) ? application.language : DEFAULT_LANGUAGE;
    const t = serverTranslate(lang);
    const values = { siteName: SITE_NAME };
    await mail.enqueue(tx, {
      kind: "application-decision",
      to: application.email,
      content: {
        lang,
        subject: approved
          ? t("mail.applicationDecision.approvedSubject", values)
          : t("mail.applicationDecision.declinedSubject", values),
        paragraphs: [
          t("mail.greeting", { name: firstName }),
          approved ? t("mail.applicationDecision.approved", values) : t("mail.applicationDecision.declined", values),
          ...(note ? [t("mail.applicationDecision.note", { note })] : []),
          approved ? t("mail.applicationDecision.approvedNext") : t("mail.applicationDecision.declinedNext"),
        ],
        action: approved
          ? { label: t("mail.applicationDecision.visit", values), url: mail.url(localizeHref("/", lang)) }
          : undefined,
      },
      headers: replyHeaders(replyTo),
    });
    return { outcome, notified: true };
  });
}

export type MakeEntryOutcome =
  | { ok: true; editPath: string; name: string }
  | { ok: false; status: 400 | 404; message: string };

/**
 * Staff make a draft place or change-maker profile from an application, prefilled with what the applicant told us
 * (organisation, country, region, focus areas, website, what they teach, the applicant as contact); the draft and
 * the application link to each other. Drafts are not public: staff look, then publish.
 */
export async function makeEntryFromApplication(
  services: Pick<Services, "db">,
  user: { id: string; email: string },
  id: string,
  kind: "location" | "change-maker",
): Promise<MakeEntryOutcome> {
  const { db } = services;
  const app = await getApplicationById(db, id);
  if (!app) return { ok: false, status: 404, message: "No application with this id exists." };
  if (kind === "location" ? app.locationId : app.changeMakerId) {
    return { ok: false, status: 400, message: "A draft was already made from this application." };
  }
  const ref = await loadReferenceData(db);
  const region = app.regionId ? ref.regionsById.get(app.regionId) : undefined;
  const focusAreas = app.focusAreas.filter((f) => ref.focusAreasById.has(f));
  let draft: { name: string } & Record<string, unknown>;
  if (kind === "location") {
    const place = ENTRY_KINDS.location;
    const name = await freeName(
      (app.organization || `${app.fullName}'s place`).slice(0, ENTRY_NAME_MAX_LENGTH),
      async (n) => (await place.nameRule.clash(db, n)) !== null,
    );
    draft = place.draft({
      name,
      shortDescription: app.experience.slice(0, 300),
      longDescription: app.experience,
      website: app.website,
      country: app.country,
      regionId: region?.id ?? null,
      regionName: region?.name ?? "",
      contactEmail: app.email,
      focusAreas,
    });
  } else {
    draft = ENTRY_KINDS["change-maker"].draft({
      name: app.fullName,
      role: app.applicantType === "educator" ? "Educator" : "Learner",
      bio: app.experience,
      country: app.country,
      links: app.website ? [{ label: "Website", url: app.website }] : [],
      relatedLocationIds: app.locationId ? [app.locationId] : [],
      focusAreas,
    });
  }
  const entry = entryKind(kind);
  const name = draft.name;
  // The draft, its link to the application, its first revision and the audit entry land together, or none does.
  const entryId = await db.transaction(async (tx) => {
    const created = await entry.create(tx, draft);
    await linkApplicationEntry(tx, app.id, kind === "location" ? { locationId: created } : { changeMakerId: created });
    await recordChange(
      { db: tx },
      {
        revision: { entity: kind, entityId: created, before: null, written: draft },
        audit: {
          user,
          action: "create",
          entity: kind,
          entityId: created,
          summary: `Created the draft ${kind === "location" ? "place" : "profile"} "${name}" from ${app.fullName}'s application`,
        },
      },
    );
    return created;
  });
  return { ok: true, name, editPath: `${entry.admin.edit}/${entryId}` };
}

/** The name itself when free, else the name with " (2)", " (3)"… (place names are unique). */
async function freeName(name: string, taken: (n: string) => Promise<boolean>): Promise<string> {
  if (!(await taken(name))) return name;
  for (let i = 2; i < 100; i++) {
    const next = `${name.slice(0, ENTRY_NAME_MAX_LENGTH - 5)} (${i})`;
    if (!(await taken(next))) return next;
  }
  return `${name.slice(0, ENTRY_NAME_MAX_LENGTH - 10)} ${Date.now().toString(36)}`;
}

/** Queries the screens use as they are (decision 036). */
export {
  countApplicationsByStatus,
  findApplicationFor,
  getApplicationById,
  listApplications,
  REVIEW_TRANSITIONS,
  type ReviewStatus,
  setApplicationNotes,
} from "~/queries/applications.server";
