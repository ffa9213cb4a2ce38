import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "~/lib/i18n/languages";
import { DEFAULT_GENERAL, saveGeneralSettings } from "~/queries/settings.server";
import { serverTranslate } from "~/server-lib/messages.server";
import { locations } from "~db/schema";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { type ReceivedMail, startTestSmtpServer, type TestSmtpServer, testMailer } from "~tests/helpers/smtp";
import { decideApplication, submitApplication } from "../contributions/applications.server";
import { contributionAcknowledgement } from "../contributions/contribution-mail.server";
import { requestEntryCheck } from "../entries/entry-checks.server";
import type { Services } from "../services.server";
import type { Mailer } from "./mailer.server";
import { replyAddress } from "./reply-to.server";

/**
 * The mails that ask their reader to reply (issue 37, decision 057): an application's and a contribution's
 * acknowledgements, and a place's yearly check. Sent from no-reply@… they asked for replies that reached nobody.
 * Now they carry a Reply-To to staff (MAIL_REPLY_TO, else the contact e-mail saved in Site settings) and, with
 * neither, ask for no reply at all and point to the correction form. Through a real SMTP server.
 */
const SITE = "https://permaculture.example.org";
const config = { siteUrl: SITE, authSecret: "r".repeat(32) };
let smtp: TestSmtpServer;
const mailers: Mailer[] = [];

const t = testDatabaseForFile({ reference: false });

beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  for (const m of mailers) await m.stop();
  await smtp?.close();
});

function servicesWith(replyTo: string | null) {
  const mail = testMailer(t.db, { siteUrl: SITE, smtpUrl: smtp.url, replyTo });
  mailers.push(mail);
  // Only the two settings these messages read: the site's address and the key that signs their links.
  return { db: t.db, bus: t.bus, mail, config: config as unknown as Services["config"] };
}

async function deliveredTo(mail: Mailer, to: string): Promise<ReceivedMail> {
  for (let i = 0; i < 3; i++) await mail.runOnce();
  const found = smtp.received.filter((m) => m.envelopeTo.includes(to)).at(-1);
  if (!found) throw new Error(`no message to ${to}`);
  return found;
}

let n = 0;
/** An application from a page in `lang`, to a fresh address; the acknowledgement that reached it. */
async function applicationAck(services: ReturnType<typeof servicesWith>, lang: Language) {
  const email = `applicant${++n}@example.org`;
  await submitApplication(
    services,
    { fullName: "Ada", email, applicantType: "learner", country: "Kenya", consentAt: new Date() },
    `${SITE}${lang === "en" ? "" : `/${lang}`}/application`,
  );
  return { email, message: await deliveredTo(services.mail, email) };
}

async function contributionAck(services: ReturnType<typeof servicesWith>, lang: Language) {
  const email = `helper${++n}@example.org`;
  const ack = await contributionAcknowledgement(services, {
    kind: "place",
    email,
    page: `${SITE}${lang === "en" ? "" : `/${lang}`}/suggest-a-place`,
  });
  if (!ack) throw new Error("no acknowledgement");
  await services.mail.enqueue(t.db, ack);
  return deliveredTo(services.mail, email);
}

async function entryCheck(services: ReturnType<typeof servicesWith>, lang: Language) {
  const email = `keeper${++n}@example.org`;
  const [row] = await t.db
    .insert(locations)
    .values({ name: `Reply Farm ${n}`, country: "Kenya", contactEmail: email, language: lang })
    .returning({ id: locations.id });
  if (!row) throw new Error("not inserted");
  expect(await requestEntryCheck(services, row.id)).toMatchObject({ outcome: "sent" });
  return { id: row.id, message: await deliveredTo(services.mail, email) };
}

const replyToOf = (m: ReceivedMail) => m.replyTo?.value.map((a) => a.address) ?? [];

describe("where replies to the site's mail go", () => {
  it("MAIL_REPLY_TO wins; else the contact e-mail staff saved; never the starting placeholder", async () => {
    const env = servicesWith("Network team <team@example.org>");
    const none = servicesWith(null);
    expect(await replyAddress(none)).toBeNull();
    // Saved with the placeholder the settings screen starts with: nobody reads that mailbox.
    await saveGeneralSettings(t, { ...DEFAULT_GENERAL });
    expect(await replyAddress(none)).toBeNull();
    await saveGeneralSettings(t, { ...DEFAULT_GENERAL, contactEmail: "hello@example.org" });
    expect(await replyAddress(none)).toBe("hello@example.org");
    expect(await replyAddress(env)).toBe("Network team <team@example.org>");
    await saveGeneralSettings(t, { ...DEFAULT_GENERAL });
  });

  it("with a reply address, the four kinds ask for a reply and carry it as Reply-To (and so does a decision)", async () => {
    const services = servicesWith("Network team <team@example.org>");
    const en = serverTranslate("en");
    const { email, message: application } = await applicationAck(services, "en");
    expect(replyToOf(application)).toEqual(["team@example.org"]);
    expect(application.replyTo?.text).toBe('"Network team" <team@example.org>');
    expect(application.text).toContain(en("mail.applicationReceived.notYou"));

    const contribution = await contributionAck(services, "en");
    expect(replyToOf(contribution)).toEqual(["team@example.org"]);
    expect(contribution.text).toContain(en("mail.proposalReceived.notYou"));

    const { message: check } = await entryCheck(services, "en");
    expect(replyToOf(check)).toEqual(["team@example.org"]);
    expect(check.text).toContain("reply to this message and tell us what to correct");

    const application2 = { id: await lastApplicationId(), fullName: "Ada", email, language: "en" };
    await decideApplication(services, application2, "UNDER_REVIEW", { notify: false, note: "" });
    const decided = await decideApplication(services, application2, "APPROVED", { notify: true, note: "" });
    expect(decided).toMatchObject({ outcome: "ok", notified: true });
    expect(replyToOf(await deliveredTo(services.mail, email))).toEqual(["team@example.org"]);
  });

  it("with the contact e-mail saved in Site settings and no MAIL_REPLY_TO, replies go to it", async () => {
    const services = servicesWith(null);
    await saveGeneralSettings(t, { ...DEFAULT_GENERAL, contactEmail: "office@example.org" });
    try {
      const { message } = await entryCheck(services, "es");
      expect(replyToOf(message)).toEqual(["office@example.org"]);
      expect(message.text).toContain(serverTranslate("es")("rest.entryCheck.after", { count: 30 }));
    } finally {
      await saveGeneralSettings(t, { ...DEFAULT_GENERAL });
    }
  });

  it.each(LANGUAGES)(
    "with no reply address, none of them asks for a reply (%s): the check links to the correction form",
    async (lang) => {
      const services = servicesWith(null);
      const tr = serverTranslate(lang);
      const { message: application } = await applicationAck(services, lang);
      expect(application.replyTo).toBeUndefined();
      expect(application.text).toContain(tr("mail.applicationReceived.notYouNoReply"));
      expect(application.text).not.toContain(tr("mail.applicationReceived.notYou"));

      const contribution = await contributionAck(services, lang);
      expect(contribution.replyTo).toBeUndefined();
      expect(contribution.text).toContain(tr("mail.proposalReceived.notYouNoReply"));
      expect(contribution.text).not.toContain(tr("mail.proposalReceived.notYou"));

      const { id, message: check } = await entryCheck(services, lang);
      expect(check.replyTo).toBeUndefined();
      const form = `${SITE}${lang === "en" ? "" : `/${lang}`}/suggest-a-correction/location/${id}`;
      expect(check.text).toContain(tr("rest.entryCheck.afterForm", { count: 30, url: form }));
      expect(check.text).not.toContain(tr("rest.entryCheck.after", { count: 30 }));
    },
  );
});

async function lastApplicationId(): Promise<string> {
  const rows = await t.db.query.applications.findMany({ orderBy: (a, { desc }) => [desc(a.createdAt)], limit: 1 });
  return rows[0]?.id ?? "";
}
