import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { mailboxOf } from "~/lib/mailbox";
import { DEFAULT_PAGE_TEXT_TRANSLATIONS, DEFAULT_PAGE_TEXTS } from "~/lib/page-text-defaults";
import { PROPOSAL_TOKEN_FIELD } from "~/lib/schemas/proposal";
import { hitRateLimit } from "~/queries/rate-limits.server";
import { createUserWithPassword, getUserByEmail } from "~/queries/users.server";
import * as forgot from "~/routes/admin/forgot-password";
import * as reset from "~/routes/admin/reset-password";
import * as users from "~/routes/admin/users";
import * as newsletterApi from "~/routes/api/newsletter";
import * as applicationRoute from "~/routes/application";
import * as confirmRoute from "~/routes/subscription-confirm";
import * as suggestRoute from "~/routes/suggest-place";
import { startMaintenance } from "~server/maintenance";
import { call, formRequest, settle } from "~tests/helpers/admin-context";
import { applicationFields } from "~tests/helpers/form-posts";
import { adminHarnessWithSmtp } from "~tests/helpers/mail-harness";
import { linkIn, type ReceivedMail } from "~tests/helpers/smtp";
import { issueFormToken } from "../contributions/form-timing.server";
import { requestSubscription } from "../newsletter/subscription-links.server";
import { Mailer } from "./mailer.server";

/**
 * The mail findings of the security review of 2026-11-27 (issue 36, decision 054), each as a visitor or a victim
 * would notice it: what reaches a mailbox (through a real SMTP server), which links still work, what is kept.
 */
const h = adminHarnessWithSmtp("abuse-admin@example.org");

let ip = 0;
const nextIp = () => {
  ip += 1;
  return `203.0.${ip >> 8}.${ip & 255}`;
};
const contextFrom = (clientIp: string) => ({ ...h.context, clientIp }) as AppLoadContext;

/** A visitor's form post from their own client address (no per-client limit carries over between posts). */
function visitorPost(route: { action: unknown }, url: string, fields: Record<string, string>, clientIp = nextIp()) {
  return settle(() => call(route.action as never, formRequest(url, fields), contextFrom(clientIp)));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Hands every queued message to the SMTP server, including any queued after an answer, until all is quiet. */
async function flush(): Promise<void> {
  let quiet = 0;
  while (quiet < 5) {
    await h.mail.settled();
    quiet = (await h.mail.runOnce()) === 0 ? quiet + 1 : 0;
    await sleep(20);
  }
}

/** Every message that reached one mailbox, however its address was spelled. */
const inbox = (mailbox: string): ReceivedMail[] =>
  h.smtp.received.filter((m) => m.envelopeTo.some((a) => mailboxOf(a).mailbox === mailbox));

const signUp = (email: string, clientIp = nextIp()) =>
  visitorPost(newsletterApi, "/api/newsletter", { email, source: "footer" }, clientIp);

const suggestPlace = (fields: Record<string, string>, clientIp = nextIp()) =>
  visitorPost(
    suggestRoute,
    "/suggest-a-place",
    {
      [PROPOSAL_TOKEN_FIELD]: issueFormToken("test", "suggest-place", Date.now() - 5_000),
      markerType: "farm",
      country: "Chile",
      consent: "on",
      ...fields,
    },
    clientIp,
  );

async function apply(fields: Record<string, string>, clientIp = nextIp()) {
  return visitorPost(applicationRoute, "/application", await applicationFields(h.t.db, fields), clientIp);
}

const status = (r: { value?: unknown; thrown?: unknown }) => {
  const v = r.value ?? r.thrown;
  return v instanceof Response ? v.status : ((v as { init?: { status?: number } })?.init?.status ?? 200);
};

describe("per-recipient caps count mailboxes, domains and senders (finding 1)", () => {
  it("a victim's mailbox gets at most three newsletter confirmations a day, whatever the +tag, case or dots", async () => {
    const spellings = [
      ...Array.from({ length: 8 }, (_, i) => `victim+${i}@example.org`),
      "Victim@Example.org",
      "VICTIM+x@EXAMPLE.ORG",
    ];
    for (const email of spellings) expect(status(await signUp(email))).toBe(303);
    const gmail = [
      "g.a.r.d.e.n.e.r@gmail.com",
      "gardener+1@googlemail.com",
      "Gar.Dener+2@gmail.com",
      "gardener@gmail.com",
    ];
    for (const email of [...gmail, ...gmail]) expect(status(await signUp(email))).toBe(303);
    await flush();
    expect(inbox("victim@example.org")).toHaveLength(3);
    expect(inbox("gardener@gmail.com")).toHaveLength(3);
  });

  it("acknowledgements of suggestions and applications are capped per mailbox too, while every one is stored", async () => {
    for (let i = 0; i < 5; i++) {
      expect(status(await suggestPlace({ name: `Tagged Farm ${i}`, proposerEmail: `acker+${i}@example.org` }))).toBe(
        303,
      );
      expect(status(await apply({ email: `Applier+${i}@Example.org` }))).toBe(303);
    }
    await flush();
    expect(inbox("acker@example.org")).toHaveLength(3);
    expect(inbox("applier@example.org")).toHaveLength(3);
    const stored = await h.t.db.execute(sql`SELECT count(*)::int AS n FROM proposals WHERE email LIKE 'acker+%'`);
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(5);
  });

  it("one domain gets at most a few hundred visitor-triggered messages a day; newsletters and other domains are not held back", async () => {
    const filler = (domain: string, kind: "newsletter-confirm" | "newsletter-issue", n: number) =>
      Array.from({ length: n }, (_, i) => ({
        kind,
        to: `person${i}@${domain}`,
        content: { subject: "Earlier message", paragraphs: ["Sent earlier today."] },
      }));
    // A busy day: 600 confirmations already went to one domain, and an issue went to 600 subscribers of another.
    await h.mail.enqueue(h.t.db, ...filler("flooded.example", "newsletter-confirm", 600));
    await h.mail.enqueue(h.t.db, ...filler("big.example", "newsletter-issue", 600));
    await h.t.db.execute(sql`UPDATE mail_messages SET status = 'sent' WHERE to_address LIKE 'person%'`);

    expect(status(await signUp("latecomer@flooded.example"))).toBe(303);
    expect(status(await signUp("reader@big.example"))).toBe(303);
    expect(status(await signUp("reader@quiet.example"))).toBe(303);
    await flush();
    expect(inbox("latecomer@flooded.example")).toHaveLength(0);
    expect(inbox("reader@big.example")).toHaveLength(1);
    expect(inbox("reader@quiet.example")).toHaveLength(1);
  });

  it("one client address gets at most 50 messages a day sent to addresses that confirmed nothing", async () => {
    const busy = "198.51.100.77";
    const before = h.smtp.received.length;
    for (let i = 0; i < 70; i++) {
      // Each to another person at another domain: only the per-client cap can stop these.
      await requestSubscription(h.services, "newsletter", {
        email: `someone${i}@domain${i}.example`,
        lang: "en",
        clientIp: busy,
        source: "footer",
      });
    }
    await flush();
    expect(h.smtp.received.length - before).toBe(50);
    // Another visitor is not held back by the first one's cap.
    await requestSubscription(h.services, "newsletter", {
      email: "neighbour@example.net",
      lang: "en",
      clientIp: "198.51.100.78",
      source: "footer",
    });
    await flush();
    expect(inbox("neighbour@example.net")).toHaveLength(1);
  });
});

describe("acknowledgements carry only the site's own words (finding 2)", () => {
  const words = "Cheap watches at evil.example call now";

  /** The acknowledgement that reached `mailbox`, with a subject and none of `typed` in its subject, text or HTML. */
  async function acknowledgementWithout(mailbox: string, typed: string[]) {
    await flush();
    const [ack] = inbox(mailbox);
    expect(ack?.subject).toBeTruthy();
    for (const part of [ack?.subject, ack?.text, ack?.html]) {
      for (const word of typed) expect(part).not.toContain(word);
    }
    return ack;
  }

  it("a suggested place's acknowledgement does not repeat the name the visitor typed", async () => {
    expect(status(await suggestPlace({ name: words, proposerEmail: "target-one@example.org" }))).toBe(303);
    const ack = await acknowledgementWithout("target-one@example.org", ["evil.example", "Cheap watches"]);
    expect(ack?.text).toContain("your suggestion");
  });

  it("an application's acknowledgement does not repeat the name the applicant typed", async () => {
    expect(status(await apply({ fullName: words, email: "target-two@example.org" }))).toBe(303);
    await acknowledgementWithout("target-two@example.org", ["evil.example", "Cheap"]);
  });
});

describe("the answer does the same work whatever the address (finding 3)", () => {
  /** The services with a database that counts the statements started on it (the transaction as one). */
  function countingContext() {
    let calls = 0;
    const counted = new Set(["select", "insert", "update", "delete", "execute", "transaction"]);
    // Statements inside a transaction count one by one too.
    const wrap = <D extends object>(inner: D): D =>
      new Proxy(inner, {
        get(target, prop, receiver) {
          const value = Reflect.get(target, prop, receiver);
          if (typeof prop !== "string" || !counted.has(prop) || typeof value !== "function") return value;
          return (...args: unknown[]) => {
            calls++;
            if (prop === "transaction" && typeof args[0] === "function") {
              const work = args[0] as (tx: object) => unknown;
              args[0] = (tx: object) => work(wrap(tx));
            }
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
    const db = wrap(h.t.db);
    const counting = new Mailer({
      db,
      logger: h.services.logger,
      siteUrl: "http://localhost",
      from: "Permaculture Network <no-reply@localhost>",
      smtpUrl: h.smtp.url,
      sendRate: 1000,
    });
    const context = { ...h.context, services: { ...h.services, db, mail: counting }, clientIp: nextIp() };
    return { context: context as unknown as AppLoadContext, calls: () => calls, mail: counting };
  }

  async function callsBeforeAnswer(route: { action: unknown }, url: string, fields: Record<string, string>) {
    const { context, calls, mail: counting } = countingContext();
    await settle(() => call(route.action as never, formRequest(url, fields), context));
    const n = calls();
    // Whatever goes on after the answer is done before the next check.
    await counting.settled();
    await counting.runOnce();
    return n;
  }

  it("forgot password: a staff account's answer waits for no more database work than an unknown address's", async () => {
    await createUserWithPassword(h.t.db, {
      email: "timed@example.org",
      name: "Timed",
      password: "first password 123",
      role: "ADMIN",
    });
    const known = await callsBeforeAnswer(forgot, "/admin/forgot-password", { email: "timed@example.org" });
    const unknown = await callsBeforeAnswer(forgot, "/admin/forgot-password", { email: "nobody-here@example.org" });
    expect(known).toBe(unknown);
    await flush();
    // The link still reaches the account.
    expect(inbox("timed@example.org")).toHaveLength(1);
  });

  it("newsletter: a confirmed subscriber's, a waiting address's and a new address's answers wait for the same work", async () => {
    const member = "member@example.org";
    await signUp(member);
    await flush();
    const link = linkIn(inbox(member)[0]?.text, "http://localhost/newsletter/confirm?token=");
    await call(
      confirmRoute.action as never,
      formRequest("/newsletter/confirm", { token: new URL(link).searchParams.get("token") ?? "" }),
      h.context,
    );
    await signUp("waiting@example.org");
    const fields = (email: string) => ({ email, source: "footer" });
    const confirmed = await callsBeforeAnswer(newsletterApi, "/api/newsletter", fields(member));
    const waiting = await callsBeforeAnswer(newsletterApi, "/api/newsletter", fields("waiting@example.org"));
    const fresh = await callsBeforeAnswer(newsletterApi, "/api/newsletter", fields("fresh@example.org"));
    expect([confirmed, waiting]).toEqual([fresh, fresh]);
    await flush();
    expect(inbox("fresh@example.org")).toHaveLength(1);
  });
});

describe("a new request leaves earlier links working (finding 4)", () => {
  const get = (url: string) => call(reset.loader as never, new Request(url), h.context) as Promise<unknown>;
  const stateOf = async (url: string) => ((await get(url)) as { data: { state: string } }).data.state;

  async function resetLink(email: string): Promise<string> {
    const before = inbox(email).length;
    await visitorPost(forgot, "/admin/forgot-password", { email });
    await flush();
    return linkIn(inbox(email)[before]?.text, "http://localhost/admin/reset-password?token=");
  }

  it("a staff member's older reset link still works after someone asks again; setting the password ends them all", async () => {
    const email = "pending@example.org";
    await createUserWithPassword(h.t.db, { email, name: "Pending", password: "first password 123", role: "ADMIN" });
    const older = await resetLink(email);
    const newer = await resetLink(email);
    expect(await stateOf(older)).toBe("ready");
    expect(await stateOf(newer)).toBe("ready");

    const token = new URL(older).searchParams.get("token") ?? "";
    const done = await settle(() =>
      call(
        reset.action as never,
        formRequest("/admin/reset-password", {
          token,
          password: "a brand new password",
          confirm: "a brand new password",
        }),
        h.context,
      ),
    );
    expect((done.thrown as Response | undefined)?.status ?? (done.value as Response | undefined)?.status).toBe(302);
    expect(await stateOf(older)).toBe("invalid");
    expect(await stateOf(newer)).toBe("invalid");
  });

  it("a subscriber's older confirmation link still works after the address is signed up again", async () => {
    const email = "twice-signed@example.org";
    await signUp(email);
    await signUp(email);
    await flush();
    const [first, second] = inbox(email).map((m) => linkIn(m.text, "http://localhost/newsletter/confirm?token="));
    expect(second).toBeTruthy();
    expect(await call(confirmRoute.loader as never, new Request(first ?? ""), h.context)).toMatchObject({
      state: "ready",
    });
    const token = new URL(first ?? "").searchParams.get("token") ?? "";
    const confirmed = (await call(
      confirmRoute.action as never,
      formRequest("/newsletter/confirm", { token }),
      h.context,
    )) as { state?: string; data?: { state?: string } };
    expect(confirmed.data?.state ?? confirmed.state).toBe("confirmed");
  });
});

describe("re-enabling a disabled invitee does not revive the invitation (finding 5)", () => {
  const usersPost = (fields: Record<string, string>) =>
    settle(() => call(users.action as never, formRequest("/admin/dashboard/users", fields), h.context));
  const stateOf = async (url: string) =>
    ((await call(reset.loader as never, new Request(url), h.context)) as { data: { state: string } }).data.state;

  it("the old link stops working for good; staff can send a new one, which works", async () => {
    const email = "invitee@example.org";
    await usersPost({ intent: "create", access: "invite", name: "Invitee", email, role: "DEFAULT" });
    await flush();
    const old = linkIn(inbox(email)[0]?.text, "http://localhost/admin/reset-password?token=");
    const id = (await getUserByEmail(h.t.db, email))?.id ?? "";
    expect(await stateOf(old)).toBe("ready");

    await usersPost({ intent: "disable", userId: id });
    await usersPost({ intent: "enable", userId: id });
    expect(await stateOf(old)).toBe("invalid");

    const again = await usersPost({ intent: "resend-invitation", userId: id });
    expect((again.thrown as Response | undefined)?.status ?? (again.value as Response | undefined)?.status).toBe(302);
    await flush();
    const fresh = linkIn(inbox(email)[1]?.text, "http://localhost/admin/reset-password?token=");
    expect(await stateOf(fresh)).toBe("ready");
    expect(await stateOf(old)).toBe("invalid");
  });
});

describe("anonymous input is not kept forever (finding 6)", () => {
  const count = async (query: ReturnType<typeof sql>) =>
    ((await h.t.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;

  it("the hourly maintenance deletes ended rate-limit counters, unconfirmed sign-ups past their link and old mail", async () => {
    // Counters: one whose window ended days ago, one running now.
    await hitRateLimit(h.t.db, "prune:old", { limit: 5, windowMs: 60_000 });
    await h.t.db.execute(
      sql`UPDATE rate_limits SET window_start = window_start - 3 * 86400000, expires_at = expires_at - 3 * 86400000
        WHERE key = 'prune:old'`,
    );
    // A lock still in force keeps its counter, whatever its window.
    await hitRateLimit(h.t.db, "prune:blocked", { limit: 5, windowMs: 60_000 });
    await h.t.db.execute(
      sql`UPDATE rate_limits SET window_start = window_start - 3 * 86400000, expires_at = expires_at - 3 * 86400000,
        blocked_until = ${Date.now() + 60_000} WHERE key = 'prune:blocked'`,
    );
    await hitRateLimit(h.t.db, "prune:current", { limit: 5, windowMs: 60 * 60_000 });

    // Sign-ups: never confirmed and past their link (plus a margin), never confirmed but recent, confirmed long ago.
    for (const email of ["stale@example.org", "recent@example.org", "loyal@example.org"]) {
      await requestSubscription(h.services, "newsletter", {
        email: email,
        lang: "en",
        clientIp: nextIp(),
        source: "footer",
      });
    }
    await h.t.db.execute(
      sql`UPDATE newsletter_subscriptions SET confirm_sent_at = now() - interval '9 days', timestamp = now() - interval '9 days' WHERE email IN ('stale@example.org', 'loyal@example.org')`,
    );
    await h.t.db.execute(
      sql`UPDATE newsletter_subscriptions SET confirmed_at = now() - interval '9 days', confirm_nonce = NULL WHERE email = 'loyal@example.org'`,
    );

    // Mail: sent and kept long ago, sent yesterday.
    await flush();
    await h.mail.enqueue(
      h.t.db,
      ...["old-sent", "old-held", "yesterday"].map((who) => ({
        kind: "contribution-received" as const,
        to: `${who}@example.org`,
        content: { subject: "Thank you", paragraphs: ["Thank you."] },
      })),
    );
    await h.t.db.execute(
      sql`UPDATE mail_messages SET status = 'sent' WHERE to_address IN ('old-sent@example.org', 'yesterday@example.org')`,
    );
    await h.t.db.execute(sql`UPDATE mail_messages SET status = 'held' WHERE to_address = 'old-held@example.org'`);
    await h.t.db.execute(
      sql`UPDATE mail_messages SET created_at = now() - interval '31 days' WHERE to_address IN ('old-sent@example.org', 'old-held@example.org')`,
    );
    await h.t.db.execute(
      sql`UPDATE mail_messages SET created_at = now() - interval '1 day' WHERE to_address = 'yesterday@example.org'`,
    );

    await startMaintenance(h.services).run();

    expect(await count(sql`SELECT count(*)::int AS n FROM rate_limits WHERE key = 'prune:old'`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM rate_limits WHERE key = 'prune:current'`)).toBe(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM rate_limits WHERE key = 'prune:blocked'`)).toBe(1);
    const kept = await h.t.db.execute(
      sql`SELECT email FROM newsletter_subscriptions WHERE email IN ('stale@example.org', 'recent@example.org', 'loyal@example.org') ORDER BY email`,
    );
    expect((kept as unknown as { rows: { email: string }[] }).rows.map((r) => r.email)).toEqual([
      "loyal@example.org",
      "recent@example.org",
    ]);
    const mailLeft = await h.t.db.execute(
      sql`SELECT to_address FROM mail_messages WHERE to_address IN ('old-sent@example.org', 'old-held@example.org', 'yesterday@example.org')`,
    );
    expect((mailLeft as unknown as { rows: { to_address: string }[] }).rows.map((r) => r.to_address)).toEqual([
      "yesterday@example.org",
    ]);
  });

  it("the privacy page's starting text says how long each of these is kept, in all five languages", () => {
    const texts = [
      DEFAULT_PAGE_TEXTS.privacy,
      ...(["es", "pt", "fr", "de"] as const).map((lang) => DEFAULT_PAGE_TEXT_TRANSLATIONS[lang]?.privacy ?? ""),
    ];
    for (const text of texts) {
      // The confirmation link's 7 days, the outbox's 30 days.
      expect(text).toMatch(/\b7\b|seven|siete|sete|sept|sieben/i);
      expect(text).toMatch(/\b30\b/);
    }
  });
});
