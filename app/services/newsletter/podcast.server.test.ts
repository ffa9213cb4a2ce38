import type { AppLoadContext } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  countPodcastSubscriptionsByState,
  createEpisode,
  getEpisodeById,
  getPodcastSubscriptionByEmail,
} from "~/queries/podcast.server";
import * as confirmPage from "~/routes/subscription-confirm";
import * as unsubscribePage from "~/routes/subscription-unsubscribe";
import { serverTranslate } from "~/server-lib/messages.server";
import { podcastSubscriptions } from "~db/schema";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { smtpMailerForFile } from "~tests/helpers/mail-harness";
import { answer, publicContext, routeCalls } from "~tests/helpers/route-calls";
import { linkIn, type ReceivedMail, testMailer } from "~tests/helpers/smtp";
import { announceEpisode, askUnaskedPodcastSignUps, pruneUnconfirmedPodcastSubscriptions } from "./podcast.server";
import { CONFIRM_MESSAGES_PER_DAY, requestSubscription } from "./subscription-links.server";

/**
 * Podcast subscriptions keep what the podcast box promises (issue 37, decision 057): a confirmation first, one
 * e-mail per new episode in the subscriber's language, a one-click unsubscribe; through a real SMTP server, on a real
 * database (PGlite, or Postgres with TEST_DATABASE_URL).
 */
const SITE = "https://permaculture.example.org";
let context: AppLoadContext;
const config = { siteUrl: SITE, authSecret: "q".repeat(32) };

const t = testDatabaseForFile({ reference: false });
const relay = smtpMailerForFile(t, { siteUrl: SITE });

beforeAll(async () => {
  context = publicContext({ db: t.db, mail: relay.mail, config });
});
beforeEach(async () => {
  await t.db.delete(podcastSubscriptions);
});

const services = () => context.services;
const call = () => routeCalls(context);

/** Hands the queue to the SMTP server and returns what reached `to` since `from` messages had arrived. */
async function delivered(to: string, from = 0): Promise<ReceivedMail[]> {
  await relay.mail.settled();
  for (let i = 0; i < 5; i++) await relay.mail.runOnce();
  return relay.smtp.received.slice(from).filter((m) => m.envelopeTo.includes(to));
}

/** A header as the message carried it (mailparser turns List-* headers into objects; this reads the raw text). */
function header(m: ReceivedMail | undefined, name: string): string {
  const unfolded = (m?.raw ?? "").split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, " ") ?? "";
  return unfolded.match(new RegExp(`^${name}: (.*)$`, "im"))?.[1]?.trim() ?? "";
}

/** Signs an address up from a page in `lang` and confirms it through the link in its message. */
async function confirmedSubscriber(email: string, lang: "en" | "es" | "de" = "en") {
  const from = relay.smtp.received.length;
  expect(await requestSubscription(services(), "podcast", { email: email, lang: lang })).toBe("sent");
  const [message] = await delivered(email, from);
  const prefix = `${SITE}${lang === "en" ? "" : `/${lang}`}/podcast/confirm?token=`;
  const link = linkIn(message?.text, prefix);
  const token = new URL(link).searchParams.get("token") ?? "";
  expect(answer(await confirmPage.action(call().post(link, { token })))).toEqual({
    status: 200,
    data: { state: "confirmed" },
  });
  return message;
}

async function newEpisode(number: number, extra: Partial<Parameters<typeof createEpisode>[1]> = {}) {
  return createEpisode(t.db, {
    number,
    title: `Soil, part ${number}`,
    summary: "How a farm in Kenya rebuilt its soil.",
    durationSeconds: 60,
    publishedAt: new Date(),
    ...extra,
  });
}

describe("podcast subscriptions: double opt-in", () => {
  it("stores a sign-up unconfirmed and sends a confirmation in the page's language; only its link confirms", async () => {
    const from = relay.smtp.received.length;
    expect(await requestSubscription(services(), "podcast", { email: "oyente@example.org", lang: "es" })).toBe("sent");
    const [message] = await delivered("oyente@example.org", from);
    const es = serverTranslate("es");
    expect(message?.subject).toBe(es("mail.podcastConfirm.subject", { siteName: "Permaculture Network" }));
    expect(message?.html).toContain('<html lang="es">');
    expect(await countPodcastSubscriptionsByState(t.db)).toEqual({ confirmed: 0, awaiting: 1 });

    const link = linkIn(message?.text, `${SITE}/es/podcast/confirm?token=`);
    // Opening the link asks; only the button confirms (mail scanners open every link).
    expect(await confirmPage.loader(call().get(link))).toEqual({
      state: "ready",
      token: expect.any(String),
      email: "oyente@example.org",
    });
    expect(await countPodcastSubscriptionsByState(t.db)).toEqual({ confirmed: 0, awaiting: 1 });
    const token = new URL(link).searchParams.get("token") ?? "";
    expect(answer(await confirmPage.action(call().post(link, { token })))).toEqual({
      status: 200,
      data: { state: "confirmed" },
    });
    expect(await countPodcastSubscriptionsByState(t.db)).toEqual({ confirmed: 1, awaiting: 0 });
    // A second use changes nothing and says so.
    expect(answer(await confirmPage.action(call().post(link, { token })))).toEqual({
      status: 200,
      data: { state: "already" },
    });
    // A confirmed address signing up again gets no message.
    expect(await requestSubscription(services(), "podcast", { email: "Oyente@Example.org", lang: "es" })).toBe(
      "active",
    );
    expect(await delivered("oyente@example.org", relay.smtp.received.length)).toEqual([]);
  });

  it("a forged or tampered confirmation link confirms nothing (410)", async () => {
    await requestSubscription(services(), "podcast", { email: "forged@example.org", lang: "en" });
    const result = answer(await confirmPage.action(call().post(`${SITE}/podcast/confirm`, { token: "abc.def" })));
    expect(result.status).toBe(410);
    expect((await getPodcastSubscriptionByEmail(t.db, "forged@example.org"))?.confirmedAt).toBeNull();
  });

  it("sends at most three confirmations a day to one mailbox, however its address is spelled", async () => {
    const from = relay.smtp.received.length;
    const outcomes = [];
    for (const spelling of ["fan@example.org", "Fan+1@example.org", "fan+2@Example.org", "fan+3@example.org"]) {
      outcomes.push(await requestSubscription(services(), "podcast", { email: spelling, lang: "en" }));
    }
    expect(outcomes.slice(0, CONFIRM_MESSAGES_PER_DAY)).toEqual(["sent", "sent", "sent"]);
    expect(outcomes[CONFIRM_MESSAGES_PER_DAY]).toBe("limited");
    await delivered("fan@example.org", from);
    const toMailbox = relay.smtp.received
      .slice(from)
      .filter((m) => /^fan(\+\d)?@example\.org$/i.test(m.envelopeTo[0] ?? ""));
    expect(toMailbox).toHaveLength(3);
  });
});

describe("podcast subscriptions: one e-mail per new episode", () => {
  it("e-mails a new episode once to each confirmed subscriber, in their language, with a one-click unsubscribe", async () => {
    await confirmedSubscriber("listener@example.org", "en");
    await confirmedSubscriber("hoerer@example.org", "de");
    // Waiting for confirmation: gets nothing but the confirmation.
    await requestSubscription(services(), "podcast", { email: "waiting@example.org", lang: "en" });
    await delivered("waiting@example.org");
    const id = await newEpisode(41, {
      guest: "Wangari",
      translations: { de: { title: "Boden, Teil 41", summary: "Wie ein Hof in Kenia seinen Boden erneuerte." } },
    });
    const from = relay.smtp.received.length;
    expect(await announceEpisode(services(), id)).toEqual({ outcome: "sent", recipients: 2 });

    const [en] = await delivered("listener@example.org", from);
    expect(en?.subject).toBe("New episode 41 of the Permaculture Network podcast: Soil, part 41");
    expect(en?.text).toContain("How a farm in Kenya rebuilt its soil.");
    expect(en?.text).toContain("With Wangari.");
    expect(en?.text).toContain(`${SITE}/podcast#episode-41`);
    const [de] = await delivered("hoerer@example.org", from);
    expect(de?.subject).toBe("Neue Folge 41 des Podcasts von Permaculture Network: Boden, Teil 41");
    expect(de?.text).toContain("Wie ein Hof in Kenia seinen Boden erneuerte.");
    expect(de?.html).toContain('<html lang="de">');
    expect(de?.headers.get("content-language")).toBe("de");
    expect(await delivered("waiting@example.org", from)).toEqual([]);

    // RFC 8058: the header names the subscriber's own signed page in their language, and says one-click.
    const unsubscribe = header(de, "List-Unsubscribe");
    expect(unsubscribe).toMatch(/^<https:\/\/permaculture\.example\.org\/de\/podcast\/unsubscribe\?token=[^>]+>$/);
    expect(header(de, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(de?.text).toContain(unsubscribe.slice(1, -1));

    const episode = await getEpisodeById(t.db, id);
    expect(episode?.announcedAt).toBeInstanceOf(Date);
    expect(episode?.announcedTo).toBe(2);
  });

  it("never e-mails an episode twice: again, at the same moment, or after a restart", async () => {
    await confirmedSubscriber("once@example.org", "en");
    const id = await newEpisode(42);
    const from = relay.smtp.received.length;
    // Two staff members (or two instances) at once, then a third try later.
    const both = await Promise.all([announceEpisode(services(), id), announceEpisode(services(), id)]);
    expect(both.map((b) => b.outcome).sort()).toEqual(["already", "sent"]);
    expect(await announceEpisode(services(), id)).toEqual({ outcome: "already" });
    // A new mailer on the same database stands for a restarted instance.
    const restarted = testMailer(t.db, { siteUrl: SITE, smtpUrl: relay.smtp.url });
    expect(await announceEpisode({ ...services(), mail: restarted }, id)).toEqual({ outcome: "already" });
    await restarted.stop();
    expect(await delivered("once@example.org", from)).toHaveLength(1);
  });

  it("unsubscribes with the mail client's one-click POST, deletes the address, and sends it no later episode", async () => {
    await confirmedSubscriber("leaving@example.org", "es");
    const first = await newEpisode(43);
    let from = relay.smtp.received.length;
    expect(await announceEpisode(services(), first)).toEqual({ outcome: "sent", recipients: 1 });
    const [message] = await delivered("leaving@example.org", from);
    const link = header(message, "List-Unsubscribe").slice(1, -1);

    // What a mail provider sends (RFC 8058): a POST with List-Unsubscribe=One-Click, no session, no page visit.
    const oneClick = answer(await unsubscribePage.action(call().post(link, { "List-Unsubscribe": "One-Click" })));
    expect(oneClick).toEqual({ status: 200, data: { state: "unsubscribed", email: "leaving@example.org" } });
    expect(await getPodcastSubscriptionByEmail(t.db, "leaving@example.org")).toBeNull();
    // The visible link afterwards says so, rather than "this link does not work".
    expect(await unsubscribePage.loader(call().get(link))).toEqual({ state: "unsubscribed" });

    const second = await newEpisode(44);
    from = relay.smtp.received.length;
    await announceEpisode(services(), second);
    expect(await delivered("leaving@example.org", from)).toEqual([]);
  });
});

describe("podcast sign-ups from before confirmation existed", () => {
  it("asks each once, in English, gets them no episode until they confirm, and deletes them a week after asking", async () => {
    // As migration 0023 leaves them: unconfirmed, never asked.
    await t.db.insert(podcastSubscriptions).values([
      { email: "early@example.org", timestamp: new Date("2025-03-01T00:00:00Z") },
      { email: "earlier@example.org", timestamp: new Date("2025-01-01T00:00:00Z") },
    ]);
    const id = await newEpisode(45);
    let from = relay.smtp.received.length;
    await announceEpisode(services(), id);
    expect(await delivered("early@example.org", from)).toEqual([]);

    // Not deleted before they were asked, however old.
    expect(await pruneUnconfirmedPodcastSubscriptions(services())).toBe(0);

    from = relay.smtp.received.length;
    expect(await askUnaskedPodcastSignUps(services())).toBe(2);
    expect(await askUnaskedPodcastSignUps(services())).toBe(0);
    const asked = await delivered("early@example.org", from);
    expect(asked).toHaveLength(1);
    const en = serverTranslate("en");
    expect(asked[0]?.text).toContain(en("mail.podcastConfirm.askedBefore", { siteName: "Permaculture Network" }));
    const link = linkIn(asked[0]?.text, `${SITE}/podcast/confirm?token=`);
    expect(await confirmPage.loader(call().get(link))).toMatchObject({ state: "ready", email: "early@example.org" });

    // The one who does not confirm is deleted the day after the link expires; not before.
    expect(await pruneUnconfirmedPodcastSubscriptions(services(), Date.now() + 7 * 24 * 3600_000)).toBe(0);
    const token = new URL(link).searchParams.get("token") ?? "";
    await confirmPage.action(call().post(link, { token }));
    expect(await pruneUnconfirmedPodcastSubscriptions(services(), Date.now() + 9 * 24 * 3600_000)).toBe(1);
    expect(await getPodcastSubscriptionByEmail(t.db, "earlier@example.org")).toBeNull();
    expect((await getPodcastSubscriptionByEmail(t.db, "early@example.org"))?.confirmedAt).toBeInstanceOf(Date);
  });
});
