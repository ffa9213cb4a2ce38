import { eq } from "drizzle-orm";
import pino from "pino";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { replaceUserLink } from "~/queries/user-links.server";
import { createUserWithPassword, getUserByEmail } from "~/queries/users.server";
import * as forgot from "~/routes/admin/forgot-password";
import * as reset from "~/routes/admin/reset-password";
import { sessions } from "~db/schema";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { smtpMailerForFile } from "~tests/helpers/mail-harness";
import { signToken } from "../mail/tokens.server";
import { createAuth } from "./auth.server";
import { inviteStaff, RESET_REQUESTED_MESSAGE, RESETS_PER_ADDRESS_PER_HOUR } from "./staff-links.server";

const SITE = "https://permaculture.example.org";
const config = { siteUrl: SITE, authSecret: "s".repeat(40) };
let auth: ReturnType<typeof createAuth>;

const t = testDatabaseForFile();
const relay = smtpMailerForFile(t, { siteUrl: SITE });

beforeAll(async () => {
  auth = createAuth(t.db, { secret: config.authSecret, siteUrl: SITE });
});

let ip = 0;
function context(clientIp = `203.0.113.${++ip}`): AppLoadContext {
  return {
    services: { db: t.db, mail: relay.mail, config, logger: pino({ level: "silent" }) },
    clientIp,
    cspNonce: "",
  } as unknown as AppLoadContext;
}
// biome-ignore lint/suspicious/noExplicitAny: the route functions read only the request and the load context
type Args = any;
const form = (url: string, body: Record<string, string>, ctx = context()): Args => ({
  request: new Request(url, { method: "POST", body: new URLSearchParams(body) }),
  context: ctx,
  params: {},
});
const get = (url: string): Args => ({ request: new Request(url), context: context(), params: {} });
const result = (r: unknown) => r as { data: Record<string, unknown>; init?: { status?: number } | null };

async function signIn(email: string, password: string): Promise<boolean> {
  try {
    await auth.api.signInEmail({ body: { email, password } });
    return true;
  } catch {
    return false;
  }
}

/** Asks for a reset link as the forgotten-password page does, and returns the link from the message that arrives. */
async function requestLink(email: string): Promise<string> {
  const before = relay.smtp.received.length;
  const answer = result(await forgot.action(form(`${SITE}/admin/forgot-password`, { email })));
  expect(answer.data.sent).toBe(true);
  // The link is queued once the answer is out.
  await relay.mail.settled();
  await relay.mail.runOnce();
  const [message] = (await relay.smtp.waitFor(before + 1)).slice(before);
  expect(message?.envelopeTo).toEqual([email]);
  const link = message?.text?.match(/https:\/\/\S+\/admin\/reset-password\?token=\S+/)?.[0];
  expect(link).toBeTruthy();
  return link ?? "";
}

describe("forgotten password", () => {
  it("resets through a single-use link: the old password stops working and every session ends", async () => {
    const email = "gardener@example.org";
    await createUserWithPassword(t.db, { email, name: "Gardener", password: "the old password 1", role: "ADMIN" });
    expect(await signIn(email, "the old password 1")).toBe(true);
    const user = await getUserByEmail(t.db, email);
    expect(await t.db.query.sessions.findMany({ where: eq(sessions.userId, user?.id ?? "") })).toHaveLength(1);

    const link = await requestLink(email);
    const token = new URL(link).searchParams.get("token") ?? "";
    const page = result(await reset.loader(get(link)));
    expect(page.data).toMatchObject({ state: "ready", invite: false, email });

    const mismatch = result(
      await reset.action(form(link, { token, password: "a brand new password", confirm: "something else" })),
    );
    expect(mismatch.init?.status).toBe(400);
    expect((mismatch.data.fields as Record<string, string>).confirm).toBe("The two passwords are not the same.");

    const done = await reset
      .action(form(link, { token, password: "a brand new password", confirm: "a brand new password" }))
      .then(() => null)
      .catch((r: unknown) => r as Response);
    expect(done?.status).toBe(302);
    expect(done?.headers.get("Location")).toBe("/admin/login?password=changed");

    expect(await t.db.query.sessions.findMany({ where: eq(sessions.userId, user?.id ?? "") })).toHaveLength(0);
    expect(await signIn(email, "the old password 1")).toBe(false);
    expect(await signIn(email, "a brand new password")).toBe(true);

    // The link worked once.
    expect(result(await reset.loader(get(link))).init?.status).toBe(410);
    const again = result(
      await reset.action(form(link, { token, password: "yet another password", confirm: "yet another password" })),
    );
    expect(again.init?.status).toBe(410);
    expect(await signIn(email, "yet another password")).toBe(false);
  });

  it("gives an unknown address the same answer and sends nothing", async () => {
    const before = relay.smtp.received.length;
    const answer = result(await forgot.action(form(`${SITE}/admin/forgot-password`, { email: "nobody@example.org" })));
    expect(answer.init?.status ?? 200).toBe(200);
    expect(answer.data.sent).toBe(true);
    await relay.mail.settled();
    await relay.mail.runOnce();
    expect(relay.smtp.received.length).toBe(before);
    expect(RESET_REQUESTED_MESSAGE).toMatch(/If an account exists/);
  });

  it("keeps an older link working when a newer one is sent, and refuses a forged one and an expired one", async () => {
    const email = "twice@example.org";
    await createUserWithPassword(t.db, { email, name: "Twice", password: "first password 123", role: "ADMIN" });
    const older = await requestLink(email);
    const newer = await requestLink(email);
    // Anyone may ask for a link to any address: asking again must not cancel the one the staff member holds.
    expect(result(await reset.loader(get(older))).data.state).toBe("ready");
    expect(result(await reset.loader(get(newer))).data.state).toBe("ready");
    const forged = `${newer.slice(0, -4)}AAAA`;
    expect(result(await reset.loader(get(forged))).data.state).toBe("invalid");
    expect(result(await reset.loader(get(`${SITE}/admin/reset-password`))).data.state).toBe("invalid");
    // A link past its hour: correctly signed and current, but expired.
    const user = await getUserByEmail(t.db, email);
    await replaceUserLink(t.db, "password-reset", user?.id ?? "", "n0nce", new Date(Date.now() + 60_000));
    const expired = signToken(config.authSecret, {
      p: "password-reset",
      s: user?.id ?? "",
      e: Math.floor(Date.now() / 1000) - 1,
      n: "n0nce",
    });
    const expiredUrl = `${SITE}/admin/reset-password?token=${encodeURIComponent(expired)}`;
    expect(result(await reset.loader(get(expiredUrl))).data.state).toBe("invalid");
  });

  it("sends at most three reset e-mails an hour to one address and limits each client", async () => {
    const email = "limited@example.org";
    await createUserWithPassword(t.db, { email, name: "Limited", password: "first password 123", role: "ADMIN" });
    for (let i = 0; i < RESETS_PER_ADDRESS_PER_HOUR + 2; i++) {
      await forgot.action(form(`${SITE}/admin/forgot-password`, { email }));
      await relay.mail.settled();
    }
    const queued = await relay.mail.recentCount(email, ["password-reset"], 60 * 60_000);
    expect(queued).toBe(RESETS_PER_ADDRESS_PER_HOUR);

    const one = context("198.51.100.200");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = result(await forgot.action(form(`${SITE}/admin/forgot-password`, { email: `x${i}@example.org` }, one)));
      statuses.push(r.init?.status ?? 200);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("staff invitations", () => {
  it("e-mails a new staff member a link to choose their own password, which then signs them in", async () => {
    const email = "new.staff@example.org";
    const services = { db: t.db, mail: relay.mail, config } as unknown as Parameters<typeof inviteStaff>[0];
    await inviteStaff(services, { name: "New Staff", email, role: "ADMIN" }, "owner@example.org");
    await relay.mail.runOnce();
    await expect.poll(() => relay.smtp.received.some((m) => m.envelopeTo.includes(email))).toBe(true);
    const message = relay.smtp.received.find((m) => m.envelopeTo.includes(email));
    expect(message?.subject).toMatch(/invited/);
    expect(message?.text).toContain("owner@example.org has invited you");
    const link = message?.text?.match(/https:\/\/\S+\/admin\/reset-password\?token=\S+/)?.[0] ?? "";
    expect(await signIn(email, "whatever password")).toBe(false);

    const page = result(await reset.loader(get(link)));
    expect(page.data).toMatchObject({ state: "ready", invite: true, name: "New Staff" });
    const token = new URL(link).searchParams.get("token") ?? "";
    const done = await reset
      .action(form(link, { token, password: "my own good password", confirm: "my own good password" }))
      .then(() => null)
      .catch((r: unknown) => r as Response);
    expect(done?.headers.get("Location")).toBe("/admin/login?password=set");
    expect(await signIn(email, "my own good password")).toBe(true);
    expect(result(await reset.loader(get(link))).data.state).toBe("invalid");
  });
});
