import { describe, expect, it } from "vitest";
import { mailboxOf } from "~/lib/mailbox";
import { serverWithMail } from "../helpers/server-with-mail";
import type { ReceivedMail } from "../helpers/smtp";

/**
 * The mail findings of issue 36 against the built server, as their victims would see them (decision 054): what
 * reaches a mailbox through a real SMTP server, and which links in it still open.
 */
const site = serverWithMail("mail-abuse", { env: { SEED: "none" } });
const SITE = site.siteUrl;
const { post, open } = site;

const signUp = (email: string) => site.postJson("/api/newsletter", { email, source: "footer" });
const inbox = (mailbox: string): ReceivedMail[] =>
  site.smtp.received.filter((m) => m.envelopeTo.some((a) => mailboxOf(a).mailbox === mailbox));

/** Waits until a mailbox holds `n` messages, then a moment more, so a message too many would show. */
async function arrived(mailbox: string, n: number): Promise<ReceivedMail[]> {
  for (let i = 0; i < 300 && inbox(mailbox).length < n; i++) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 1500));
  return inbox(mailbox);
}
const linksIn = (m: ReceivedMail | undefined, prefix: string) =>
  [...(m?.text ?? "").matchAll(new RegExp(`${prefix.replace(/[.?/]/g, "\\$&")}\\S+`, "g"))].map((x) => x[0]);

describe("mail a stranger can cause, against the built server (decision 054)", () => {
  it("a victim's inbox gets three confirmations a day, however many +tags a script tries", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await signUp(i % 2 ? `Victim+${i}@Example.org` : `victim+${i}@example.org`)).status).toBe(200);
    }
    expect(await arrived("victim@example.org", 3)).toHaveLength(3);
  });

  it("a suggestion's acknowledgement holds only the site's words, not the name the visitor typed", async () => {
    const ack = await site.acknowledgedSuggestion(
      "Cheap watches at evil.example, call now",
      "someone-else@example.org",
    );
    expect(ack?.subject).toBe("Thank you for your suggestion to the Permaculture Network");
    for (const part of [ack?.subject, ack?.text, ack?.html]) expect(part).not.toMatch(/evil\.example|watches/);
  });

  it("an older confirmation link still opens after the address is signed up again", async () => {
    expect((await signUp("reader@example.net")).status).toBe(200);
    await arrived("reader@example.net", 1);
    expect((await signUp("reader@example.net")).status).toBe(200);
    const [first, second] = await arrived("reader@example.net", 2);
    const [older] = linksIn(first, `${SITE}/newsletter/confirm?token=`);
    expect(second).toBeTruthy();
    const page = await open(older ?? "");
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/name="token"/);
  });

  it("an older reset link still opens after someone asks again; the password set through it ends the newer one", async () => {
    const email = "gardener@example.org";
    const created = await post(
      "/admin/dashboard/users",
      {
        intent: "create",
        access: "password",
        name: "Gardener",
        email,
        role: "DEFAULT",
        password: "first password 123",
      },
      true,
    );
    expect(created.status).toBe(302);
    expect((await post("/admin/forgot-password", { email })).status).toBe(200);
    await arrived(email, 1);
    expect((await post("/admin/forgot-password", { email })).status).toBe(200);
    const [first, second] = await arrived(email, 2);
    const [older] = linksIn(first, `${SITE}/admin/reset-password?token=`);
    const [newer] = linksIn(second, `${SITE}/admin/reset-password?token=`);
    expect((await open(older ?? "")).status).toBe(200);
    expect((await open(newer ?? "")).status).toBe(200);

    const token = new URL(older ?? "").searchParams.get("token") ?? "";
    const set = await post("/admin/reset-password", {
      token,
      password: "a brand new password",
      confirm: "a brand new password",
    });
    expect(set.status).toBe(302);
    expect((await open(newer ?? "")).status).toBe(410);
    expect((await open(older ?? "")).status).toBe(410);
  });

  it("re-enabling a disabled invitee does not bring the old invitation back; a new one works", async () => {
    const email = "invitee@example.org";
    const invited = await post(
      "/admin/dashboard/users",
      { intent: "create", access: "invite", name: "Invitee", email, role: "DEFAULT" },
      true,
    );
    expect(invited.status).toBe(302);
    const [invitation] = await arrived(email, 1);
    const [old] = linksIn(invitation, `${SITE}/admin/reset-password?token=`);
    expect((await open(old ?? "")).status).toBe(200);

    const screen = await (await site.get("/admin/dashboard/users", true)).text();
    const row = screen.slice(screen.indexOf(email));
    const userId = row.match(/name="userId" value="([^"]+)"/)?.[1] ?? "";
    expect(userId).not.toBe("");
    expect((await post("/admin/dashboard/users", { intent: "disable", userId }, true)).status).toBe(302);
    expect((await post("/admin/dashboard/users", { intent: "enable", userId }, true)).status).toBe(302);
    expect((await open(old ?? "")).status).toBe(410);

    const after = await (await site.get("/admin/dashboard/users", true)).text();
    expect(after.slice(after.indexOf(email))).toMatch(/Invitation ended[\s\S]*?Send a new invitation/);
    expect((await post("/admin/dashboard/users", { intent: "resend-invitation", userId }, true)).status).toBe(302);
    const [, fresh] = await arrived(email, 2);
    const [link] = linksIn(fresh, `${SITE}/admin/reset-password?token=`);
    expect((await open(link ?? "")).status).toBe(200);
    expect((await open(old ?? "")).status).toBe(410);
  });
});
