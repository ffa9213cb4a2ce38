// E-mail figures: the worker's send rate to a local SMTP server (smtp-server, parsing each message) with
// MAIL_SEND_RATE high and at its default of 10/s, and what queueing the confirmation message adds to a newsletter
// sign-up (p50/p95 of the sign-up with its message vs storing the sign-up alone), on the embedded database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pino from "pino";
import { recordSignUp } from "~/queries/newsletter.server";
import { createIssue, getIssue } from "~/queries/newsletter-issues.server";
import { Mailer } from "~/services/mail/mailer.server";
import { newNonce } from "~/services/mail/tokens.server";
import { issueProgress, sendIssue } from "~/services/newsletter/newsletter-issues.server";
import { requestSubscription } from "~/services/newsletter/subscription-links.server";
import { openPglite } from "~db/client";
import { startTestSmtpServer } from "~tests/helpers/smtp";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-mail-"));
const handle = await openPglite(path.join(dataDir, "pglite"));
await handle.migrate();
const db = handle.db;
const smtp = await startTestSmtpServer();
const config = { siteUrl: "https://permaculture.example.org", authSecret: "b".repeat(40) };
const logger = pino({ level: "silent" });
const mailer = (sendRate: number, smtpUrl: string | null) =>
  new Mailer({
    db,
    logger,
    siteUrl: config.siteUrl,
    from: "Bench <bench@permaculture.example.org>",
    smtpUrl,
    sendRate,
  });

let enqueueMs = 0;
async function sendRate(subscribers: number, rate: number, offset: number): Promise<number> {
  const values = Array.from(
    { length: subscribers },
    (_, i) => sql`(${`bench${offset + i}@example.org`}, 'bench', now(), now())`,
  );
  await db.execute(sql`DELETE FROM newsletter_subscriptions`);
  await db.execute(
    sql`INSERT INTO newsletter_subscriptions (email, source, timestamp, confirmed_at) VALUES ${sql.join(values, sql`, `)}`,
  );
  const mail = mailer(rate, smtp.url);
  const id = await createIssue(db, { subject: "Bench issue", body: "# Hello\n\nA short issue.", createdBy: null });
  const queued = performance.now();
  await sendIssue({ db, mail, config } as never, id);
  enqueueMs = performance.now() - queued;
  const before = smtp.received.length;
  const t = performance.now();
  for (;;) {
    const issue = await getIssue(db, id);
    if (!issue || (await issueProgress({ db }, issue)).done >= subscribers) break;
    await mail.runOnce();
  }
  const seconds = (performance.now() - t) / 1000;
  await mail.stop();
  return (smtp.received.length - before) / seconds;
}

const fast = await sendRate(2000, 1000, 0);
console.log(`send rate, MAIL_SEND_RATE=1000: ${fast.toFixed(0)} messages/s (2,000 newsletter messages to smtp-server)`);
console.log(`queueing an issue for 2,000 subscribers (one transaction): ${enqueueMs.toFixed(0)} ms`);
const throttled = await sendRate(60, 10, 10_000);
console.log(
  `send rate, MAIL_SEND_RATE=10 (default): ${throttled.toFixed(1)} messages/s (60 messages; the throttle holds)`,
);

const RUNS = Number(process.env.BENCH_ROUNDS ?? 200);
async function percentiles(fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await fn(-1 - i);
  const xs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn(i);
    xs.push(performance.now() - t);
  }
  xs.sort((a, b) => a - b);
  return { p50: xs[Math.floor(RUNS / 2)] ?? 0, p95: xs[Math.floor(RUNS * 0.95)] ?? 0 };
}
const held = mailer(10, null);
let n = 0;
const alone = await percentiles(() => recordSignUp(db, `alone${n++}@example.org`, "bench", newNonce()));
const withMail = await percentiles(() =>
  requestSubscription({ db, mail: held, config } as never, "newsletter", {
    email: `mailed${n++}@example.org`,
    source: "bench",
  }),
);
const f = (x: number) => x.toFixed(2);
console.log(
  `newsletter sign-up: stored alone p50 ${f(alone.p50)} / p95 ${f(alone.p95)} ms; with its confirmation e-mail queued in the same transaction p50 ${f(withMail.p50)} / p95 ${f(withMail.p95)} ms (enqueue cost p50 +${f(withMail.p50 - alone.p50)} ms)`,
);

await smtp.close();
await handle.close();
fs.rmSync(dataDir, { recursive: true, force: true });
