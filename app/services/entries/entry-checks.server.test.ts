// Entry checks end to end through a real SMTP server: staff ask a place's contact, the contact confirms with the
// link and the button, and the place's "Last checked" moves; the yearly job asks only places that are due.
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { getLocationPage } from "~/queries/locations.server";
import * as confirmRoute from "~/routes/entry-confirm";
import { auditLog, locations } from "~db/schema";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { smtpMailerForFile } from "~tests/helpers/mail-harness";
import { answer, publicContext, routeCalls } from "~tests/helpers/route-calls";
import { signToken } from "../mail/tokens.server";
import { ENTRY_CHECK_DAYS, requestEntryCheck, sendDueEntryChecks } from "./entry-checks.server";

let context: AppLoadContext;
const config = { siteUrl: "https://permaculture.example.org", authSecret: "e".repeat(32) };
const DAY = 24 * 60 * 60_000;

const t = testDatabaseForFile();
const relay = smtpMailerForFile(t, { siteUrl: config.siteUrl });

beforeAll(async () => {
  context = publicContext({ db: t.db, bus: t.bus, mail: relay.mail, config, logger: pino({ level: "silent" }) });
});

const get = (url: string) => routeCalls(context).get(url);
const post = (url: string, body: Record<string, string>) => routeCalls(context).post(url, body);

async function addPlace(name: string, contactEmail: string | null, checkedDaysAgo = 0): Promise<string> {
  const checkedAt = new Date(Date.now() - checkedDaysAgo * DAY);
  const [row] = await t.db
    .insert(locations)
    .values({ name, country: "Kenya", contactEmail, website: "https://example.org", checkedAt, updatedAt: checkedAt })
    .returning({ id: locations.id });
  if (!row) throw new Error("not inserted");
  return row.id;
}

function tokenIn(text: string | undefined): string {
  const link = text?.match(/https:\/\/permaculture\.example\.org\/entry\/confirm\?token=\S+/)?.[0];
  if (!link) throw new Error(`no confirmation link in: ${text}`);
  return new URL(link).searchParams.get("token") ?? "";
}

describe("asking a place's contact to confirm its entry", () => {
  it("sends a signed link; the button (not the link alone) marks the place as checked, once", async () => {
    const id = await addPlace("Check Me Farm", "keeper@example.org", 500);
    const before = await getLocationPage(t.db, "Check-Me-Farm");
    expect(await requestEntryCheck(context.services, id)).toEqual({ outcome: "sent", to: "keeper@example.org" });
    await relay.mail.runOnce();
    const [message] = await relay.smtp.waitFor(1);
    expect(message?.envelopeTo).toEqual(["keeper@example.org"]);
    expect(message?.subject).toBe("Is Check Me Farm still right on the Permaculture Network?");
    expect(message?.text).toContain("https://permaculture.example.org/location/Check-Me-Farm");
    expect(message?.text).toContain("Website: https://example.org");
    const token = tokenIn(message?.text);

    // Opening the link shows the place and a button; nothing is checked yet (mail scanners open links).
    const shown = await confirmRoute.loader(get(`${config.siteUrl}/entry/confirm?token=${token}`));
    expect(shown).toMatchObject({ state: "ready", name: "Check Me Farm", path: "/location/Check-Me-Farm" });
    expect((await getLocationPage(t.db, "Check-Me-Farm"))?.checkedAt.getTime()).toBe(before?.checkedAt.getTime());

    // A confirmation answers 200, whatever the loader that runs after it says of the now used link.
    const done = answer(await confirmRoute.action(post(`${config.siteUrl}/entry/confirm`, { token })));
    expect(done).toMatchObject({ status: 200, data: { state: "confirmed", name: "Check Me Farm" } });
    const after = await getLocationPage(t.db, "Check-Me-Farm");
    expect(after?.checkedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Content unchanged: the entry was confirmed, not edited.
    expect(after?.updatedAt.getTime()).toBe(before?.updatedAt.getTime());
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit?.summary).toBe('The contact confirmed location "Check Me Farm" is still right');

    // Used: the same link says so and changes nothing more.
    expect(answer(await confirmRoute.action(post(`${config.siteUrl}/entry/confirm`, { token })))).toMatchObject({
      status: 200,
      data: { state: "already" },
    });
    expect(await confirmRoute.loader(get(`${config.siteUrl}/entry/confirm?token=${token}`))).toMatchObject({
      state: "already",
    });
  });

  it("refuses forged, expired and replaced links, a place without contact, and a second request the same day", async () => {
    const id = await addPlace("Twice Asked Garden", "twice@example.org", 500);
    expect(await requestEntryCheck(context.services, id)).toMatchObject({ outcome: "sent" });
    expect(await requestEntryCheck(context.services, id)).toEqual({ outcome: "limited" });
    const none = await addPlace("No Contact Grove", null, 500);
    expect(await requestEntryCheck(context.services, none)).toEqual({ outcome: "no-contact" });
    expect(await requestEntryCheck(context.services, "00000000-0000-4000-8000-000000000000")).toEqual({
      outcome: "missing",
    });

    const [row] = await t.db.select().from(locations).where(eq(locations.id, id));
    const expired = signToken(config.authSecret, {
      p: "entry-check",
      s: id,
      e: Math.floor((Date.now() - 1000) / 1000),
      n: row?.checkNonce ?? "",
    });
    const forged = signToken("x".repeat(32), { p: "entry-check", s: id, n: row?.checkNonce ?? "" });
    const otherPurpose = signToken(config.authSecret, { p: "newsletter-confirm", s: id, n: row?.checkNonce ?? "" });
    const stale = signToken(config.authSecret, { p: "entry-check", s: id, n: "an-older-request" });
    for (const token of [expired, forged, otherPurpose, stale, "garbage", ""]) {
      expect(answer(await confirmRoute.loader(get(`${config.siteUrl}/entry/confirm?token=${token}`)))).toEqual({
        status: 410,
        data: { state: "invalid" },
      });
      expect(answer(await confirmRoute.action(post(`${config.siteUrl}/entry/confirm`, { token })))).toEqual({
        status: 410,
        data: { state: "invalid" },
      });
    }
    const [still] = await t.db.select().from(locations).where(eq(locations.id, id));
    expect(still?.checkedAt.getTime()).toBe(row?.checkedAt.getTime());
  });
});

describe("the yearly job", () => {
  it("asks the contacts of places unchecked for a year, once, and none of the others", async () => {
    await t.db.execute(sql`UPDATE locations SET check_requested_at = now()`);
    const due = await addPlace("Long Unchecked Farm", "due@example.org", ENTRY_CHECK_DAYS + 30);
    await addPlace("Recently Checked Farm", "recent@example.org", 100);
    await addPlace("Unreachable Old Farm", "  ", ENTRY_CHECK_DAYS + 30);
    expect(await sendDueEntryChecks(context.services)).toBe(1);
    const [asked] = await t.db.select().from(locations).where(eq(locations.id, due));
    expect(asked?.checkRequestedAt).not.toBeNull();
    // The next run (another hour, or another instance) does not ask again.
    expect(await sendDueEntryChecks(context.services)).toBe(0);
    // A year after the request without an answer, it is asked again.
    expect(await sendDueEntryChecks(context.services, new Date(Date.now() + (ENTRY_CHECK_DAYS + 1) * DAY))).toBe(
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(locations)
        .where(sql`contact_email IS NOT NULL AND btrim(contact_email) <> ''`)
        .then((r) => r[0]?.n ?? 0),
    );
  });
});
