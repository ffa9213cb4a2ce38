import { describe, expect, it } from "vitest";
import type { Mailer } from "~/services/mail/mailer.server";
import { adminHarnessForFile, call, formRequest, getRequest, settle } from "~tests/helpers/admin-context";
import { adminHarnessWithSmtp } from "~tests/helpers/mail-harness";
import * as outbox from "./outbox";

type Loaded = {
  rows: { id: string; subject: string; status: string; lastError: string | null }[];
  counts: Record<string, number>;
  total: number;
  selected: { subject: string; text: string; html: string; links: string[]; status: string } | null;
  sending: boolean;
};
const unwrap = (v: unknown) => (v as { data: Loaded }).data;

describe("the Outbox without a mail server", () => {
  const h = adminHarnessForFile("outbox-admin@example.org");

  it("keeps messages and shows each with its rendered parts and the links it carries", async () => {
    const mail = (h.context.services as { mail: Mailer }).mail;
    await mail.enqueue(h.t.db, {
      kind: "newsletter-confirm",
      to: "reader@example.org",
      content: {
        subject: "Confirm your subscription",
        paragraphs: ["Please confirm."],
        action: { label: "Confirm", url: mail.url("/newsletter/confirm", { token: "abc" }) },
      },
    });
    const list = unwrap(await call(outbox.loader, getRequest("/admin/dashboard/outbox"), h.context));
    expect(list.sending).toBe(false);
    expect(list.rows.map((r) => [r.subject, r.status])).toEqual([["Confirm your subscription", "held"]]);
    expect(list.counts.held).toBe(1);
    const id = list.rows[0]?.id ?? "";
    const one = unwrap(await call(outbox.loader, getRequest(`/admin/dashboard/outbox?id=${id}`), h.context));
    expect(one.selected?.links).toEqual(["http://localhost/newsletter/confirm?token=abc"]);
    expect(one.selected?.html).toContain('href="http://localhost/newsletter/confirm?token=abc"');
    expect(one.selected?.text).toContain("Please confirm.");
    const filtered = unwrap(
      await call(outbox.loader, getRequest("/admin/dashboard/outbox?kind=password-reset"), h.context),
    );
    expect(filtered.total).toBe(0);
  });

  it("answers an unknown message with 404 and a bad retry with 400, not 500", async () => {
    const missing = await settle(() =>
      call(outbox.loader, getRequest("/admin/dashboard/outbox?id=00000000-0000-4000-8000-000000000000"), h.context),
    );
    expect((missing.thrown as { init?: { status?: number } }).init?.status).toBe(404);
    const bad = await settle(() =>
      call(outbox.action, formRequest("/admin/dashboard/outbox", { intent: "retry", id: "nope" }), h.context),
    );
    expect((bad.thrown as { init?: { status?: number } }).init?.status).toBe(400);
  });
});

describe("the Outbox with a mail server", () => {
  const h = adminHarnessWithSmtp("outbox-admin@example.org");

  it("shows a refused message as failed with the server's reply, and sends it again on request", async () => {
    const mail = h.mail;
    h.smtp.refuse = () => 550;
    await mail.enqueue(h.t.db, {
      kind: "application-received",
      to: "applicant@example.org",
      content: { subject: "We have your application", paragraphs: ["Thank you."] },
    });
    await mail.runOnce();
    const failed = unwrap(await call(outbox.loader, getRequest("/admin/dashboard/outbox?status=failed"), h.context));
    expect(failed.rows).toHaveLength(1);
    expect(failed.rows[0]?.lastError).toMatch(/550/);
    h.smtp.refuse = null;
    const res = (await call(
      outbox.action,
      formRequest("/admin/dashboard/outbox", { intent: "retry", id: failed.rows[0]?.id ?? "" }),
      h.context,
    )) as Response;
    expect(res.status).toBe(302);
    await mail.runOnce();
    const [got] = await h.smtp.waitFor(1);
    expect(got?.subject).toBe("We have your application");
    const sent = unwrap(await call(outbox.loader, getRequest("/admin/dashboard/outbox?status=sent"), h.context));
    expect(sent.rows.map((r) => r.subject)).toEqual(["We have your application"]);
  });
});
