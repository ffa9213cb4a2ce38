import { and, count, desc, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import { mailMessages } from "~db/schema";
import { mailboxOf } from "../lib/mailbox";
import type { MailKind, MailStatus } from "../lib/vocabulary";
import { findRowById, updateRowById } from "./rows.server";
import { rowsOf } from "./sql-helpers.server";

export type MailRow = typeof mailMessages.$inferSelect;
export type NewMail = {
  kind: MailKind;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  headers?: Record<string, string>;
  messageId: string;
  status: "queued" | "held";
  expiresAt: Date;
  nextAttemptAt?: Date;
  newsletterIssueId?: string | null;
  dedupeKey?: string | null;
};

/**
 * Adds messages to the outbox, in the transaction of the change that causes them when given one; a message whose
 * dedupe key is already there is skipped. Returns how many were added.
 */
export async function insertMail(db: Executor, messages: NewMail[]): Promise<number> {
  if (messages.length === 0) return 0;
  const rows = await db
    .insert(mailMessages)
    .values(
      messages.map((m) => {
        // Stored beside the address as typed: the caps count mailboxes (decision 054).
        const { mailbox, domain } = mailboxOf(m.toAddress);
        return {
          ...m,
          toMailbox: mailbox,
          toDomain: domain,
          headers: m.headers ?? {},
          nextAttemptAt: m.nextAttemptAt ?? new Date(),
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: mailMessages.id });
  return rows.length;
}

/**
 * Claims up to `limit` due messages for one worker: queued ones whose time has come, and ones left "sending" by a
 * worker whose claim ran out (it died mid-send). Rows another worker is claiming are skipped, so with several
 * instances on one database each message is claimed by one.
 */
export async function claimDueMail(
  db: Executor,
  opts: { limit: number; leaseMs: number; newsletter: boolean },
): Promise<MailRow[]> {
  // Mail to a whole list (a newsletter issue, a new episode) is paced; everything else goes first (decision 057).
  const kindCond = opts.newsletter
    ? sql`kind IN ('newsletter-issue', 'podcast-episode')`
    : sql`kind NOT IN ('newsletter-issue', 'podcast-episode')`;
  const result = await db.execute(sql`
    UPDATE mail_messages SET status = 'sending', attempts = attempts + 1,
      locked_until = now() + ${`${opts.leaseMs} milliseconds`}::interval
    WHERE id IN (
      SELECT id FROM mail_messages
      WHERE ((status = 'queued' AND next_attempt_at <= now()) OR (status = 'sending' AND locked_until < now()))
        AND ${kindCond}
      ORDER BY next_attempt_at
      LIMIT ${opts.limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING *`);
  const rows = rowsOf(result);
  return rows.map(fromRaw);
}

/** Raw rows (from db.execute) use column names; this maps them to the table's field names. */
function fromRaw(r: Record<string, unknown>): MailRow {
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return {
    id: String(r.id),
    kind: r.kind as MailKind,
    toAddress: String(r.to_address),
    toMailbox: String(r.to_mailbox),
    toDomain: String(r.to_domain),
    subject: String(r.subject),
    textBody: String(r.text_body),
    htmlBody: String(r.html_body),
    headers: (typeof r.headers === "string" ? JSON.parse(r.headers) : (r.headers ?? {})) as Record<string, string>,
    messageId: String(r.message_id),
    status: r.status as MailStatus,
    attempts: Number(r.attempts),
    nextAttemptAt: date(r.next_attempt_at) as Date,
    lockedUntil: date(r.locked_until),
    lastError: (r.last_error as string | null) ?? null,
    expiresAt: date(r.expires_at) as Date,
    sentAt: date(r.sent_at),
    newsletterIssueId: (r.newsletter_issue_id as string | null) ?? null,
    dedupeKey: (r.dedupe_key as string | null) ?? null,
    createdAt: date(r.created_at) as Date,
  };
}

export async function markMailSent(db: Executor, id: string): Promise<void> {
  await db
    .update(mailMessages)
    .set({ status: "sent", sentAt: new Date(), lockedUntil: null, lastError: null })
    .where(eq(mailMessages.id, id));
}

/** A temporary failure: try again at `at`. */
export async function markMailRetry(db: Executor, id: string, error: string, at: Date): Promise<void> {
  await db
    .update(mailMessages)
    .set({ status: "queued", nextAttemptAt: at, lockedUntil: null, lastError: error })
    .where(eq(mailMessages.id, id));
}

export async function markMailFailed(db: Executor, id: string, error: string): Promise<void> {
  await db
    .update(mailMessages)
    .set({ status: "failed", lockedUntil: null, lastError: error })
    .where(eq(mailMessages.id, id));
}

/** Staff retry a failed message: queued again now, with a new day to get through. */
export function retryFailedMail(db: Executor, id: string, expiresAt: Date): Promise<boolean> {
  return updateRowById(
    db,
    mailMessages,
    id,
    { status: "queued", nextAttemptAt: new Date(), expiresAt, lockedUntil: null },
    eq(mailMessages.status, "failed"),
  );
}

export function getMail(db: Executor, id: string): Promise<MailRow | null> {
  return findRowById(db, mailMessages, id);
}

export type MailListFilter = { status?: MailStatus; kind?: MailKind; to?: string };

function listWhere(f: MailListFilter) {
  const conds = [];
  if (f.status) conds.push(eq(mailMessages.status, f.status));
  if (f.kind) conds.push(eq(mailMessages.kind, f.kind));
  if (f.to) conds.push(sql`lower(${mailMessages.toAddress}) = lower(${f.to})`);
  return conds.length ? and(...conds) : undefined;
}

/** The Outbox list, newest first, without the bodies. */
export function listMail(db: Executor, f: MailListFilter, page: { limit: number; offset: number }) {
  return db
    .select({
      id: mailMessages.id,
      kind: mailMessages.kind,
      toAddress: mailMessages.toAddress,
      subject: mailMessages.subject,
      status: mailMessages.status,
      attempts: mailMessages.attempts,
      lastError: mailMessages.lastError,
      createdAt: mailMessages.createdAt,
      sentAt: mailMessages.sentAt,
      nextAttemptAt: mailMessages.nextAttemptAt,
    })
    .from(mailMessages)
    .where(listWhere(f))
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countMail(db: Executor, f: MailListFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mailMessages).where(listWhere(f));
  return Number(row?.n ?? 0);
}

/** How many messages of an issue are in each state. */
export async function mailCountsForIssue(db: Executor, issueId: string): Promise<Record<MailStatus, number>> {
  const rows = await db
    .select({ status: mailMessages.status, n: count() })
    .from(mailMessages)
    .where(eq(mailMessages.newsletterIssueId, issueId))
    .groupBy(mailMessages.status);
  const out: Record<MailStatus, number> = { queued: 0, sending: 0, sent: 0, failed: 0, held: 0 };
  for (const r of rows) out[r.status] = Number(r.n);
  return out;
}

/** Messages of some kinds sent (or queued) to one address's mailbox since a time: the per-recipient limit. */
export async function countRecentMailTo(db: Executor, to: string, kinds: MailKind[], since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.toMailbox, mailboxOf(to).mailbox),
        inArray(mailMessages.kind, kinds),
        gte(mailMessages.createdAt, since),
      ),
    );
  return Number(row?.n ?? 0);
}

export type RecentMailCounts = { mailbox: number; domain: number };

/**
 * Two counts in one statement, each read from its own index (mailbox or domain, kind, time): the messages of some
 * kinds to one mailbox since a time, and those of other kinds to a whole domain since another.
 */
export async function countRecentMail(
  db: Executor,
  mailbox: { mailbox: string; kinds: readonly MailKind[]; since: Date },
  domain: { domain: string; kinds: readonly MailKind[]; since: Date },
): Promise<RecentMailCounts> {
  const toMailbox = and(
    eq(mailMessages.toMailbox, mailbox.mailbox),
    inArray(mailMessages.kind, [...mailbox.kinds]),
    gte(mailMessages.createdAt, mailbox.since),
  );
  const toDomain = and(
    eq(mailMessages.toDomain, domain.domain),
    inArray(mailMessages.kind, [...domain.kinds]),
    gte(mailMessages.createdAt, domain.since),
  );
  const [row] = await db
    .select({
      mailbox: sql<number>`count(*) filter (where ${toMailbox})`.mapWith(Number),
      domain: sql<number>`count(*) filter (where ${toDomain})`.mapWith(Number),
    })
    .from(mailMessages)
    .where(sql`(${toMailbox}) or (${toDomain})`);
  return { mailbox: row?.mailbox ?? 0, domain: row?.domain ?? 0 };
}

/**
 * Deletes messages done with (sent, kept without a mail server, or given up) queued before `before`, a batch at a
 * time so no statement holds the table long; messages still to send are never touched. Newsletter issues' messages
 * stay: they are each issue's delivery record. Returns how many were deleted.
 */
export async function pruneMail(db: Executor, before: Date, batch = 5000): Promise<number> {
  let deleted = 0;
  for (;;) {
    const old = db
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(
        and(
          lt(mailMessages.createdAt, before),
          inArray(mailMessages.status, ["sent", "held", "failed"]),
          ne(mailMessages.kind, "newsletter-issue"),
        ),
      )
      .limit(batch);
    const rows = await db.delete(mailMessages).where(inArray(mailMessages.id, old)).returning({ id: mailMessages.id });
    deleted += rows.length;
    if (rows.length < batch) return deleted;
  }
}

/** How many messages are in each state, optionally of one kind (the Outbox's tabs). */
export async function mailStatusCounts(db: Executor, kind?: MailKind): Promise<Record<MailStatus, number>> {
  const rows = await db
    .select({ status: mailMessages.status, n: count() })
    .from(mailMessages)
    .where(kind ? eq(mailMessages.kind, kind) : undefined)
    .groupBy(mailMessages.status);
  const out: Record<MailStatus, number> = { queued: 0, sending: 0, sent: 0, failed: 0, held: 0 };
  for (const r of rows) out[r.status] = Number(r.n);
  return out;
}
