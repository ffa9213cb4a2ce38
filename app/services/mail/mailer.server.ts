import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { MailKind } from "~/lib/vocabulary";
import {
  claimDueMail,
  countRecentMailTo,
  insertMail,
  type MailRow,
  markMailFailed,
  markMailRetry,
  markMailSent,
  type NewMail,
  retryFailedMail,
} from "~/queries/mail.server";
import type { Database } from "~db/client";
import { type ComposedMail, composeMail, type MailContent } from "./compose.server";
import { type MailTransport, smtpTransport } from "./transport.server";

/** How long after a request's answer the work it left for later starts (`Mailer.afterAnswer`). */
export const AFTER_ANSWER_MS = 50;

/** A message is given up a day after it was queued. */
export const MAIL_GIVE_UP_MS = 24 * 60 * 60_000;

export type MailerOptions = {
  db: Database;
  logger: Logger;
  siteUrl: string;
  from: string;
  /** null: no mail server, messages are kept in the Outbox. */
  smtpUrl: string | null;
  /** Newsletter messages per second (per instance). */
  sendRate: number;
  /** MAIL_REPLY_TO: where replies to the messages that ask for them go (decision 057); null when not set. */
  replyTo?: string | null;
  /** A transport other than SMTP_URL's (tests). */
  transport?: MailTransport | null;
  /** First retry delay after a temporary failure; doubled each time, at most an hour. */
  retryBaseMs?: number;
  /** How long a claimed message is a worker's before another may take it over. */
  leaseMs?: number;
  /** How often the worker looks for due messages. */
  pollMs?: number;
};

export type Outgoing = {
  kind: MailKind;
  to: string;
  content: MailContent;
  headers?: Record<string, string>;
  newsletterIssueId?: string | null;
  dedupeKey?: string | null;
};

/**
 * E-mail for the whole site (decision 014). `enqueue` writes messages into the outbox table, in the caller's
 * transaction when given one, so a message exists exactly when the change that causes it was stored. A worker in
 * every server instance claims due messages (row locks: each is claimed by one instance) and hands them to the mail
 * server, retrying temporary failures with exponential backoff for a day. Without SMTP_URL, messages are stored as
 * "held" and never sent: the admin Outbox shows them with their links.
 */
export class Mailer {
  readonly sending: boolean;
  readonly siteUrl: string;
  /** MAIL_REPLY_TO, when set: it wins over the contact e-mail of Site settings (`replyAddress`). */
  readonly replyTo: string | null;
  private readonly db: Database;
  private readonly logger: Logger;
  private readonly from: string;
  private readonly domain: string;
  private readonly transport: MailTransport | null;
  private readonly sendRate: number;
  private readonly retryBaseMs: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly later = new Set<Promise<void>>();
  /** The work handed to `afterAnswer` last: the next piece starts after it (it never rejects). */
  private lastLater: Promise<void> = Promise.resolve();

  constructor(o: MailerOptions) {
    this.db = o.db;
    this.logger = o.logger;
    this.siteUrl = o.siteUrl.replace(/\/+$/, "");
    this.from = o.from;
    this.replyTo = o.replyTo ?? null;
    this.domain = new URL(this.siteUrl).hostname;
    this.transport = o.transport !== undefined ? o.transport : o.smtpUrl ? smtpTransport(o.smtpUrl) : null;
    this.sending = this.transport !== null;
    this.sendRate = Math.max(1, o.sendRate);
    this.retryBaseMs = o.retryBaseMs ?? 60_000;
    this.leaseMs = o.leaseMs ?? 5 * 60_000;
    this.pollMs = o.pollMs ?? 1000;
  }

  /** An absolute link on SITE_URL. */
  url(path: string, params: Record<string, string> = {}): string {
    const u = new URL(path, `${this.siteUrl}/`);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    return u.toString();
  }

  compose(content: MailContent): ComposedMail {
    return composeMail(content);
  }

  /** The rows for messages, composed, ready to insert (several at once for a newsletter). */
  rows(messages: Outgoing[]): NewMail[] {
    const now = Date.now();
    return messages.map((m) => {
      const composed = composeMail(m.content);
      return {
        kind: m.kind,
        toAddress: m.to,
        subject: composed.subject,
        textBody: composed.text,
        htmlBody: composed.html,
        headers: m.headers ?? {},
        messageId: `<${randomUUID()}@${this.domain}>`,
        status: this.sending ? "queued" : "held",
        expiresAt: new Date(now + MAIL_GIVE_UP_MS),
        newsletterIssueId: m.newsletterIssueId ?? null,
        dedupeKey: m.dedupeKey ?? null,
      };
    });
  }

  /** Queues messages (in `db`, which may be the transaction of the change that causes them). */
  async enqueue(db: Database, ...messages: Outgoing[]): Promise<number> {
    const added = await insertMail(db, this.rows(messages));
    this.kick();
    return added;
  }

  /** Queues prepared rows in batches (a newsletter to every subscriber). */
  async enqueueRows(db: Database, rows: NewMail[]): Promise<number> {
    let added = 0;
    for (let i = 0; i < rows.length; i += 500) added += await insertMail(db, rows.slice(i, i + 500));
    this.kick();
    return added;
  }

  /** Queues a failed message again, with a fresh day before it is given up. False when it is not failed. */
  async retry(id: string): Promise<boolean> {
    const again = await retryFailedMail(this.db, id, new Date(Date.now() + MAIL_GIVE_UP_MS));
    if (again) this.kick();
    return again;
  }

  /** How many messages of these kinds went to an address's mailbox within a window (limits against mail bombing). */
  recentCount(to: string, kinds: MailKind[], windowMs: number): Promise<number> {
    return countRecentMailTo(this.db, to, kinds, new Date(Date.now() - windowMs));
  }

  /**
   * Runs `work` (looking an address up, queueing its message) after the current request has its answer, so the
   * answer takes the same time whether the address is known or not (decision 054). It starts AFTER_ANSWER_MS later,
   * once the answer's page is rendered and sent (work started at once would run between the render's steps and
   * still slow the answer by part of its cost, about a millisecond measured); a failure is logged, never thrown: the
   * visitor's answer does not depend on it. `stop` waits for the work in hand.
   *
   * The work runs one piece at a time on this instance: each checks the mail caps and then queues its message, and
   * two run side by side (on Postgres, over two pooled connections) would both see the count before either queued,
   * letting a burst of sign-ups for one mailbox past its cap.
   */
  afterAnswer(label: string, work: () => Promise<unknown>): void {
    const delay = new Promise<void>((resolve) => setTimeout(resolve, AFTER_ANSWER_MS));
    const task = Promise.all([delay, this.lastLater])
      .then(work)
      .then(
        () => undefined,
        (err: unknown) => this.logger.error({ err, task: label }, "mail work after the answer failed"),
      )
      .finally(() => this.later.delete(task));
    this.later.add(task);
    this.lastLater = task;
  }

  /** Resolves once the work handed to `afterAnswer` so far is done (and any it started). */
  async settled(): Promise<void> {
    while (this.later.size > 0) await Promise.all([...this.later]);
  }

  /** Starts the worker (no-op without a mail server). */
  start(): void {
    if (!this.transport || this.timer) return;
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops the worker after the message in hand, and closes the connections. */
  async stop(): Promise<void> {
    // Messages being queued after an answer are stored before the database closes.
    await this.settled();
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    this.transport?.close();
  }

  /** Once started: look for due messages now (after an enqueue), or as soon as the current round ends. */
  kick(): void {
    if (!this.transport || this.stopped || !this.timer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        const sent = await this.runOnce();
        if (sent > 0) this.again = true;
      } catch (err) {
        this.logger.warn({ err }, "mail worker round failed");
        return;
      }
    } while (this.again && !this.stopped);
  }

  /**
   * One round: the due transactional messages, then at most a second's worth of newsletter messages (the send
   * rate), paced over that second. Returns how many were handed over or settled.
   */
  async runOnce(): Promise<number> {
    if (!this.transport) return 0;
    let handled = 0;
    const urgent = await claimDueMail(this.db, { limit: 20, leaseMs: this.leaseMs, newsletter: false });
    for (const m of urgent) {
      await this.deliver(m);
      handled++;
    }
    if (this.stopped) return handled;
    const started = Date.now();
    const batch = await claimDueMail(this.db, { limit: this.sendRate, leaseMs: this.leaseMs, newsletter: true });
    for (const m of batch) {
      if (this.stopped) break;
      await this.deliver(m);
      handled++;
    }
    if (batch.length === this.sendRate) {
      const rest = 1000 - (Date.now() - started);
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
    }
    return handled;
  }

  private async deliver(m: MailRow): Promise<void> {
    const transport = this.transport;
    if (!transport) return;
    const outcome = await transport.send({
      from: this.from,
      to: m.toAddress,
      subject: m.subject,
      text: m.textBody,
      html: m.htmlBody,
      messageId: m.messageId,
      date: m.createdAt,
      headers: m.headers,
    });
    if (outcome.ok) {
      await markMailSent(this.db, m.id);
      return;
    }
    if (outcome.permanent) {
      await markMailFailed(this.db, m.id, outcome.error);
      this.logger.warn({ id: m.id, kind: m.kind, error: outcome.error }, "mail refused");
      return;
    }
    const delay = Math.min(this.retryBaseMs * 2 ** Math.max(0, m.attempts - 1), 60 * 60_000);
    const at = new Date(Date.now() + delay);
    if (at > m.expiresAt) {
      await markMailFailed(this.db, m.id, `Gave up after a day: ${outcome.error}`);
      this.logger.warn({ id: m.id, kind: m.kind, error: outcome.error }, "mail given up");
    } else {
      await markMailRetry(this.db, m.id, outcome.error, at);
    }
  }
}
