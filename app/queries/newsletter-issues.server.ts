import { and, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import { mailMessages, newsletterIssues } from "~db/schema";
import type { EntryTranslations } from "../lib/i18n/entry-translations";
import { isUuid } from "../lib/ids";
import { deleteRowById, findRowById, updateRowById } from "./rows.server";

export type IssueRow = typeof newsletterIssues.$inferSelect;

/** Only a draft may still be changed or deleted (sending has not begun). */
const isDraft = eq(newsletterIssues.status, "draft");

export async function createIssue(
  db: Executor,
  input: { subject: string; body: string; createdBy: string | null },
): Promise<string> {
  const [row] = await db.insert(newsletterIssues).values(input).returning({ id: newsletterIssues.id });
  if (!row) throw new Error("newsletter issue not created");
  return row.id;
}

export function getIssue(db: Executor, id: string): Promise<IssueRow | null> {
  return findRowById(db, newsletterIssues, id);
}

/** Saves a draft; false when the issue is no longer a draft (sending has begun) or does not exist. */
export function updateDraft(
  db: Executor,
  id: string,
  input: { subject: string; body: string; language?: string; translations?: EntryTranslations },
): Promise<boolean> {
  return updateRowById(db, newsletterIssues, id, { ...input, updatedAt: new Date() }, isDraft);
}

export function deleteDraft(db: Executor, id: string): Promise<boolean> {
  return deleteRowById(db, newsletterIssues, id, isDraft);
}

/** Issues, newest first, with how many of each issue's messages are sent, failed or still to go. */
export async function listIssues(db: Executor) {
  const rows = await db
    .select({
      id: newsletterIssues.id,
      subject: newsletterIssues.subject,
      status: newsletterIssues.status,
      recipients: newsletterIssues.recipients,
      createdAt: newsletterIssues.createdAt,
      sendStartedAt: newsletterIssues.sendStartedAt,
      sentAt: newsletterIssues.sentAt,
      sent: sql<number>`count(${mailMessages.id}) filter (where ${mailMessages.status} = 'sent')`.mapWith(Number),
      failed: sql<number>`count(${mailMessages.id}) filter (where ${mailMessages.status} = 'failed')`.mapWith(Number),
    })
    .from(newsletterIssues)
    .leftJoin(mailMessages, eq(mailMessages.newsletterIssueId, newsletterIssues.id))
    .groupBy(newsletterIssues.id)
    .orderBy(desc(newsletterIssues.createdAt));
  return rows;
}

/** Moves a draft to "sending" (locked, so two admins pressing Send at once send it once); false if not a draft. */
export async function beginSending(db: Executor, id: string, recipients: number): Promise<boolean> {
  const rows = await db
    .update(newsletterIssues)
    .set({ status: "sending", sendStartedAt: new Date(), recipients, updatedAt: new Date() })
    .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, "draft")))
    .returning({ id: newsletterIssues.id });
  return rows.length > 0;
}

/** Locks a draft's row for the rest of the transaction (null when it is not a draft). */
export async function lockDraft(db: Executor, id: string): Promise<IssueRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, "draft")))
    .for("update");
  return row ?? null;
}

/** Marks a sending issue as sent once none of its messages is queued or being sent. */
export async function finishIfDone(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(newsletterIssues)
    .set({ status: "sent", sentAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(newsletterIssues.id, id),
        eq(newsletterIssues.status, "sending"),
        sql`not exists (select 1 from ${mailMessages} where ${mailMessages.newsletterIssueId} = ${id}
          and ${mailMessages.status} in ('queued', 'sending'))`,
      ),
    )
    .returning({ id: newsletterIssues.id });
  return rows.length > 0;
}
