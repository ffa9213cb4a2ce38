import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { LocationSchema } from "~/lib/schemas/location";
import { PROPOSAL_TOKEN_FIELD } from "~/lib/schemas/proposal";
import { createLocation, getLocationById, type LocationInput } from "~/queries/locations.server";
import { insertProposal } from "~/queries/proposals.server";
import {
  createUserWithPassword,
  getNoticeSettings,
  listNoticeRecipients,
  setNoticeSettings,
} from "~/queries/users.server";
import * as locationForm from "~/routes/admin/location-form";
import * as itemRoute from "~/routes/admin/moderation-item";
import * as usersRoute from "~/routes/admin/users";
import * as correctionRoute from "~/routes/suggest-correction";
import * as suggestRoute from "~/routes/suggest-place";
import { locations, proposals, users } from "~db/schema";
import { call, entryFormRequest, formRequest, getRequest, reviewProposal, settle } from "~tests/helpers/admin-context";
import { locationInput } from "~tests/helpers/location-input";
import { adminHarnessWithSmtp } from "~tests/helpers/mail-harness";
import type { ReceivedMail } from "~tests/helpers/smtp";
import { issueFormToken } from "./form-timing.server";
import { sendDailyDigests } from "./staff-notices.server";

/**
 * Contributions and staff (issue 37, decision 058), as a visitor or a staff member notices them: the language a
 * suggested place is kept in, the country it is stored under, the town search and "Is it one of these?" of the form,
 * the mail that tells visitors the outcome (through a real SMTP server) and staff's notices and digests.
 */
let publishedId: string;

/** A place in Granada, with the given fields besides. */
function place(name: string, extra: Partial<LocationInput> = {}): LocationInput {
  return locationInput(name, {
    shortDescription: "Terraces and a nursery",
    country: "Spain",
    contactCity: "Granada",
    latitude: 37.18,
    longitude: -3.6,
    ...extra,
  });
}

// The first administrator: notices on until they choose otherwise.
const h = adminHarnessWithSmtp("first-admin@example.org");

beforeAll(async () => {
  publishedId = await createLocation(h.t.db, place("Alpujarra Terraces Farm", { language: "es" }));
  await createLocation(
    h.t.db,
    place("Alpujarra Hidden Terraces", { status: "draft", latitude: 37.2, longitude: -3.5 }),
  );
});

let ip = 0;
const context = () => ({ ...h.context, clientIp: `198.51.100.${++ip}` }) as AppLoadContext;
let issued = 0;
const token = (form: string) => issueFormToken("test", form, Date.now() - 5_000 - issued++);

const statusOf = (r: { value?: unknown; thrown?: unknown }) => {
  const v = (r.value ?? r.thrown) as { status?: number; init?: { status?: number } | null };
  return v instanceof Response ? v.status : (v?.init?.status ?? 200);
};
const dataOf = <T>(r: { value?: unknown }) => (r.value as { data: T }).data;

/** A visitor's suggestion from a page (its address, with the language prefix), with a newly opened form's token. */
function suggest(page: string, fields: Record<string, string>) {
  return settle(() =>
    call(
      suggestRoute.action as never,
      formRequest(page, { [PROPOSAL_TOKEN_FIELD]: token("suggest-place"), ...fields }),
      context(),
    ),
  );
}

function correct(page: string, fields: Record<string, string>, id = publishedId) {
  return settle(() =>
    call(
      correctionRoute.action as never,
      formRequest(page, { [PROPOSAL_TOKEN_FIELD]: token("suggest-correction"), ...fields }),
      context(),
      { kind: "location", id },
    ),
  );
}

const review = (id: string, fields: Record<string, string | string[]>) => reviewProposal(h, id, fields);

async function proposalNamed(name: string) {
  const rows = await h.t.db.select().from(proposals);
  const found = rows.find((r) => r.fields.name === name || r.fields["to:name"] === name);
  if (!found) throw new Error(`no proposal named ${name}`);
  return found;
}

/** Hands every queued message to the SMTP server until the outbox is quiet. */
async function flush(): Promise<void> {
  let quiet = 0;
  while (quiet < 3) {
    await h.mail.settled();
    quiet = (await h.mail.runOnce()) === 0 ? quiet + 1 : 0;
  }
}
const inbox = (address: string): ReceivedMail[] => h.smtp.received.filter((m) => m.envelopeTo.includes(address));

describe("a suggested place keeps the language and the country its visitor gave", () => {
  it("a place suggested from the Spanish page becomes a draft marked Spanish", async () => {
    expect(statusOf(await suggest("/es/suggest-a-place", { name: "Huerta del Río", country: "ES" }))).toBe(303);
    const proposal = await proposalNamed("Huerta del Río");
    expect(proposal.language).toBe("es");
    const accepted = await review(proposal.id, {
      intent: "accept",
      use_name: "on",
      name: "Huerta del Río",
      use_country: "on",
      country: "Spain",
    });
    expect(statusOf(accepted)).toBe(302);
    const [row] = await h.t.db.select().from(locations).where(eq(locations.name, "Huerta del Río"));
    expect(row).toMatchObject({ status: "draft", language: "es", country: "Spain" });
  });

  it("staff can say the visitor wrote in another language than their page's", async () => {
    await suggest("/de/suggest-a-place", { name: "English Garden Berlin", country: "DE" });
    const proposal = await proposalNamed("English Garden Berlin");
    expect(proposal.language).toBe("de");
    await review(proposal.id, { intent: "accept", use_name: "on", name: "English Garden Berlin", language: "en" });
    const [row] = await h.t.db.select().from(locations).where(eq(locations.name, "English Garden Berlin"));
    expect(row?.language).toBe("en");
  });

  it("stores the country chosen from the list as the site stores countries, whatever the page's language", async () => {
    await suggest("/fr/suggest-a-place", { name: "Ferme du Code", country: "DE" });
    expect((await proposalNamed("Ferme du Code")).fields.country).toBe("Germany");
    // A country typed before the lists existed (an old page, a script) is stored as the country it names.
    await suggest("/es/suggest-a-place", { name: "Granja Escrita", country: "España" });
    expect((await proposalNamed("Granja Escrita")).fields.country).toBe("Spain");
    // Text that names no country is refused in the page's language.
    const refused = await suggest("/es/suggest-a-place", { name: "Granja Cascadia", country: "Cascadia" });
    expect(statusOf(refused)).toBe(400);
    expect(dataOf<{ errors: Record<string, string> }>(refused).errors.country).toBe("Elige un país de la lista.");
  });

  it("offers the list in the page's language, sorted as that language sorts", async () => {
    const loaded = (await call(suggestRoute.loader as never, getRequest("/de/suggest-a-place"), h.context)) as {
      countries: { value: string; label: string }[];
    };
    const labels = loaded.countries.map((c) => c.label);
    expect(loaded.countries.find((c) => c.value === "ES")?.label).toBe("Spanien");
    // Ägypten sorts with the As in German, not after Z.
    expect(labels.indexOf("Ägypten")).toBeLessThan(labels.indexOf("Albanien"));
    expect(loaded.countries.length).toBeGreaterThan(240);
  });

  it("shows staff a country typed in any language as the country it names, and flags text that names none", async () => {
    const typed = async (country: string) => {
      const id = await insertProposal(h.t.db, {
        kind: "new-place",
        entity: "location",
        entityId: null,
        fields: { name: `Typed ${country}`, country },
        comment: "",
        email: null,
        consentAt: null,
        language: "es",
      });
      const loaded = (await call(
        itemRoute.loader as never,
        getRequest(`/admin/dashboard/moderation/${id}`),
        h.context,
        {
          id,
        },
      )) as { data: { fields: { field: string; value: unknown; country: unknown }[] } };
      return loaded.data.fields.find((f) => f.field === "country");
    };
    expect(await typed("España")).toMatchObject({ value: "Spain", country: { known: true, code: "ES" } });
    expect(await typed("Deutschland")).toMatchObject({ value: "Germany", country: { known: true, code: "DE" } });
    expect(await typed("Cascadia")).toMatchObject({ value: "Cascadia", country: { known: false } });
  });

  it("a correction keeps the entry's own language, and its country is chosen from the list too", async () => {
    const sent = await correct(`/pt/suggest-a-correction/location/${publishedId}`, {
      country: "PT",
      contactCity: "Lisboa",
    });
    expect(statusOf(sent)).toBe(303);
    const proposal = (await h.t.db.select().from(proposals)).find(
      (p) => p.entityId === publishedId && p.fields["to:contactCity"] === "Lisboa",
    );
    expect(proposal?.fields["to:country"]).toBe("Portugal");
    expect(proposal?.language).toBe("pt");
    // The country left as the entry has it is no change.
    const unchanged = await correct(`/suggest-a-correction/location/${publishedId}`, {
      country: "ES",
      contactCity: "Órgiva",
    });
    expect(statusOf(unchanged)).toBe(303);
    const second = (await h.t.db.select().from(proposals)).find((p) => p.fields["to:contactCity"] === "Órgiva");
    expect(Object.keys(second?.fields ?? {})).not.toContain("to:country");
    expect((await getLocationById(h.t.db, publishedId))?.language).toBe("es");
  });
});

describe("the suggestion form's town search and look-alikes", () => {
  it("finds a town of the built-in list without JavaScript and fills in its coordinates, storing nothing", async () => {
    const before = (await h.t.db.select().from(proposals)).length;
    const found = await suggest("/de/suggest-a-place", {
      name: "Stadtgarten",
      country: "DE",
      intent: "find-town",
      townQuery: "München",
    });
    expect(statusOf(found)).toBe(200);
    const answer = dataOf<{ values: Record<string, string>; town: { found: { label: string } } }>(found);
    expect(Number(answer.values.latitude)).toBeCloseTo(48.14, 1);
    expect(Number(answer.values.longitude)).toBeCloseTo(11.58, 1);
    expect(answer.town.found.label).toBe("München, Deutschland");
    expect(answer.values.name).toBe("Stadtgarten");
    const unknown = await suggest("/de/suggest-a-place", { name: "X", intent: "find-town", townQuery: "Nowhereville" });
    expect(dataOf<{ town: unknown }>(unknown).town).toEqual({ notFound: "Nowhereville" });
    expect((await h.t.db.select().from(proposals)).length).toBe(before);
  });

  it("asks 'Is it one of these?' with the published look-alikes before storing, never naming a draft", async () => {
    const fields = { name: "Alpujarra Terraces", country: "ES", latitude: "37.19", longitude: "-3.59" };
    const asked = await suggest("/es/suggest-a-place", fields);
    expect(statusOf(asked)).toBe(200);
    const answer = dataOf<{ duplicates: { id: string; name: string; path: string; where: string }[] }>(asked);
    expect(answer.duplicates).toEqual([
      {
        id: publishedId,
        name: "Alpujarra Terraces Farm",
        path: "/location/Alpujarra-Terraces-Farm",
        where: "Granada, España",
      },
    ]);
    expect(JSON.stringify(answer)).not.toContain("Hidden");
    expect((await h.t.db.select().from(proposals)).some((p) => p.fields.name === "Alpujarra Terraces")).toBe(false);
    // Sent again after seeing them, it is stored.
    expect(statusOf(await suggest("/es/suggest-a-place", { ...fields, duplicatesSeen: "1" }))).toBe(303);
    expect((await proposalNamed("Alpujarra Terraces")).status).toBe("pending");
  });
});

describe("visitors hear the outcome of their contribution", () => {
  it("a suggested place: nothing while it is a draft, then one message in the page's language once published", async () => {
    await suggest("/de/suggest-a-place", {
      name: "Gemüsehof Sonnenschein <b>Spam</b>",
      country: "DE",
      proposerEmail: "gaertnerin@example.net",
      consent: "on",
    });
    const proposal = await proposalNamed("Gemüsehof Sonnenschein <b>Spam</b>");
    const accepted = await review(proposal.id, {
      intent: "accept",
      use_name: "on",
      name: "Gemüsehof Sonnenschein",
      use_country: "on",
      country: "Germany",
    });
    const draftId = ((accepted.thrown ?? accepted.value) as Response).headers.get("Location")?.split("/").pop() ?? "";
    await flush();
    expect(inbox("gaertnerin@example.net").map((m) => m.subject)).toEqual([
      // The acknowledgement only.
      expect.stringContaining("Danke"),
    ]);
    const draft = await getLocationById(h.t.db, draftId);
    const save = (status: string) =>
      settle(() =>
        call(
          locationForm.action as never,
          entryFormRequest(`/admin/dashboard/edit/${draftId}`, LocationSchema, {
            name: draft?.name ?? "",
            country: "Germany",
            markerType: "farm",
            status,
            language: "de",
          }),
          h.context,
          { id: draftId },
        ),
      );
    expect(statusOf(await save("published"))).toBe(302);
    await flush();
    const told = inbox("gaertnerin@example.net").slice(1);
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toBe("Der Ort, den du vorgeschlagen hast, ist jetzt auf Permaculture Network");
    expect(told[0]?.text).toContain("http://localhost/de/location/Gem%C3%BCsehof-Sonnenschein");
    // Only the site's words: not the name the visitor typed (decision 054).
    expect(told[0]?.text).not.toContain("Spam");
    expect(told[0]?.html).toContain('lang="de"');
    // Saved again: nobody is told twice.
    expect(statusOf(await save("published"))).toBe(302);
    await flush();
    expect(inbox("gaertnerin@example.net")).toHaveLength(2);
  });

  it("a correction accepted and one declined, each told once in its page's language; none without an address", async () => {
    await correct(`/pt/suggest-a-correction/location/${publishedId}`, {
      contactPhone: "+34 958 000 000",
      proposerEmail: "leitora@example.net",
      consent: "on",
    });
    await correct(`/fr/suggest-a-correction/location/${publishedId}`, {
      website: "https://alpujarra.example",
      proposerEmail: "lectrice@example.net",
      consent: "on",
    });
    await correct(`/es/suggest-a-correction/location/${publishedId}`, { shortDescription: "Sin dirección" });
    const rows = await h.t.db.select().from(proposals);
    const byField = (f: string) => rows.find((p) => p.status === "pending" && p.fields[`to:${f}`] !== undefined);
    const phone = byField("contactPhone");
    const site = byField("website");
    const silent = byField("shortDescription");
    expect(
      statusOf(
        await review(phone?.id ?? "", {
          intent: "accept-correction",
          use_contactPhone: "on",
          contactPhone: "+34 958 000 000",
        }),
      ),
    ).toBe(302);
    expect(statusOf(await review(site?.id ?? "", { intent: "reject", reason: "Not their site", note: "spam?" }))).toBe(
      302,
    );
    expect(statusOf(await review(silent?.id ?? "", { intent: "reject", reason: "", note: "" }))).toBe(302);
    await flush();
    const pt = inbox("leitora@example.net").filter((m) => !m.subject?.includes("Agradecemos"));
    expect(pt.map((m) => m.subject)).toEqual(["Sua correção já está na Permaculture Network"]);
    expect(pt[0]?.text).toContain("http://localhost/pt/location/Alpujarra-Terraces-Farm");
    const fr = inbox("lectrice@example.net").filter((m) => m.subject?.startsWith("À propos"));
    expect(fr.map((m) => m.subject)).toEqual(["À propos de votre correction sur Permaculture Network"]);
    // Staff's reason and note stay with staff.
    expect(fr[0]?.text).not.toContain("Not their site");
    expect(fr[0]?.text).not.toContain("spam?");
    // The correction sent without an address was decided without a message to anyone.
    expect((await h.t.db.select().from(proposals)).find((p) => p.id === silent?.id)?.outcomeSentAt).toBeNull();
  });

  it("a declined suggestion is told too, without a link; past the day's cap nothing more goes to that mailbox", async () => {
    for (let i = 0; i < 11; i++) {
      await suggest("/suggest-a-place", {
        name: `Capped Farm ${i}`,
        country: "CL",
        proposerEmail: `busy+${i}@example.net`,
        consent: "on",
      });
    }
    for (let i = 0; i < 11; i++) {
      const p = await proposalNamed(`Capped Farm ${i}`);
      expect(statusOf(await review(p.id, { intent: "reject", reason: "", note: "" }))).toBe(302);
    }
    await flush();
    const declined = h.smtp.received.filter(
      (m) => m.envelopeTo.some((a) => a.startsWith("busy+")) && m.subject?.startsWith("About the place"),
    );
    // Ten a day to one mailbox (busy+1@ and busy+2@ are one), and each contribution is marked as told either way.
    expect(declined).toHaveLength(10);
    expect(declined[0]?.text).not.toContain("/location/");
    const told = (await h.t.db.select().from(proposals)).filter((p) => String(p.fields.name).startsWith("Capped Farm"));
    expect(told.every((p) => p.outcomeSentAt !== null)).toBe(true);
  });
});

describe("staff hear of new contributions and applications as they chose", () => {
  let digestId: string;
  let quietId: string;

  beforeAll(async () => {
    const password = "a long staff password";
    digestId = await createUserWithPassword(h.t.db, {
      email: "digest@example.org",
      name: "D",
      role: "ADMIN",
      password,
    });
    quietId = await createUserWithPassword(h.t.db, { email: "later@example.org", name: "L", role: "ADMIN", password });
    await setNoticeSettings(h.t.db, digestId, { applications: true, contributions: true, digest: true });
  });

  it("the first administrator hears of each new contribution at once; an admin who never chose hears nothing", async () => {
    expect(await getNoticeSettings(h.t.db, h.userId)).toMatchObject({
      applications: true,
      contributions: true,
      digest: false,
      chosen: false,
    });
    expect(await getNoticeSettings(h.t.db, quietId)).toMatchObject({ applications: false, contributions: false });
    const before = inbox("first-admin@example.org").length;
    await suggest("/es/suggest-a-place", { name: "Notice Farm", country: "ES" });
    await flush();
    const notices = inbox("first-admin@example.org").slice(before);
    expect(notices.map((m) => m.subject)).toEqual(["New suggested place: Notice Farm"]);
    expect(notices[0]?.text).toContain(`/admin/dashboard/moderation/${(await proposalNamed("Notice Farm")).id}`);
    expect(notices[0]?.text).toContain("/admin/dashboard/users#notices");
    expect(inbox("later@example.org")).toHaveLength(0);
    expect(inbox("digest@example.org")).toHaveLength(0);
  });

  it("a member saves their own settings on Admin → Users, never someone else's", async () => {
    const saved = await settle(() =>
      call(
        usersRoute.action as never,
        formRequest("/admin/dashboard/users", {
          intent: "notices",
          contributions: "on",
          delivery: "each",
          userId: quietId,
        }),
        h.context,
      ),
    );
    expect(statusOf(saved)).toBe(302);
    expect(await getNoticeSettings(h.t.db, h.userId)).toEqual({
      applications: false,
      contributions: true,
      digest: false,
      chosen: true,
    });
    expect((await getNoticeSettings(h.t.db, quietId)).chosen).toBe(false);
    const bad = await settle(() =>
      call(
        usersRoute.action as never,
        formRequest("/admin/dashboard/users", { intent: "notices", delivery: "hourly" }),
        h.context,
      ),
    );
    expect(statusOf(bad)).toBe(400);
    // Applications now reach nobody at once: the first admin turned them off, the digest member waits for the day.
    expect(await listNoticeRecipients(h.t.db, "applications")).toEqual([]);
    expect((await listNoticeRecipients(h.t.db, "contributions")).map((r) => r.email)).toEqual([
      "first-admin@example.org",
    ]);
  });

  it("the daily digest lists what arrived, goes once a day however many instances run, and not when nothing did", async () => {
    const before = inbox("digest@example.org").length;
    // Two instances' maintenance at the same moment: one digest.
    const [a, b] = await Promise.all([sendDailyDigests(h.services), sendDailyDigests(h.services)]);
    expect(a + b).toBe(1);
    await flush();
    const digests = inbox("digest@example.org").slice(before);
    expect(digests).toHaveLength(1);
    expect(digests[0]?.subject).toMatch(/^Daily digest: (\d+ new applications?, )?\d+ new contributions$/);
    expect(digests[0]?.text).toContain("A suggested place: “Notice Farm”");
    expect(digests[0]?.text).toContain("/admin/dashboard/moderation/");
    // Later the same day: nothing more.
    expect(await sendDailyDigests(h.services)).toBe(0);
    // The next day, with nothing new since: no message, but the day is taken.
    await h.t.db
      .update(users)
      .set({ digestSentAt: new Date(Date.now() - 26 * 3600_000) })
      .where(eq(users.id, digestId));
    await h.t.db.update(proposals).set({ createdAt: new Date(Date.now() - 30 * 3600_000) });
    expect(await sendDailyDigests(h.services)).toBe(0);
    expect(await sendDailyDigests(h.services)).toBe(0);
  });
});
