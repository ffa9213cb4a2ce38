import pino from "pino";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { testMailer } from "~tests/helpers/smtp";
import { countPodcastSubscriptionsMatching, getPodcastSubscriptionByEmail } from "../queries/podcast.server";
import type { Mailer } from "../services/mail/mailer.server";
import { action } from "./podcast";

let mail: Mailer;
const t = testDatabaseForFile({ reference: false });

beforeAll(async () => {
  mail = testMailer(t.db, { siteUrl: "http://x.test" });
});
afterAll(async () => {
  await mail?.stop();
});

async function subscribe(email: string, ip = "10.1.1.1", path = "/podcast") {
  const body = new FormData();
  body.append("email", email);
  const request = new Request(`http://x.test${path}`, { method: "POST", body });
  const context = {
    services: {
      db: t.db,
      logger: pino({ level: "silent" }),
      mail,
      config: { siteUrl: "http://x.test", authSecret: "p".repeat(32) },
    },
    clientIp: ip,
  } as unknown as AppLoadContext;
  const result = (await action({ request, context, params: {} } as unknown as Parameters<typeof action>[0])) as {
    data: { ok: boolean; message: string };
    init?: { status?: number };
  };
  return { status: result.init?.status ?? 200, ...result.data };
}

describe("podcast subscription action", () => {
  it("stores an address once, unconfirmed, and answers a repeat (any case) exactly the same way", async () => {
    const first = await subscribe("Listener@Example.org");
    const again = await subscribe("listener@example.org");
    expect(first).toMatchObject({ status: 200, ok: true });
    expect(again).toEqual(first);
    // Stored once the answer is out (the answer takes as long whatever the address), waiting for its owner.
    await mail.settled();
    expect(await countPodcastSubscriptionsMatching(t.db)).toBe(1);
    expect(await getPodcastSubscriptionByEmail(t.db, "listener@example.org")).toMatchObject({
      confirmedAt: null,
      language: "en",
    });
  });

  it("rejects a malformed address with 400 and a clear message", async () => {
    expect(await subscribe("not an address", "10.1.1.2")).toMatchObject({
      status: 400,
      ok: false,
      message: "Please enter a valid e-mail address.",
    });
  });

  it("answers in the page's language: missing, too long or malformed addresses, and a thank-you that asks to confirm", async () => {
    expect(await subscribe("", "10.1.1.4", "/es/podcast")).toMatchObject({
      status: 400,
      message: "Introduce tu dirección de correo electrónico.",
    });
    expect(await subscribe(`${"a".repeat(250)}@example.org`, "10.1.1.4", "/de/podcast")).toMatchObject({
      status: 400,
      message: "Diese E-Mail-Adresse ist zu lang.",
    });
    expect(await subscribe("not an address", "10.1.1.4", "/fr/podcast")).toMatchObject({
      status: 400,
      message: "Veuillez saisir une adresse e-mail valide.",
    });
    expect(await subscribe("hoerer@example.org", "10.1.1.4", "/de/podcast")).toMatchObject({
      status: 200,
      ok: true,
      message:
        "Danke! Schau in dein Postfach und klicke auf den Link in unserer E-Mail, um deine Adresse zu bestätigen: Danach bekommst du zu jeder neuen Folge eine E-Mail.",
    });
    await mail.settled();
    // The sign-up keeps the page's language: its confirmation and every episode e-mail are written in it.
    expect((await getPodcastSubscriptionByEmail(t.db, "hoerer@example.org"))?.language).toBe("de");
  });

  it("rate limits one client after a few attempts", async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await subscribe(`p${i}@example.org`, "10.1.1.3")).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });
});
