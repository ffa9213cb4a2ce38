import { MAIL_KINDS, MAIL_STATUSES, type MailKind, type MailStatus } from "~/lib/vocabulary";
import { z } from "~/lib/zod";
import { countMail, getMail, listMail, mailStatusCounts } from "~/queries/mail.server";
import type { Services } from "../services.server";

export const OUTBOX_PAGE_SIZE = 50;

const FilterSchema = z.object({
  status: z.enum(MAIL_STATUSES).optional().catch(undefined),
  kind: z.enum(MAIL_KINDS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export type OutboxFilter = { status?: MailStatus; kind?: MailKind; page: number };

/** The Outbox's filters from its address; anything unknown is ignored rather than an error. */
export function readOutboxFilter(params: URLSearchParams): OutboxFilter {
  return FilterSchema.parse({
    status: params.get("status") || undefined,
    kind: params.get("kind") || undefined,
    page: params.get("page") ?? 1,
  });
}

/** Every absolute link in a message's text, once each, in order (the Outbox lists them so they can be followed). */
export function linksIn(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [];
  return [...new Set(found.map((l) => l.replace(/[.,;:!?]+$/, "")))];
}

/** One page of the outbox, newest first, with how many messages are in each state. */
export async function loadOutbox(services: Pick<Services, "db">, f: OutboxFilter) {
  const { db } = services;
  const where = { status: f.status, kind: f.kind };
  const [rows, total, counts] = await Promise.all([
    listMail(db, where, { limit: OUTBOX_PAGE_SIZE, offset: (f.page - 1) * OUTBOX_PAGE_SIZE }),
    countMail(db, where),
    mailStatusCounts(db, f.kind),
  ]);
  return { rows, total, counts };
}

/** One message as the Outbox shows it: headers, both parts and the links it carries; null when unknown. */
export async function loadOutboxMessage(services: Pick<Services, "db">, id: string) {
  const m = await getMail(services.db, id);
  if (!m) return null;
  return {
    id: m.id,
    kind: m.kind,
    status: m.status,
    to: m.toAddress,
    subject: m.subject,
    messageId: m.messageId,
    headers: m.headers,
    attempts: m.attempts,
    lastError: m.lastError,
    createdAt: m.createdAt.toISOString(),
    sentAt: m.sentAt?.toISOString() ?? null,
    nextAttemptAt: m.nextAttemptAt.toISOString(),
    text: m.textBody,
    html: m.htmlBody,
    links: linksIn(m.textBody),
  };
}
