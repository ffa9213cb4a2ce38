import { SITE_NAME } from "../lib/constants";
import { isDecision, type ReviewStatus } from "../lib/vocabulary";
import { type ApplicationInput, createApplication, setApplicationStatus } from "../queries/applications.server";
import { listApplicationNoticeRecipients } from "../queries/users.server";
import type { Services } from "./services.server";

/** Acknowledgements to one address a day: someone typing another person's address cannot flood their mailbox. */
export const ACKNOWLEDGEMENTS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60_000;

type MailServices = Pick<Services, "db" | "mail">;

/**
 * Stores an application and, in the same transaction, queues its acknowledgement to the applicant and a notice to
 * each staff member who asked for one. Returns the application's id.
 */
export async function submitApplication(services: MailServices, input: ApplicationInput): Promise<string> {
  const { db, mail } = services;
  const [recentAcks, staff] = await Promise.all([
    mail.recentCount(input.email, ["application-received"], DAY_MS),
    listApplicationNoticeRecipients(db),
  ]);
  return db.transaction(async (tx) => {
    const id = await createApplication(tx, input);
    const firstName = input.fullName.trim().split(/\s+/)[0] ?? input.fullName;
    const messages: Parameters<typeof mail.enqueue>[1][] = [];
    if (recentAcks < ACKNOWLEDGEMENTS_PER_DAY) {
      messages.push({
        kind: "application-received",
        to: input.email,
        content: {
          subject: `We have received your application to ${SITE_NAME}`,
          paragraphs: [
            `Dear ${firstName},`,
            `Thank you for applying to join ${SITE_NAME} as ${input.applicantType === "educator" ? "an educator" : "a learner"}. Your application has arrived and is waiting for a member of our team to read it.`,
            "We read every application ourselves, usually within two weeks, and will write to you at this address once we have decided.",
          ],
          after: ["If you did not send this application, reply to let us know and we will delete it."],
        },
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
          footer: {
            text: "You receive this because you asked to hear of new applications. Turn it off on the Applicants screen.",
          },
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
  services: MailServices,
  application: { id: string; fullName: string; email: string },
  next: ReviewStatus,
  opts: { notify: boolean; note: string },
): Promise<{ outcome: "ok" | "not-found" | "not-allowed"; notified: boolean }> {
  const { db, mail } = services;
  return db.transaction(async (tx) => {
    const outcome = await setApplicationStatus(tx, application.id, next);
    if (outcome !== "ok" || !opts.notify || !isDecision(next)) return { outcome, notified: false };
    const firstName = application.fullName.trim().split(/\s+/)[0] ?? application.fullName;
    const note = opts.note.trim();
    const approved = next === "APPROVED";
    await mail.enqueue(tx, {
      kind: "application-decision",
      to: application.email,
      content: {
        subject: approved ? `Your application to ${SITE_NAME} is approved` : `About your application to ${SITE_NAME}`,
        paragraphs: [
          `Dear ${firstName},`,
          approved
            ? `Good news: we have approved your application to ${SITE_NAME}. Welcome to the network!`
            : `Thank you for your interest in ${SITE_NAME}. We have read your application carefully and are not able to accept it at this time.`,
          ...(note ? [`A note from our team: ${note}`] : []),
          approved
            ? "You can explore places, programs and people in the directory at any time."
            : "You are welcome to apply again when your plans change.",
        ],
        action: approved ? { label: `Visit ${SITE_NAME}`, url: mail.url("/") } : undefined,
      },
    });
    return { outcome, notified: true };
  });
}
