// A mail worker in a process of its own, for the crash test: it sends what is queued in DATABASE_URL through
// SMTP_URL until it is killed.
import pino from "pino";
import { Mailer } from "~/services/mail/mailer.server";
import { openPostgres } from "~db/client";

const handle = await openPostgres(process.env.DATABASE_URL ?? "");
const mail = new Mailer({
  db: handle.db,
  logger: pino({ level: "silent" }),
  siteUrl: "https://permaculture.example.org",
  from: "Permaculture Network <news@permaculture.example.org>",
  smtpUrl: process.env.SMTP_URL ?? null,
  sendRate: Number(process.env.MAIL_SEND_RATE ?? 50),
  leaseMs: Number(process.env.LEASE_MS ?? 2000),
  pollMs: 50,
});
mail.start();
process.stdout.write("started\n");
