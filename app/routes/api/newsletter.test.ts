import pino from "pino";
import { describe, expect, it } from "vitest";
import { NEWSLETTER_MESSAGES } from "~/lib/constants";
import { countNewsletterSubscriptions, getSubscriptionByEmail } from "~/queries/newsletter.server";
import { CLIENT_RATE_LIMITS } from "~/services/site/rate-limits.server";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { smtpMailerForFile } from "~tests/helpers/mail-harness";
import type { Route } from "./+types/newsletter";
import { action } from "./newsletter";

const config = { siteUrl: "https://permaculture.example.org", authSecret: "s".repeat(32) };
const t = testDatabaseForFile();
const relay = smtpMailerForFile(t, { siteUrl: config.siteUrl });

let ipCounter = 0;
/** Each test posts from its own address so the per-client limit of one test does not leak into another. */
function freshIp() {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

async function post(body: Record<string, string>, opts: { json?: boolean; ip: string }) {
  const request = new Request("http://localhost/api/newsletter", {
    method: "POST",
    headers: opts.json
      ? { Accept: "application/json", "Content-Type": "application/json" }
      : { "Content-Type": "application/x-www-form-urlencoded" },
    body: opts.json ? JSON.stringify(body) : new URLSearchParams(body).toString(),
  });
  const context = {
    services: { db: t.db, logger: pino({ level: "silent" }), mail: relay.mail, config },
    cspNonce: "",
    clientIp: opts.ip,
  };
  const result = await action({ request, context, params: {} } as unknown as Route.ActionArgs);
  // data() results carry { data, init }; redirects are Responses.
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get("location"), body: null };
  const r = result as unknown as { data: { ok: boolean; message: string }; init?: ResponseInit };
  return { status: r.init?.status ?? 200, location: null, body: r.data };
}

describe("POST /api/newsletter", () => {
  it("stores a new address unconfirmed and answers a repeat (any letter case) the same way, storing it once", async () => {
    const ip = freshIp();
    const before = await countNewsletterSubscriptions(t.db);
    const first = await post({ email: "grower@example.org", source: "footer" }, { json: true, ip });
    const again = await post({ email: "Grower@Example.org", source: "home" }, { json: true, ip });
    // The answer says what to do next: the sign-up counts once the link in the e-mail is clicked (issue 37).
    expect(first).toEqual({
      status: 200,
      location: null,
      body: {
        ok: true,
        message:
          "Thank you for subscribing! Please check your inbox: the newsletter starts once you click the link in our e-mail to confirm your address.",
      },
    });
    expect(first.body?.message.startsWith(NEWSLETTER_MESSAGES.success)).toBe(true);
    expect(again).toEqual(first);
    // Stored, and its message queued, once the answer is out (the answer takes as long whatever the address).
    await relay.mail.settled();
    // Not counted until the address confirms.
    expect(await countNewsletterSubscriptions(t.db)).toBe(before);
    const row = await getSubscriptionByEmail(t.db, "GROWER@example.org");
    expect(row).toMatchObject({ email: "grower@example.org", confirmedAt: null, unsubscribedAt: null });
    // Two confirmation messages, both links working until one is used.
    await relay.mail.runOnce();
    const mails = await relay.smtp.waitFor(2);
    expect(mails.map((m) => m.envelopeTo[0]?.toLowerCase())).toEqual(["grower@example.org", "grower@example.org"]);
  });

  it("refuses a missing or malformed address with 400 and a field message", async () => {
    const ip = freshIp();
    const bad = await post({ email: "not-an-email" }, { json: true, ip });
    expect(bad.status).toBe(400);
    expect(bad.body?.message).toBe("Please enter a valid e-mail address.");
    const empty = await post({ email: "  " }, { json: true, ip });
    expect(empty.status).toBe(400);
    expect(empty.body?.message).toBe("Please enter your e-mail address.");
  });

  it("redirects a plain form post back to /newsletter with the outcome", async () => {
    const ip = freshIp();
    expect(await post({ email: "nojs@example.org", source: "newsletter-page" }, { ip })).toMatchObject({
      status: 303,
      location: "/newsletter?subscribed=1",
    });
    expect(await post({ email: "nope" }, { ip })).toMatchObject({
      status: 303,
      location: "/newsletter?error=invalid-email",
    });
  });

  it("limits sign-ups per client address with a clear 429", async () => {
    const ip = freshIp();
    // Fixed one-minute windows: if a boundary passes mid-test the count restarts once, so allow for two windows.
    let accepted = 0;
    let limited: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 2 * CLIENT_RATE_LIMITS.newsletter.limit + 1 && !limited; i++) {
      const res = await post({ email: `n${i}@example.org` }, { json: true, ip });
      if (res.status === 429) limited = res;
      else {
        expect(res.status).toBe(200);
        accepted++;
      }
    }
    expect(accepted).toBeGreaterThanOrEqual(CLIENT_RATE_LIMITS.newsletter.limit);
    expect(limited?.status).toBe(429);
    expect(limited?.body?.message).toMatch(/too many/i);
    // Another visitor is not affected.
    expect((await post({ email: "other@example.org" }, { json: true, ip: freshIp() })).status).toBe(200);
  });
});
