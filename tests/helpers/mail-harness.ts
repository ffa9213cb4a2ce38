import { afterAll, beforeAll } from "vitest";
import type { Mailer } from "~/services/mail/mailer.server";
import type { Services } from "~/services/services.server";
import { createAdminHarness, type FileHarness } from "./admin-context";
import { startTestSmtpServer, type TestSmtpServer } from "./smtp";
import { createTestDatabase } from "./test-db";

/** An admin harness with its test database, whose mail goes through a real SMTP server. */
export type MailHarness = FileHarness & { smtp: TestSmtpServer; services: Services; mail: Mailer };

/**
 * A file's test database and an admin harness (signed in as `email`) whose mailer sends through a real SMTP server:
 * made before the file's tests, the mailer, the SMTP server and the database stopped after them. Its fields are set
 * once the file's first `beforeAll` has run.
 */
export function adminHarnessWithSmtp(email: string): MailHarness {
  const made = {} as MailHarness;
  beforeAll(async () => {
    const t = await createTestDatabase();
    const smtp = await startTestSmtpServer();
    const h = await createAdminHarness(t, email, { smtpUrl: smtp.url });
    const services = h.context.services as Services;
    Object.assign(made, h, { t, smtp, services, mail: services.mail });
  });
  afterAll(async () => {
    await made.mail?.stop();
    await made.smtp?.close();
    await made.t?.destroy();
  });
  return made;
}
