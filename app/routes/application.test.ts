import pino from "pino";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { smtpMailerForFile } from "~tests/helpers/mail-harness";
import { listApplications } from "../queries/applications.server";
import { listMail } from "../queries/mail.server";
import { listFocusAreas } from "../queries/reference.server";
import { createUserWithPassword, setApplicationNoticeSetting } from "../queries/users.server";
import { issueFormToken } from "../services/contributions/form-timing.server";
import { action } from "./application";

const SECRET = "test-hash-secret";
let focusId = "";

const t = testDatabaseForFile();
const relay = smtpMailerForFile(t);

beforeAll(async () => {
  focusId = (await listFocusAreas(t.db))[0]?.id ?? "";
});

function context(ip: string): AppLoadContext {
  return {
    services: {
      db: t.db,
      bus: t.bus,
      mail: relay.mail,
      logger: pino({ level: "silent" }),
      config: { hashSecret: SECRET, siteUrl: "https://permaculture.example.org" },
    },
    clientIp: ip,
    cspNonce: "",
  } as unknown as AppLoadContext;
}

/** Each form gets a token of its own (two forms opened in the same millisecond would share one). */
let issued = 0;

function form(overrides: Record<string, string> = {}, issuedAgoMs = 10_000) {
  const fd = new FormData();
  const values: Record<string, string> = {
    fullName: "Rosa Quispe",
    email: "rosa@example.org",
    applicantType: "educator",
    organization: "Valle Sagrado Farm School",
    country: "Peru",
    region: "SouthAmerica",
    focusAreas: focusId,
    experience: "Eight years teaching terrace farming and seed saving to visitors.",
    seeking: "Learners for our three week design course in the Sacred Valley.",
    website: "https://vallesagrado.example",
    consent: "on",
    form_token: issueFormToken(SECRET, "application", Date.now() - issuedAgoMs - issued++),
    fax_number: "",
    ...overrides,
  };
  for (const [k, v] of Object.entries(values)) fd.append(k, v);
  return fd;
}

async function post(fd: FormData, ip = "10.0.0.1") {
  const request = new Request("http://x.test/application", { method: "POST", body: fd });
  return action({ request, context: context(ip), params: {} } as unknown as Parameters<typeof action>[0]);
}

function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  return (result as { init?: { status?: number } }).init?.status ?? 200;
}

describe("application action", () => {
  it("stores a valid application for review and redirects to the confirmation", async () => {
    const res = await post(form());
    expect(statusOf(res)).toBe(303);
    expect((res as Response).headers.get("Location")).toBe("/application?submitted=1");
    const rows = await listApplications(t.db, { limit: 10, offset: 0 });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fullName: "Rosa Quispe", status: "NEEDS_REVIEW", focusAreas: [focusId] });
    expect(rows[0]?.consentAt).toBeInstanceOf(Date);
  });

  it("pretends success for a filled honeypot but stores nothing", async () => {
    const res = await post(form({ fax_number: "555-0100", fullName: "Bot" }));
    expect(statusOf(res)).toBe(303);
    const rows = await listApplications(t.db, { limit: 10, offset: 0 });
    expect(rows.map((r) => r.fullName)).not.toContain("Bot");
  });

  it("refuses a form sent too quickly or with a forged token, keeping the answers", async () => {
    const quick = await post(form({ fullName: "Speedy" }, 200));
    expect(statusOf(quick)).toBe(400);
    expect((quick as { data: { formError: string; values: { fullName: string } } }).data).toMatchObject({
      formError: expect.stringContaining("take a moment"),
      values: { fullName: "Speedy" },
    });
    expect(statusOf(await post(form({ form_token: "123.forged" })))).toBe(400);
  });

  it("stores one application per filled form: sent again, it is refused (409) and nothing more is stored", async () => {
    const once = form({ fullName: "Once Only" });
    expect(statusOf(await post(once, "10.0.0.7"))).toBe(303);
    const again = await post(form({ fullName: "Once Only", form_token: String(once.get("form_token")) }), "10.0.0.7");
    expect(statusOf(again)).toBe(409);
    expect((again as { data: { formError: string } }).data.formError).toBe(
      "This form has already been sent. To send another, please reload the page.",
    );
    const rows = await listApplications(t.db, { limit: 50, offset: 0 });
    expect(rows.filter((r) => r.fullName === "Once Only")).toHaveLength(1);
  });

  it("answers invalid input with 400 and field messages", async () => {
    const res = await post(form({ email: "nope", focusAreas: "00000000-0000-4000-8000-000000000000" }));
    expect(statusOf(res)).toBe(400);
    expect((res as { data: { errors: Record<string, string> } }).data.errors.email).toMatch(/valid e-mail/);
  });

  it("limits stored applications per client to five an hour", async () => {
    const ip = "10.0.0.99";
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push(statusOf(await post(form({ fullName: `Person ${i}` }), ip)));
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
  });
});

describe("messages about an application", () => {
  it("acknowledges the application to the applicant and tells staff who asked to hear of new ones", async () => {
    const password = "a long staff password";
    const keen = await createUserWithPassword(t.db, {
      email: "keen@staff.example",
      name: "Keen",
      role: "DEFAULT",
      password,
    });
    const quiet = await createUserWithPassword(t.db, {
      email: "quiet@staff.example",
      name: "Quiet",
      role: "ADMIN",
      password,
    });
    await setApplicationNoticeSetting(t.db, keen, true);
    // The first administrator hears of new applications until they choose otherwise (decision 058): Quiet chose.
    await setApplicationNoticeSetting(t.db, quiet, false);
    const before = relay.smtp.received.length;
    expect(statusOf(await post(form({ fullName: "Amara Okafor", email: "amara@example.org" }), "10.0.1.1"))).toBe(303);
    await relay.mail.runOnce();
    const got = await relay.smtp.waitFor(before + 2);
    const ack = got.find((m) => m.envelopeTo.includes("amara@example.org"));
    expect(ack?.subject).toMatch(/received your application/);
    // Only the site's words to an address nobody confirmed: not even the name typed into the form (decision 054).
    expect(ack?.text).toContain("Hello,");
    expect(ack?.text).not.toContain("Amara");
    const notice = got.find((m) => m.envelopeTo.includes("keen@staff.example"));
    expect(notice?.subject).toBe("New application: Amara Okafor");
    expect(notice?.text).toContain("https://permaculture.example.org/admin/dashboard/applicants?id=");
    expect(got.some((m) => m.envelopeTo.includes("quiet@staff.example"))).toBe(false);
  });

  it("sends at most three acknowledgements a day to one address, while every application is stored", async () => {
    for (let i = 0; i < 4; i++) {
      const res = await post(form({ fullName: `Repeat ${i}`, email: "repeat@example.org" }), `10.0.2.${i}`);
      expect(statusOf(res)).toBe(303);
    }
    const stored = await listApplications(t.db, { limit: 50, offset: 0 });
    expect(stored.filter((r) => r.email === "repeat@example.org")).toHaveLength(4);
    const acks = (await listMail(t.db, { kind: "application-received" }, { limit: 50, offset: 0 })).filter(
      (m) => m.toAddress === "repeat@example.org",
    );
    expect(acks).toHaveLength(3);
  });
});
