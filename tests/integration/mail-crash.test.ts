import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { createIssue, getIssue } from "~/queries/newsletter-issues.server";
import { Mailer } from "~/services/mail/mailer.server";
import { issueProgress, sendIssue } from "~/services/newsletter/newsletter-issues.server";
import { type DatabaseHandle, openPostgres } from "~db/client";
import { createScratchDatabase } from "../helpers/scratch-postgres";
import { startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp";

const pgUrl = process.env.TEST_DATABASE_URL;
const SUBSCRIBERS = 300;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let handle: DatabaseHandle | undefined;
let smtp: TestSmtpServer | undefined;
let child: ChildProcess | undefined;

afterAll(async () => {
  child?.kill("SIGKILL");
  await handle?.close();
  await smtp?.close();
  await scratch?.drop();
});

// Two processes on one database: the embedded database admits one, so this runs in the Postgres pass.
describe.skipIf(!pgUrl)("a newsletter survives the sending server being killed", () => {
  it("kill -9 mid-send: another worker finishes it; every subscriber gets it, duplicates at most the one in flight", async () => {
    scratch = await createScratchDatabase(pgUrl ?? "", "mailcrash");
    const u = new URL(scratch.url);
    handle = await openPostgres(u.toString());
    await handle.migrate();
    const db = handle.db;
    const values = Array.from(
      { length: SUBSCRIBERS },
      (_, i) => sql`(${`crash${i}@example.org`}, 'test', now(), now())`,
    );
    await db.execute(
      sql`INSERT INTO newsletter_subscriptions (email, source, timestamp, confirmed_at) VALUES ${sql.join(values, sql`, `)}`,
    );
    smtp = await startTestSmtpServer();
    const config = { siteUrl: "https://permaculture.example.org", authSecret: "c".repeat(40) };
    const queueing = new Mailer({
      db,
      logger: pino({ level: "silent" }),
      siteUrl: config.siteUrl,
      from: "Permaculture Network <news@permaculture.example.org>",
      smtpUrl: null,
      sendRate: 50,
    });
    const id = await createIssue(db, { subject: "Crash test", body: "Hello", createdBy: null });
    // Queued as "held" by a mailer without a server would never go out: queue them as the sending server would.
    const services = { db, mail: queueing, config } as unknown as Parameters<typeof sendIssue>[0];
    expect(await sendIssue(services, id)).toEqual({ outcome: "started", recipients: SUBSCRIBERS });
    await db.execute(sql`UPDATE mail_messages SET status = 'queued' WHERE newsletter_issue_id = ${id}`);

    child = spawn(process.execPath, ["--import", "tsx", path.resolve("tests/helpers/mail-worker-child.ts")], {
      env: { ...process.env, DATABASE_URL: u.toString(), SMTP_URL: smtp.url, MAIL_SEND_RATE: "50", LEASE_MS: "1500" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    await smtp.waitFor(80, 60_000);
    child.kill("SIGKILL");
    await new Promise((r) => child?.once("exit", r));
    const atKill = smtp.received.length;
    expect(atKill).toBeLessThan(SUBSCRIBERS);

    // The restarted server: its worker takes over the unfinished messages once their claims lapse.
    const restarted = new Mailer({
      db,
      logger: pino({ level: "silent" }),
      siteUrl: config.siteUrl,
      from: "Permaculture Network <news@permaculture.example.org>",
      smtpUrl: smtp.url,
      sendRate: 500,
    });
    for (let round = 0; round < 100; round++) {
      const issue = await getIssue(db, id);
      if (!issue || (await issueProgress({ db }, issue)).done >= SUBSCRIBERS) break;
      await restarted.runOnce();
      await new Promise((r) => setTimeout(r, 200));
    }
    await restarted.stop();
    const copies = new Map<string, number>();
    for (const m of smtp.received) for (const to of m.envelopeTo) copies.set(to, (copies.get(to) ?? 0) + 1);
    expect(copies.size).toBe(SUBSCRIBERS);
    const duplicates = [...copies.values()].reduce((sum, n) => sum + (n - 1), 0);
    expect(duplicates).toBeLessThanOrEqual(1);
    expect((await getIssue(db, id))?.status).toBe("sent");
  }, 180_000);
});
