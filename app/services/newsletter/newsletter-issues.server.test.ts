import { sql } from "drizzle-orm";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { confirmSubscription, getSubscriptionByEmail, recordSignUp } from "~/queries/newsletter.server";
import { createIssue, getIssue } from "~/queries/newsletter-issues.server";
import * as unsubscribeRoute from "~/routes/subscription-unsubscribe";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { smtpMailerForFile } from "~tests/helpers/mail-harness";
import { issueProgress, previewIssueHtml, sendIssue, sendTestIssue } from "./newsletter-issues.server";

const SITE = "https://permaculture.example.org";
const config = { siteUrl: SITE, authSecret: "k".repeat(40) };
const SUBSCRIBERS = 1000;
let autumnId = "";

const t = testDatabaseForFile();
const relay = smtpMailerForFile(t, {
  siteUrl: SITE,
  from: "Permaculture Network <news@permaculture.example.org>",
  sendRate: 500,
  retryBaseMs: 5,
});

beforeAll(async () => {
  // 1,000 confirmed subscribers, one waiting for confirmation and one who left: only the first get the issue.
  const values = Array.from(
    { length: SUBSCRIBERS },
    (_, i) => sql`(${`reader${i}@example.org`}, 'test', now(), now())`,
  );
  await t.db.execute(
    sql`INSERT INTO newsletter_subscriptions (email, source, timestamp, confirmed_at) VALUES ${sql.join(values, sql`, `)}`,
  );
  await recordSignUp(t.db, "waiting@example.org", "test", "w");
  const gone = await recordSignUp(t.db, "gone@example.org", "test", "g");
  await confirmSubscription(t.db, gone.id, "g");
  await t.db.execute(sql`UPDATE newsletter_subscriptions SET unsubscribed_at = now() WHERE email = 'gone@example.org'`);
}, 60_000);

const services = () => ({ db: t.db, mail: relay.mail, config }) as unknown as Parameters<typeof sendIssue>[0];

describe("newsletter issues", () => {
  it("renders Markdown safely in the preview: raw HTML is shown as text, script links are dropped", () => {
    const html = previewIssueHtml(services(), {
      subject: "Spring",
      body: "## Seeds\n\nSee [the map](/map).\n\n<script>alert(1)</script> [bad](javascript:alert(1))",
    });
    expect(html).toContain('<a href="https://permaculture.example.org/map"');
    expect(html).not.toContain("<script>");
    expect(html).toContain("&#60;script&#62;");
    expect(html).not.toMatch(/href="javascript:/i);
  });

  it("sends a test only to the staff member", async () => {
    const id = await createIssue(t.db, { subject: "Test me", body: "Hello", createdBy: null });
    const issue = await getIssue(t.db, id);
    if (!issue) throw new Error("no issue");
    await sendTestIssue(services(), issue, "editor@example.org");
    await relay.mail.runOnce();
    const got = await relay.smtp.waitFor(1);
    expect(got.map((m) => m.envelopeTo)).toEqual([["editor@example.org"]]);
    expect(got[0]?.subject).toBe("[Test] Test me");
    expect((await getIssue(t.db, id))?.status).toBe("draft");
    relay.smtp.received.length = 0;
  });

  it("reaches each of 1,000 confirmed subscribers exactly once while the server refuses 10 % temporarily", async () => {
    const id = await createIssue(t.db, {
      subject: "Autumn news",
      body: "# Autumn\n\nNew places near you.",
      createdBy: null,
    });
    // Every tenth delivery attempt is refused with a temporary 451: the worker retries it.
    relay.smtp.refuse = (_to, n) => (n % 10 === 0 ? 451 : undefined);
    autumnId = id;
    const started = await sendIssue(services(), id);
    expect(started).toEqual({ outcome: "started", recipients: SUBSCRIBERS });
    // Pressing Send again (another admin, a double click) sends nothing more.
    expect(await sendIssue(services(), id)).toEqual({ outcome: "not-draft" });

    for (let round = 0; round < 200; round++) {
      const issue = await getIssue(t.db, id);
      if (!issue) break;
      const p = await issueProgress(t, issue);
      if (p.done === SUBSCRIBERS) break;
      await relay.mail.runOnce();
      await new Promise((r) => setTimeout(r, 10));
    }
    relay.smtp.refuse = null;
    const byAddress = new Map<string, number>();
    for (const m of relay.smtp.received) for (const to of m.envelopeTo) byAddress.set(to, (byAddress.get(to) ?? 0) + 1);
    expect(byAddress.size).toBe(SUBSCRIBERS);
    expect([...byAddress.values()].every((n) => n === 1)).toBe(true);
    expect(byAddress.has("waiting@example.org")).toBe(false);
    expect(byAddress.has("gone@example.org")).toBe(false);

    const issue = await getIssue(t.db, id);
    if (!issue) throw new Error("no issue");
    const progress = await issueProgress(t, issue);
    expect(progress.counts.sent).toBe(SUBSCRIBERS);
    expect(progress.counts.failed).toBe(0);
    expect((await getIssue(t.db, id))?.status).toBe("sent");
  }, 180_000);

  it("carries a one-click unsubscribe that works without signing in, and counts who left since", async () => {
    const message = relay.smtp.received.find((m) => m.envelopeTo.includes("reader7@example.org"));
    // The headers as sent (mailparser folds List-* headers into one object).
    const raw = (message?.raw ?? "").split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, " ") ?? "";
    const header = raw.match(/^List-Unsubscribe: (.*)$/im)?.[1] ?? "";
    expect(raw.match(/^List-Unsubscribe-Post: (.*)$/im)?.[1]?.trim()).toBe("List-Unsubscribe=One-Click");
    const url = header.match(/<(https:[^>]+)>/)?.[1] ?? "";
    expect(url).toMatch(/^https:\/\/permaculture\.example\.org\/newsletter\/unsubscribe\?token=/);
    expect(message?.text).toContain(url);
    // What a mail provider does when the reader presses "Unsubscribe": a POST with List-Unsubscribe=One-Click.
    const res = await unsubscribeRoute.action({
      request: new Request(url, { method: "POST", body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }) }),
      context: {
        services: { db: t.db, mail: relay.mail, config, logger: pino({ level: "silent" }) },
        clientIp: "",
        cspNonce: "",
      },
      params: {},
    } as never);
    const status = res instanceof Response ? res.status : ((res as { init?: { status?: number } }).init?.status ?? 200);
    expect(status).toBeLessThan(400);
    expect((await getSubscriptionByEmail(t.db, "reader7@example.org"))?.unsubscribedAt).toBeInstanceOf(Date);
    const row = await getIssue(t.db, autumnId);
    if (!row) throw new Error("no issue");
    expect((await issueProgress(t, row)).unsubscribedSince).toBe(1);
  });
});
