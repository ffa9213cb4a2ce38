import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import pino from "pino";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import { Mailer, type MailerOptions } from "~/services/mail/mailer.server";

export type ReceivedMail = ParsedMail & { envelopeTo: string[]; raw: string };

export type TestSmtpServer = {
  url: string;
  port: number;
  /** Every message accepted, parsed, in arrival order. */
  received: ReceivedMail[];
  /** Decide per message: undefined accepts, a number refuses with that SMTP reply code (4xx temporary, 5xx not). */
  refuse: ((to: string[], count: number) => number | undefined) | null;
  /** Waits until `n` messages have arrived (or throws after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
};

/**
 * A real SMTP server (the smtp-server package) on a free local port, parsing what arrives with mailparser. No TLS
 * and no authentication: the mailer under test connects with smtp://127.0.0.1:<port>.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let seen = 0;
  const state: TestSmtpServer = {
    url: "",
    port: 0,
    received,
    refuse: null,
    async waitFor(n, timeoutMs = 10_000) {
      const start = Date.now();
      while (received.length < n) {
        if (Date.now() - start > timeoutMs) throw new Error(`expected ${n} messages, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    close: async () => {},
  };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    disableReverseLookup: true,
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (err?: Error | null) => void) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const code = state.refuse?.(to, ++seen);
        if (code) {
          const err = new Error(code >= 500 ? "Mailbox unavailable" : "Try again later") as Error & {
            responseCode: number;
          };
          err.responseCode = code;
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw)
          .then((parsed) => {
            received.push(Object.assign(parsed, { envelopeTo: to, raw }));
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  // A client that dies mid-conversation (the crash test kills one) resets its connection: not the server's failure.
  server.on("error", () => {});
  // Replies go out at once (no Nagle delay waiting for the client's delayed ACK: 40 ms per command otherwise).
  server.server.on("connection", (socket: import("node:net").Socket) => socket.setNoDelay(true));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  state.port = port;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/**
 * A mailer for tests: the site's real Mailer on the test database, quiet logs, a high send rate, and (with
 * `smtpUrl`) the test SMTP server. Options override the defaults.
 */
export function testMailer(db: MailerOptions["db"], options: Partial<MailerOptions> = {}): Mailer {
  return new Mailer({
    db,
    logger: pino({ level: "silent" }),
    siteUrl: "https://permaculture.example.org",
    from: "Permaculture Network <hello@permaculture.example.org>",
    smtpUrl: null,
    sendRate: 100,
    ...options,
  });
}

/**
 * Hands every queued message to the SMTP server (after the work queued once a request had its answer, such as a
 * sign-up's confirmation) and returns the one that reached `to`.
 */
export async function deliveredTo(mail: Mailer, smtp: TestSmtpServer, to: string): Promise<ReceivedMail> {
  await mail.settled();
  await mail.runOnce();
  for (let i = 0; i < 100; i++) {
    const found = smtp.received.find((m) => m.envelopeTo.includes(to));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no message to ${to}`);
}

/** The first link in a message's text that starts with this address. */
export function linkIn(text: string | undefined, prefix: string): string {
  const found = text?.match(new RegExp(`${prefix.replace(/[.?/]/g, "\\$&")}\\S+`))?.[0];
  if (!found) throw new Error(`no ${prefix} link in: ${text}`);
  return found;
}
