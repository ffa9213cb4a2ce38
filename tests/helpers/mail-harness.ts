import { afterAll, beforeAll } from "vitest";
import type { Mailer, MailerOptions } from "~/services/mail/mailer.server";
import type { Services } from "~/services/services.server";
import { createAdminHarness, type FileHarness } from "./admin-context";
import { testDatabaseForFile } from "./database-for-file";
import { startTestSmtpServer, type TestSmtpServer, testMailer } from "./smtp";
import type { TestDatabase } from "./test-db";

/** An admin harness with its test database, whose mail goes through a real SMTP server. */
export type MailHarness = FileHarness & { smtp: TestSmtpServer; services: Services; mail: Mailer };

/**
 * A file's test database and an admin harness (signed in as `email`) whose mailer sends through a real SMTP server:
 * made before the file's tests, the mailer, the SMTP server and the database stopped after them. Its fields are set
 * once the file's first `beforeAll` has run.
 */
export function adminHarnessWithSmtp(email: string): MailHarness {
  const t = testDatabaseForFile();
  const made = { t } as MailHarness;
  beforeAll(async () => {
    const smtp = await startTestSmtpServer();
    const h = await createAdminHarness(t, email, { smtpUrl: smtp.url });
    const services = h.context.services as Services;
    Object.assign(made, h, { smtp, services, mail: services.mail });
  });
  afterAll(async () => {
    await made.mail?.stop();
    await made.smtp?.close();
  });
  return made;
}

/** A test SMTP server and a mailer that sends through it. */
export type SmtpMailer = { smtp: TestSmtpServer; mail: Mailer };

/**
 * A test SMTP server and a test mailer on the file's database (`t`) that sends through it (`options` override the
 * test mailer's defaults): started before the file's tests, stopped after them. Its fields are set once the file's
 * `beforeAll` hooks up to this one have run.
 */
export function smtpMailerForFile(t: TestDatabase, options: Partial<MailerOptions> = {}): SmtpMailer {
  const made = {} as SmtpMailer;
  beforeAll(async () => {
    made.smtp = await startTestSmtpServer();
    made.mail = testMailer(t.db, { ...options, smtpUrl: made.smtp.url });
  });
  afterAll(async () => {
    await made.mail?.stop();
    await made.smtp?.close();
  });
  return made;
}
