import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getMail, listMail } from "~/queries/mail.server";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { startTestSmtpServer, type TestSmtpServer } from "~tests/helpers/smtp";
import { Mailer } from "./mailer.server";

let smtp: TestSmtpServer;
const mailers: Mailer[] = [];

function mailer(opts: Partial<ConstructorParameters<typeof Mailer>[0]> = {}) {
  const m = new Mailer({
    db: t.db,
    logger: pino({ level: "silent" }),
    siteUrl: "https://permaculture.example.org",
    from: "Permaculture Network <hello@permaculture.example.org>",
    smtpUrl: smtp.url,
    sendRate: 50,
    retryBaseMs: 20,
    ...opts,
  });
  mailers.push(m);
  return m;
}

const content = (n: number) => ({
  subject: `Hello ${n}`,
  paragraphs: ["A first paragraph.", "A second <one> & more."],
  action: { label: "Open the site", url: "https://permaculture.example.org/x?a=1&b=2" },
});

const t = testDatabaseForFile({ reference: false });

beforeAll(async () => {
  smtp = await startTestSmtpServer();
});

afterEach(async () => {
  for (const m of mailers.splice(0)) await m.stop();
  smtp.refuse = null;
  smtp.received.length = 0;
});

afterAll(async () => {
  await smtp.close();
});

describe(`the mail worker (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("hands a queued message to the mail server, with a text and an HTML part, a Date and a Message-ID on the site's domain", async () => {
    const m = mailer();
    await m.enqueue(t.db, { kind: "application-received", to: "ada@example.org", content: content(1) });
    await m.runOnce();
    const [mail] = await smtp.waitFor(1);
    expect(mail?.envelopeTo).toEqual(["ada@example.org"]);
    expect(mail?.subject).toBe("Hello 1");
    expect(mail?.from?.text).toBe('"Permaculture Network" <hello@permaculture.example.org>');
    expect(mail?.messageId).toMatch(/^<[0-9a-f-]{36}@permaculture\.example\.org>$/);
    expect(mail?.date).toBeInstanceOf(Date);
    expect(mail?.text).toContain("A second <one> & more.");
    expect(mail?.text).toContain("https://permaculture.example.org/x?a=1&b=2");
    expect(mail?.html).toContain("A second &#60;one&#62; &#38; more.");
    expect(mail?.html).toContain('href="https://permaculture.example.org/x?a=1&#38;b=2"');
    const [row] = await listMail(t.db, { to: "ada@example.org" }, { limit: 5, offset: 0 });
    expect(row?.status).toBe("sent");
  });

  it("retries a temporary refusal with backoff until it is accepted; a permanent one is not retried", async () => {
    const m = mailer();
    let tries = 0;
    smtp.refuse = (to) =>
      to[0] === "busy@example.org" && ++tries <= 2 ? 451 : to[0] === "gone@example.org" ? 550 : undefined;
    await m.enqueue(
      t.db,
      { kind: "application-received", to: "busy@example.org", content: content(2) },
      { kind: "application-received", to: "gone@example.org", content: content(3) },
    );
    m.start();
    await smtp.waitFor(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.map((r) => r.envelopeTo[0])).toEqual(["busy@example.org"]);
    const [busy] = await listMail(t.db, { to: "busy@example.org" }, { limit: 1, offset: 0 });
    expect(busy).toMatchObject({ status: "sent", attempts: 3 });
    const [gone] = await listMail(t.db, { to: "gone@example.org" }, { limit: 1, offset: 0 });
    expect(gone).toMatchObject({ status: "failed", attempts: 1 });
    expect(gone?.lastError).toContain("Mailbox unavailable");
  });

  it("gives up on a message still refused a day after it was queued", async () => {
    const m = mailer();
    smtp.refuse = () => 421;
    await m.enqueue(t.db, { kind: "application-received", to: "late@example.org", content: content(4) });
    const [row] = await listMail(t.db, { to: "late@example.org" }, { limit: 1, offset: 0 });
    // A day has passed since it was queued.
    await t.db.execute(`UPDATE mail_messages SET expires_at = now() WHERE id = '${row?.id}'`);
    await m.runOnce();
    const after = await getMail(t.db, row?.id ?? "");
    expect(after?.status).toBe("failed");
    expect(after?.lastError).toMatch(/^Gave up after a day/);
  });

  it("keeps messages in the database when no mail server is configured", async () => {
    const m = mailer({ smtpUrl: null });
    expect(m.sending).toBe(false);
    await m.enqueue(t.db, { kind: "application-received", to: "kept@example.org", content: content(5) });
    await m.runOnce();
    const [row] = await listMail(t.db, { to: "kept@example.org" }, { limit: 1, offset: 0 });
    expect(row?.status).toBe("held");
    expect(smtp.received).toHaveLength(0);
  });

  it("sends each message once when two instances share the database", async () => {
    const a = mailer();
    const b = mailer();
    const to = Array.from({ length: 30 }, (_, i) => `pair${i}@example.org`);
    await a.enqueue(
      t.db,
      ...to.map((addr, i) => ({ kind: "application-received" as const, to: addr, content: content(i) })),
    );
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    await smtp.waitFor(30);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received.map((r) => r.envelopeTo[0]).sort()).toEqual([...to].sort());
  });

  it("cleans line breaks out of a subject (no header injection)", async () => {
    const m = mailer();
    await m.enqueue(t.db, {
      kind: "application-received",
      to: "crlf@example.org",
      content: { subject: "Hi\r\nBcc: victim@example.org", paragraphs: ["x"] },
    });
    await m.runOnce();
    const [mail] = await smtp.waitFor(1);
    expect(mail?.subject).toBe("Hi Bcc: victim@example.org");
    expect(mail?.bcc).toBeUndefined();
    expect(mail?.envelopeTo).toEqual(["crlf@example.org"]);
  });
});
