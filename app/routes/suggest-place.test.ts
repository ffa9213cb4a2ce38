import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, locations, proposals } from "~db/schema";
import { adminHarnessForFile, call, formRequest, reviewProposal, settle } from "~tests/helpers/admin-context";
import { PROPOSAL_TOKEN_FIELD } from "../lib/schemas/proposal";
import { getLocationPage } from "../queries/locations.server";
import { getProposal } from "../queries/proposals.server";
import { issueFormToken } from "../services/contributions/form-timing.server";
import * as suggestRoute from "./suggest-place";

const h = adminHarnessForFile();

/** A token of its own for each form, issued five seconds ago: a person's pace, past the timing check. */
let issued = 0;
const token = () => issueFormToken("test", "suggest-place", Date.now() - 5_000 - issued++);

/** A visitor's post from one address (with the token of a newly opened form unless `formToken` is given). */
function propose(fields: Record<string, string | string[]>, ip = "203.0.113.7") {
  const context = { ...h.context, clientIp: ip } as typeof h.context;
  return settle(() =>
    call(
      suggestRoute.action as never,
      formRequest("/suggest-a-place", { [PROPOSAL_TOKEN_FIELD]: token(), ...fields }),
      context,
    ),
  );
}

const statusOf = (r: { value?: unknown; thrown?: unknown }) => {
  const v = (r.value ?? r.thrown) as { status?: number; init?: { status?: number } };
  return v instanceof Response ? v.status : (v?.init?.status ?? 200);
};

async function proposalsNamed(name: string) {
  const rows = await h.t.db.select().from(proposals);
  return rows.filter((r) => r.fields.name === name);
}

describe(`suggesting a place (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("stores what the visitor can know as a pending proposal, and never an entry", async () => {
    const sent = await propose({
      name: "Hillside <b>Seed</b> Farm",
      markerType: "farm",
      country: "Portugal",
      contactCity: "Aljezur",
      latitude: "37.3",
      longitude: "-8.8",
      note: "I volunteered there in <i>2025</i>.",
      // Fields a visitor may not set: ignored.
      status: "published",
      slug: "owned",
      id: "00000000-0000-4000-8000-000000000000",
      createdAt: "2000-01-01",
    });
    expect(statusOf(sent)).toBe(303);
    const [stored] = await proposalsNamed("Hillside <b>Seed</b> Farm");
    expect(stored).toMatchObject({ kind: "new-place", status: "pending", entityId: null, email: null });
    expect(stored?.fields).toMatchObject({ country: "Portugal", contactCity: "Aljezur", latitude: "37.3" });
    expect(Object.keys(stored?.fields ?? {})).not.toContain("status");
    expect(stored?.comment).toBe("I volunteered there in <i>2025</i>.");
    expect(await getLocationPage(h.t.db, "Hillside-<b>Seed</b>-Farm")).toBeNull();
  });

  it("answers mistakes with 400 and the message, keeping what was typed; a 1 MB field is refused whole (413)", async () => {
    const missing = await propose({ name: "", country: "" });
    expect(statusOf(missing)).toBe(400);
    const body = (missing.value as { data: { errors: Record<string, string> } }).data;
    expect(body.errors.name).toMatch(/required/);
    expect(body.errors.country).toMatch(/required/);

    const long = await propose({ name: "Long Note Farm", country: "Chile", note: "x".repeat(2500) });
    expect(statusOf(long)).toBe(400);
    expect((long.value as { data: { errors: Record<string, string> } }).data.errors.note).toMatch(/2000 characters/);

    // Longer than any field of the form: refused before its values are read, nothing stored.
    const huge = await propose({ name: "Huge Note Farm", country: "Chile", note: "x".repeat(1_000_000) });
    expect(statusOf(huge)).toBe(413);
    expect((huge.value as { data: { errors: Record<string, string> } }).data.errors.form).toBe(
      "A field of the form is longer than this page allows. Please shorten it and submit again.",
    );
    expect(await proposalsNamed("Huge Note Farm")).toEqual([]);

    const noConsent = await propose({ name: "Consent Farm", country: "Chile", proposerEmail: "me@example.org" });
    expect(statusOf(noConsent)).toBe(400);
    expect(await proposalsNamed("Consent Farm")).toEqual([]);
  });

  it("stores one suggestion per filled form: the same form sent again is refused (409) and stores nothing more", async () => {
    const form = token();
    const first = await propose({ name: "Once Only Farm", country: "Chile", [PROPOSAL_TOKEN_FIELD]: form });
    expect(statusOf(first)).toBe(303);
    for (let i = 0; i < 3; i++) {
      const again = await propose({ name: "Once Only Farm", country: "Chile", [PROPOSAL_TOKEN_FIELD]: form });
      expect(statusOf(again)).toBe(409);
      expect((again.value as { data: { errors: Record<string, string> } }).data.errors.form).toBe(
        "This form has already been sent. To send another, please reload the page.",
      );
    }
    expect(await proposalsNamed("Once Only Farm")).toHaveLength(1);
    // A form sent back with a mistake keeps its token: corrected, it is stored.
    const other = token();
    expect(statusOf(await propose({ name: "", country: "Chile", [PROPOSAL_TOKEN_FIELD]: other }))).toBe(400);
    expect(statusOf(await propose({ name: "Fixed Farm", country: "Chile", [PROPOSAL_TOKEN_FIELD]: other }))).toBe(303);
    expect(await proposalsNamed("Fixed Farm")).toHaveLength(1);
  });

  it("drops bot posts: a filled honeypot looks accepted but stores nothing; a post faster than a person is refused", async () => {
    const bot = await propose({ name: "Bot Farm", country: "Chile", homepage: "http://spam.example" });
    expect(statusOf(bot)).toBe(303);
    expect(await proposalsNamed("Bot Farm")).toEqual([]);

    const context = { ...h.context, clientIp: "203.0.113.8" } as typeof h.context;
    const fast = await settle(() =>
      call(
        suggestRoute.action as never,
        formRequest("/suggest-a-place", {
          [PROPOSAL_TOKEN_FIELD]: issueFormToken("test", "suggest-place"),
          name: "Fast Farm",
          country: "Chile",
        }),
        context,
      ),
    );
    expect(statusOf(fast)).toBe(400);
    expect(await proposalsNamed("Fast Farm")).toEqual([]);
  });

  it("limits a flood from one address with 429 and Retry-After, keeping every earlier proposal", async () => {
    const ip = "198.51.100.9";
    for (let i = 0; i < 10; i++)
      expect(statusOf(await propose({ name: `Flood Farm ${i}`, country: "Chile" }, ip))).toBe(303);
    const over = await propose({ name: "Flood Farm 10", country: "Chile" }, ip);
    expect(statusOf(over)).toBe(429);
    const init = (over.value as { init: { headers: Record<string, string> } }).init;
    expect(Number(new Headers(init.headers).get("Retry-After"))).toBeGreaterThan(0);
    expect((over.value as { data: { errors: { form: string } } }).data.errors.form).toMatch(/try again/);
    for (let i = 0; i < 10; i++) expect(await proposalsNamed(`Flood Farm ${i}`)).toHaveLength(1);
    // Another address is not affected.
    expect(statusOf(await propose({ name: "Neighbour Farm", country: "Chile" }, "198.51.100.10"))).toBe(303);
  });
});

describe("staff decide on a proposed place", () => {
  const review = (id: string, fields: Record<string, string | string[]>) => reviewProposal(h, id, fields);

  it("accepting the ticked fields, as edited, creates a draft; the proposal records it, once; the audit log has it", async () => {
    await propose({
      name: "River Bend School",
      markerType: "school",
      country: "Kenya",
      contactCity: "Kisumu",
      contactPhone: "+254 700 000",
      website: "https://river-bend.example",
    });
    const [proposal] = await proposalsNamed("River Bend School");
    const id = proposal?.id ?? "";
    const accepted = await review(id, {
      intent: "accept",
      use_name: "on",
      name: "River Bend Permaculture School",
      use_country: "on",
      country: "Kenya",
      use_markerType: "on",
      markerType: "school",
      use_contactCity: "on",
      contactCity: "Kisumu",
      // The phone is not ticked: left out. The website is ticked.
      contactPhone: "+254 700 000",
      use_website: "on",
      website: "https://river-bend.example",
      note: "Checked their website.",
    });
    expect(statusOf(accepted)).toBe(302);
    const target = (accepted.thrown ?? accepted.value) as Response;
    const locationId = target.headers.get("Location")?.split("/").pop() ?? "";
    const [row] = await h.t.db.select().from(locations).where(eq(locations.id, locationId));
    expect(row).toMatchObject({
      name: "River Bend Permaculture School",
      status: "draft",
      contactCity: "Kisumu",
      contactPhone: null,
      website: "https://river-bend.example",
      markerType: "school",
      featured: false,
    });
    expect(await getLocationPage(h.t.db, "River-Bend-Permaculture-School")).toBeNull();
    expect(await getProposal(h.t.db, id)).toMatchObject({
      status: "accepted",
      entityId: locationId,
      note: "Checked their website.",
      decidedBy: "content-admin@example.org",
    });
    const audit = await h.t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((a) => a.summary)).toEqual([
      `Accepted the proposed place "River Bend Permaculture School" as a draft`,
    ]);

    const again = await review(id, {
      intent: "accept",
      use_name: "on",
      name: "Another",
      use_country: "on",
      country: "X",
    });
    expect(statusOf(again)).toBe(409);
  });

  it("a name already taken is the field's message, and the proposal waits on", async () => {
    await propose({ name: "Twin Farm", country: "Chile" });
    await propose({ name: "Twin Farm", country: "Chile" }, "203.0.113.99");
    const [first, second] = await proposalsNamed("Twin Farm");
    const fields = { intent: "accept", use_name: "on", name: "Twin Farm", use_country: "on", country: "Chile" };
    expect(statusOf(await review(first?.id ?? "", fields))).toBe(302);
    const clash = await review(second?.id ?? "", fields);
    expect(statusOf(clash)).toBe(400);
    expect((clash.value as { data: { errors: Record<string, string> } }).data.errors.name).toMatch(/already uses/);
    expect(await getProposal(h.t.db, second?.id ?? "")).toMatchObject({ status: "pending" });
  });

  it("declining keeps the reason and note and changes nothing else", async () => {
    await propose({ name: "Not A Farm", country: "Chile" });
    const [p] = await proposalsNamed("Not A Farm");
    const declined = await review(p?.id ?? "", { intent: "reject", reason: "Not a permaculture site", note: "Shop" });
    expect(statusOf(declined)).toBe(302);
    expect(await getProposal(h.t.db, p?.id ?? "")).toMatchObject({
      status: "rejected",
      reason: "Not a permaculture site",
      note: "Shop",
      entityId: null,
    });
    const audit = await h.t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, p?.id ?? ""));
    expect(audit[0]?.summary).toBe(`Declined the proposed place "Not A Farm": Not a permaculture site`);
  });

  it("an unknown contribution is 404; an unknown intent is 400", async () => {
    const missing = await review("123e4567-e89b-42d3-a456-426614174000", { intent: "reject" });
    expect(statusOf(missing)).toBe(404);
    const [p] = await proposalsNamed("Neighbour Farm");
    const odd = await review(p?.id ?? "", { intent: "publish" });
    expect(statusOf(odd)).toBe(400);
  });
});
