import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { smtpMailerForFile } from "~tests/helpers/mail-harness";
import { answer, publicContext, routeCalls } from "~tests/helpers/route-calls";
import { linkIn } from "~tests/helpers/smtp";
import { countNewsletterSubscriptions, getSubscriptionByEmail } from "../queries/newsletter.server";
import { signToken } from "../services/mail/tokens.server";
import { requestSubscription, unsubscribeUrl } from "../services/newsletter/subscription-links.server";

import * as confirm from "./subscription-confirm";
import * as unsubscribe from "./subscription-unsubscribe";

let context: AppLoadContext;
const config = { siteUrl: "https://permaculture.example.org", authSecret: "k".repeat(32) };

const t = testDatabaseForFile();
const relay = smtpMailerForFile(t, { siteUrl: config.siteUrl });

beforeAll(async () => {
  context = publicContext({ db: t.db, mail: relay.mail, config });
});

const get = (url: string) => routeCalls(context).get(url);
const post = (url: string, body: Record<string, string>) => routeCalls(context).post(url, body);

describe("newsletter double opt-in, end to end through a real SMTP server", () => {
  it("counts an address only after its confirmation link is used, once", async () => {
    const before = await countNewsletterSubscriptions(t.db);
    expect(
      await requestSubscription(context.services, "newsletter", { email: "ada@example.org", source: "footer" }),
    ).toBe("sent");
    await relay.mail.runOnce();
    const [message] = await relay.smtp.waitFor(1);
    expect(message?.subject).toBe("Confirm your subscription to the Permaculture Network newsletter");
    expect(message?.messageId).toMatch(/@permaculture\.example\.org>$/);
    const link = linkIn(message?.text, "https://permaculture.example.org/newsletter/confirm?token=");
    expect(message?.html).toContain(link.replace(/&/g, "&#38;"));
    expect(await countNewsletterSubscriptions(t.db)).toBe(before);

    // Opening the link asks; only the button confirms (a mail scanner opening links confirms nothing).
    expect(await confirm.loader(get(link))).toEqual({
      state: "ready",
      token: expect.any(String),
      email: "ada@example.org",
    });
    expect(await countNewsletterSubscriptions(t.db)).toBe(before);
    const token = new URL(link).searchParams.get("token") ?? "";
    // A confirmation answers 200, whatever the loader that runs after it says of the now used link.
    expect(answer(await confirm.action(post(link, { token })))).toEqual({ status: 200, data: { state: "confirmed" } });
    expect(await countNewsletterSubscriptions(t.db)).toBe(before + 1);
    expect((await getSubscriptionByEmail(t.db, "ada@example.org"))?.confirmedAt).toBeInstanceOf(Date);

    // A second use changes nothing.
    expect(answer(await confirm.action(post(link, { token })))).toEqual({ status: 200, data: { state: "already" } });
    expect(await countNewsletterSubscriptions(t.db)).toBe(before + 1);
    // A confirmed address signing up again is sent nothing.
    expect(
      await requestSubscription(context.services, "newsletter", { email: "ADA@example.org", source: "footer" }),
    ).toBe("active");
  });

  it("refuses a tampered or expired link; another sign-up does not cancel the link already sent", async () => {
    relay.smtp.received.length = 0;
    await requestSubscription(context.services, "newsletter", { email: "bo@example.org", source: "footer" });
    await requestSubscription(context.services, "newsletter", { email: "bo@example.org", source: "footer" });
    await relay.mail.runOnce();
    const [first, second] = await relay.smtp.waitFor(2);
    const tokens = [first, second].map(
      (m) => new URL(linkIn(m?.text, `${config.siteUrl}/newsletter/confirm?token=`)).searchParams.get("token") ?? "",
    );
    const current = (await getSubscriptionByEmail(t.db, "bo@example.org"))?.confirmNonce;
    const nonceOf = (tok: string) =>
      (JSON.parse(Buffer.from(tok.split(".")[0] ?? "", "base64url").toString()) as { n: string }).n;
    // Both links carry the one-time value the database holds: a stranger signing the address up again cannot
    // cancel the link its owner is about to use (decision 054). Using either uses up both.
    expect(tokens.map(nonceOf)).toEqual([current, current]);
    const newToken = tokens[1] ?? "";
    const url = `${config.siteUrl}/newsletter/confirm`;
    expect(answer(await confirm.loader(get(`${url}?token=${encodeURIComponent(tokens[0] ?? "")}`)))).toMatchObject({
      data: { state: "ready" },
    });
    // A changed letter breaks the signature.
    // The second-to-last letter is replaced by a different one (checking that letter, not the last: the same letter
    // would leave the token intact about once in 64 runs).
    const tampered = `${newToken.slice(0, -2)}${newToken.at(-2) === "A" ? "B" : "A"}${newToken.slice(-1)}`;
    expect(tampered).not.toBe(newToken);
    expect(answer(await confirm.action(post(url, { token: tampered })))).toEqual({
      status: 410,
      data: { state: "invalid" },
    });
    expect(answer(await confirm.loader(get(`${url}?token=${encodeURIComponent(tampered)}`)))).toEqual({
      status: 410,
      data: { state: "invalid" },
    });
    // Past its seven days.
    const sub = await getSubscriptionByEmail(t.db, "bo@example.org");
    const expired = signToken(config.authSecret, {
      p: "newsletter-confirm",
      s: sub?.id ?? "",
      e: Math.floor(Date.now() / 1000) - 1,
      n: sub?.confirmNonce ?? "",
    });
    expect(answer(await confirm.action(post(url, { token: expired })))).toEqual({
      status: 410,
      data: { state: "invalid" },
    });
    // A token for another purpose (unsubscribe) cannot confirm.
    const other = new URL(unsubscribeUrl(context.services, "newsletter", sub?.id ?? "", "en")).searchParams.get(
      "token",
    );
    expect(answer(await confirm.action(post(url, { token: other ?? "" })))).toEqual({
      status: 410,
      data: { state: "invalid" },
    });
    expect(answer(await confirm.action(post(url, { token: newToken })))).toEqual({
      status: 200,
      data: { state: "confirmed" },
    });
  });

  it("sends at most three confirmation messages a day to one address", async () => {
    relay.smtp.received.length = 0;
    const outcomes = [];
    for (let i = 0; i < 5; i++)
      outcomes.push(
        await requestSubscription(context.services, "newsletter", { email: "flood@example.org", source: "footer" }),
      );
    expect(outcomes).toEqual(["sent", "sent", "sent", "limited", "limited"]);
    await relay.mail.runOnce();
    await relay.smtp.waitFor(3);
    await new Promise((r) => setTimeout(r, 100));
    expect(relay.smtp.received).toHaveLength(3);
  });
});

describe("unsubscribe", () => {
  it("by the page's button and by a mail client's one-click POST, without signing in", async () => {
    for (const [email, oneClick] of [
      ["page@example.org", false],
      ["oneclick@example.org", true],
    ] as const) {
      await requestSubscription(context.services, "newsletter", { email: email, source: "footer" });
      const sub = await getSubscriptionByEmail(t.db, email);
      await t.db.execute(`UPDATE newsletter_subscriptions SET confirmed_at = now() WHERE id = '${sub?.id}'`);
      const before = await countNewsletterSubscriptions(t.db);
      const url = unsubscribeUrl(context.services, "newsletter", sub?.id ?? "", "en");
      expect(url).toMatch(/^https:\/\/permaculture\.example\.org\/newsletter\/unsubscribe\?token=/);
      if (oneClick) {
        expect(answer(await unsubscribe.action(post(url, { "List-Unsubscribe": "One-Click" })))).toEqual({
          status: 200,
          data: { state: "unsubscribed", email },
        });
      } else {
        const asked = await unsubscribe.loader(get(url));
        expect(asked).toMatchObject({ state: "ask", email });
        expect(answer(await unsubscribe.action(post(url, { token: (asked as { token: string }).token })))).toEqual({
          status: 200,
          data: { state: "unsubscribed", email },
        });
      }
      expect(await countNewsletterSubscriptions(t.db)).toBe(before - 1);
      // Again: still unsubscribed, no error.
      expect(await unsubscribe.loader(get(url))).toEqual({ state: "unsubscribed", email });
      expect(answer(await unsubscribe.action(post(url, {})))).toEqual({
        status: 200,
        data: { state: "unsubscribed", email },
      });
    }
    expect(answer(await unsubscribe.loader(get(`${config.siteUrl}/newsletter/unsubscribe?token=nonsense`)))).toEqual({
      status: 410,
      data: { state: "invalid" },
    });
    expect(answer(await unsubscribe.action(post(`${config.siteUrl}/newsletter/unsubscribe`, {})))).toEqual({
      status: 410,
      data: { state: "invalid" },
    });
  });

  it("a link to a subscription staff removed no longer works (the newsletter keeps leavers, so a gone row was removed)", async () => {
    await requestSubscription(context.services, "newsletter", { email: "removed@example.org", source: "footer" });
    const sub = await getSubscriptionByEmail(t.db, "removed@example.org");
    const url = unsubscribeUrl(context.services, "newsletter", sub?.id ?? "", "en");
    expect(await unsubscribe.loader(get(url))).toMatchObject({ state: "ask", email: "removed@example.org" });
    await t.db.execute(`DELETE FROM newsletter_subscriptions WHERE id = '${sub?.id}'`);
    expect(answer(await unsubscribe.loader(get(url)))).toEqual({ status: 410, data: { state: "invalid" } });
  });

  it("an unsubscribed address that signs up again must confirm again", async () => {
    expect(
      await requestSubscription(context.services, "newsletter", { email: "page@example.org", source: "footer" }),
    ).toBe("sent");
    const sub = await getSubscriptionByEmail(t.db, "page@example.org");
    expect(sub?.unsubscribedAt).toBeInstanceOf(Date);
  });
});
