import { beforeAll, describe, expect, it } from "vitest";
import { ChangeMakerSchema } from "~/lib/schemas/change-maker";
import { EpisodeSchema } from "~/lib/schemas/episode";
import { ProgramSchema } from "~/lib/schemas/program";
import { ResourceSchema } from "~/lib/schemas/resource";
import { createApplication, getApplicationById } from "~/queries/applications.server";
import { getChangeMakerById, listChangeMakers } from "~/queries/change-makers.server";
import { createLocation, type LocationInput } from "~/queries/locations.server";
import { getMail, listMail } from "~/queries/mail.server";
import {
  confirmSubscription,
  listNewsletterSubscriptions,
  recordSignUp,
  unsubscribeSubscription,
} from "~/queries/newsletter.server";
import { listEpisodes, recordPodcastSignUp } from "~/queries/podcast.server";
import { getProgramById, getProgramBySlug } from "~/queries/programs.server";
import { listResources } from "~/queries/resources.server";
import {
  adminHarnessForFile,
  call,
  dataResult,
  entryFormRequest,
  formRequest,
  getRequest,
  settle,
} from "~tests/helpers/admin-context";
import { locationInput } from "~tests/helpers/location-input";
import * as applicants from "./applicants";
import * as changeMakerForm from "./change-maker-form";
import * as exportRoute from "./export";
import * as newsletter from "./newsletter";
import * as podcast from "./podcast";
import * as podcastSubscribers from "./podcast-subscribers";
import * as programForm from "./program-form";
import * as programs from "./programs";
import * as resourceForm from "./resource-form";

let hostId: string;

const location = (name: string): LocationInput => locationInput(name, { country: "Peru" });

const h = adminHarnessForFile();

beforeAll(async () => {
  hostId = await createLocation(h.t.db, location("Andes Seed House"));
});

type Invalid = { errors: Record<string, string>; values: Record<string, string> };

describe("programs", () => {
  const post = (url: string, fields: Record<string, string | string[]>, params: Record<string, string> = {}) =>
    settle(() => call(programForm.action, entryFormRequest(url, ProgramSchema, fields), h.context, params));

  it("creates a program with its host, price in cents and educators, ignoring extra fields", async () => {
    const { value } = await post("/admin/dashboard/programs/add", {
      name: "Andes Design Course",
      hostLocation: "Andes Seed House",
      startDate: "2026-06-01",
      endDate: "2026-06-12",
      price: "450.50",
      currency: "pen",
      educators: "Rosa Quispe\nMateo Huanca",
      createdAt: "1990-01-01",
      slug: "evil",
    });
    expect((value as Response).status).toBe(302);
    const row = await getProgramBySlug(h.t.db, "Andes-Design-Course");
    expect(row).toMatchObject({
      locationId: hostId,
      priceCents: 45050,
      currency: "PEN",
      educators: ["Rosa Quispe", "Mateo Huanca"],
    });
    expect(row?.createdAt.getFullYear()).toBeGreaterThan(1990);
  });

  it("refuses a duplicate name, an unknown host and an end before the start", async () => {
    const dup = dataResult<Invalid>(
      (await post("/admin/dashboard/programs/add", { name: "Andes Design Course" })).value,
    );
    expect(dup.status).toBe(400);
    expect(dup.data.errors.name).toMatch(/Another program is already called “Andes Design Course”/);
    const host = dataResult<Invalid>(
      (await post("/admin/dashboard/programs/add", { name: "Other", hostLocation: "Nowhere" })).value,
    );
    expect(host.data.errors.hostLocation).toMatch(/No location has this name/);
    const dates = dataResult<Invalid>(
      (await post("/admin/dashboard/programs/add", { name: "Other", startDate: "2026-02-02", endDate: "2026-02-01" }))
        .value,
    );
    expect(dates.data.errors.endDate).toBe("End date must be on or after the start date.");
    expect(dates.data.values.startDate).toBe("2026-02-02");
  });

  it("updates (refreshing updatedAt) and deletes", async () => {
    const row = await getProgramBySlug(h.t.db, "Andes-Design-Course");
    if (!row) throw new Error("missing");
    await new Promise((r) => setTimeout(r, 20));
    await post(
      `/admin/dashboard/programs/edit/${row.id}`,
      { name: "Andes Design Course", summary: "New" },
      { id: row.id },
    );
    const after = await getProgramById(h.t.db, row.id);
    expect(after?.summary).toBe("New");
    expect(after?.locationId).toBeNull();
    expect(after?.updatedAt.getTime()).toBeGreaterThan(row.updatedAt.getTime());
    const res = (await call(
      programs.action,
      formRequest("/admin/dashboard/programs", { intent: "delete", id: row.id }),
      h.context,
    )) as Response;
    expect(res.status).toBe(302);
    expect(await getProgramById(h.t.db, row.id)).toBeNull();
  });
});

describe("resources and change-makers", () => {
  it("creates a resource of one of the six types and rejects another type", async () => {
    const ok = await settle(() =>
      call(
        resourceForm.action,
        entryFormRequest("/admin/dashboard/resources/add", ResourceSchema, {
          title: "Gaia's Garden",
          type: "book",
          url: "https://x.org",
        }),
        h.context,
      ),
    );
    expect((ok.value as Response).status).toBe(302);
    expect((await listResources(h.t.db)).map((r) => r.title)).toContain("Gaia's Garden");
    const bad = await settle(() =>
      call(
        resourceForm.action,
        entryFormRequest("/admin/dashboard/resources/add", ResourceSchema, {
          title: "X",
          type: "movie",
          url: "https://x.org",
        }),
        h.context,
      ),
    );
    expect(dataResult<Invalid>(bad.value).data.errors.type).toBeDefined();
  });

  it("creates a change-maker with links and related locations resolved by name", async () => {
    const { value } = await settle(() =>
      call(
        changeMakerForm.action,
        entryFormRequest("/admin/dashboard/change-makers/add", ChangeMakerSchema, {
          name: "Rosa Quispe",
          role: "Seed keeper",
          linkLabel: ["Website", "", "", "", ""],
          linkUrl: ["https://rosa.example.org", "", "", "", ""],
          relatedLocations: "Andes Seed House",
        }),
        h.context,
      ),
    );
    expect((value as Response).status).toBe(302);
    const [person] = await listChangeMakers(h.t.db, { q: "Rosa" });
    expect(person?.links).toEqual([{ label: "Website", url: "https://rosa.example.org" }]);
    expect(person?.relatedLocationIds).toEqual([hostId]);
    const unknown = await settle(() =>
      call(
        changeMakerForm.action,
        entryFormRequest(`/admin/dashboard/change-makers/edit/${person?.id}`, ChangeMakerSchema, {
          name: "Rosa Quispe",
          relatedLocations: "Atlantis",
        }),
        h.context,
        { id: person?.id ?? "" },
      ),
    );
    expect(dataResult<Invalid>(unknown.value).data.errors.relatedLocations).toContain("Atlantis");
    expect((await getChangeMakerById(h.t.db, person?.id ?? ""))?.relatedLocationIds).toEqual([hostId]);
  });
});

describe("applicants", () => {
  let appId: string;
  beforeAll(async () => {
    appId = await createApplication(h.t.db, {
      fullName: '=HYPERLINK("http://evil")',
      email: "learner@example.org",
      applicantType: "learner",
      country: "Chile",
      experience: 'Some, with "quotes"\nand lines',
      consentAt: new Date(),
    });
  });
  const setStatus = (status: string) =>
    settle(() =>
      call(
        applicants.action,
        formRequest("/admin/dashboard/applicants", { intent: "status", id: appId, status }),
        h.context,
      ),
    );

  it("lists with counts per status and shows one application's details", async () => {
    const data = (await call(applicants.loader, getRequest(`/admin/dashboard/applicants?id=${appId}`), h.context)) as {
      counts: Record<string, number>;
      selected: { email: string; allowed: string[] } | null;
    };
    expect(data.counts.NEEDS_REVIEW).toBe(1);
    expect(data.selected?.email).toBe("learner@example.org");
    expect(data.selected?.allowed).toEqual(["UNDER_REVIEW"]);
  });

  it("enforces the review transitions with a clear 400 message", async () => {
    const skip = dataResult<{ errors: Record<string, string> }>((await setStatus("APPROVED")).value);
    expect(skip.status).toBe(400);
    expect(skip.data.errors.status).toBe(
      'An application that is "Needs review" cannot move to "Approved". It can move to Under review.',
    );
    expect(((await setStatus("UNDER_REVIEW")).value as Response).status).toBe(302);
    expect(((await setStatus("APPROVED")).value as Response).status).toBe(302);
    expect(dataResult((await setStatus("REJECTED")).value).status).toBe(400);
    expect(((await setStatus("UNDER_REVIEW")).value as Response).status).toBe(302);
    expect((await getApplicationById(h.t.db, appId))?.status).toBe("UNDER_REVIEW");
  });

  it("e-mails the applicant a decision with staff's personal note, unless staff choose not to", async () => {
    const decide = (id: string, status: string, extra: Record<string, string>) =>
      call(
        applicants.action,
        formRequest("/admin/dashboard/applicants", { intent: "status", id, status, ...extra }),
        h.context,
      );
    const make = (email: string) =>
      createApplication(h.t.db, {
        fullName: "Wanjiru Kamau",
        email,
        applicantType: "educator",
        country: "Kenya",
        experience: "Ten years of dryland water harvesting.",
        consentAt: new Date(),
      });
    const told = await make("told@example.org");
    await decide(told, "UNDER_REVIEW", {});
    await decide(told, "APPROVED", { notify: "on", message: "We loved your swale photos." });
    const silent = await make("silent@example.org");
    await decide(silent, "UNDER_REVIEW", {});
    await decide(silent, "REJECTED", { message: "not sent" });
    const decisions = await listMail(h.t.db, { kind: "application-decision" }, { limit: 10, offset: 0 });
    expect(decisions.map((m) => m.toAddress)).toEqual(["told@example.org"]);
    expect(decisions[0]?.subject).toMatch(/is approved/);
    const full = await getMail(h.t.db, decisions[0]?.id ?? "");
    expect(full?.textBody).toContain("Dear Wanjiru,");
    expect(full?.textBody).toContain("A note from our team: We loved your swale photos.");
    // Moving to "Under review" is not a decision: nobody was e-mailed about it.
    expect(await listMail(h.t.db, { kind: "application-decision" }, { limit: 10, offset: 0 })).toHaveLength(1);
  });

  it("lets each staff member turn e-mails about new applications on and off (on at first for the first administrator)", async () => {
    const toggle = (notices: string) =>
      call(applicants.action, formRequest("/admin/dashboard/applicants", { intent: "notices", notices }), h.context);
    const state = async () =>
      ((await call(applicants.loader, getRequest("/admin/dashboard/applicants"), h.context)) as { notices: boolean })
        .notices;
    expect(await state()).toBe(true);
    await toggle("off");
    expect(await state()).toBe(false);
    await toggle("on");
    expect(await state()).toBe(true);
  });

  it("saves internal notes", async () => {
    await call(
      applicants.action,
      formRequest("/admin/dashboard/applicants", { intent: "notes", id: appId, notes: "  Call back in May " }),
      h.context,
    );
    expect((await getApplicationById(h.t.db, appId))?.notes).toBe("Call back in May");
  });

  it("exports CSV as an attachment with formula cells neutralised", async () => {
    const res = (await call(exportRoute.loader, getRequest("/admin/dashboard/export/applicants"), h.context, {
      dataset: "applicants",
    })) as Response;
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="applicants-all-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await res.text();
    expect(text).toContain('"\'=HYPERLINK(""http://evil"")"');
    expect(text).toContain('"Some, with ""quotes""\nand lines"');
  });
});

describe("newsletter and podcast", () => {
  it("searches, exports and removes newsletter subscribers", async () => {
    for (const email of ["keep@example.org", "=cmd@example.org"]) {
      const { id } = await recordSignUp(h.t.db, email, "footer", "n");
      await confirmSubscription(h.t.db, id, "n");
    }
    const data = (await call(newsletter.loader, getRequest("/admin/dashboard/newsletter?q=keep"), h.context)) as {
      rows: { id: string; email: string }[];
      total: number;
    };
    expect(data.rows.map((r) => r.email)).toEqual(["keep@example.org"]);
    expect(data.total).toBe(1);
    const csv = (await call(exportRoute.loader, getRequest("/admin/dashboard/export/newsletter"), h.context, {
      dataset: "newsletter",
    })) as Response;
    expect(await csv.text()).toContain("'=cmd@example.org");
    await call(
      newsletter.action,
      formRequest("/admin/dashboard/newsletter", { intent: "delete", id: data.rows[0]?.id ?? "" }),
      h.context,
    );
    expect((await listNewsletterSubscriptions(h.t.db, { q: "keep", limit: 5, offset: 0 })).length).toBe(0);
  });

  it("lists confirmed subscribers by default and shows each address's confirmation status, in the list and the CSV", async () => {
    const waiting = await recordSignUp(h.t.db, "waiting@example.org", "footer", "w");
    const gone = await recordSignUp(h.t.db, "gone@example.org", "footer", "g");
    await confirmSubscription(h.t.db, gone.id, "g");
    await unsubscribeSubscription(h.t.db, gone.id);
    type List = { rows: { email: string; state: string }[]; counts: Record<string, number> };
    const list = async (qs: string) =>
      (await call(newsletter.loader, getRequest(`/admin/dashboard/newsletter${qs}`), h.context)) as List;
    const confirmed = await list("");
    expect(confirmed.rows.map((r) => r.email)).not.toContain("waiting@example.org");
    expect(confirmed.rows.every((r) => r.state === "confirmed")).toBe(true);
    expect((await list("?state=awaiting")).rows.map((r) => r.email)).toEqual(["waiting@example.org"]);
    expect((await list("?state=unsubscribed")).rows.map((r) => r.email)).toEqual(["gone@example.org"]);
    const all = await list("?state=all");
    expect(all.counts).toMatchObject({ awaiting: 1, unsubscribed: 1 });
    const csv = (await call(exportRoute.loader, getRequest("/admin/dashboard/export/newsletter?state=all"), h.context, {
      dataset: "newsletter",
    })) as Response;
    const text = await csv.text();
    expect(text.split(/\r?\n/)[0]).toBe("email,status,timestamp,confirmed_at,unsubscribed_at,source,language");
    expect(text).toMatch(/waiting@example\.org,Awaiting confirmation,/);
    expect(text).toMatch(/gone@example\.org,Unsubscribed,/);
    // Each subscriber's language (that of the page they signed up on) is in the export.
    expect(text).toMatch(/^gone@example\.org,Unsubscribed,.*,en\r?$/m);
    const confirmedCsv = (await call(exportRoute.loader, getRequest("/admin/dashboard/export/newsletter"), h.context, {
      dataset: "newsletter",
    })) as Response;
    expect(await confirmedCsv.text()).not.toContain("waiting@example.org");
    expect(waiting.status).toBe("new");
  });

  it("creates, refuses a duplicate number, edits and deletes episodes; lists subscribers", async () => {
    const save = (fields: Record<string, string>) =>
      settle(() =>
        call(
          podcast.action,
          entryFormRequest("/admin/dashboard/podcast", EpisodeSchema, { intent: "save", ...fields }),
          h.context,
        ),
      );
    const ep = { number: "12", title: "Seeds", duration: "41:30", publishedAt: "2026-02-01" };
    expect(((await save(ep)).value as Response).status).toBe(302);
    const dup = dataResult<Invalid>((await save({ ...ep, title: "Other" })).value);
    expect(dup.status).toBe(400);
    expect(dup.data.errors.number).toBe("Another episode already has this number.");
    const [row] = await listEpisodes(h.t.db);
    expect(row?.durationSeconds).toBe(2490);
    expect(((await save({ ...ep, id: row?.id ?? "", title: "Seeds, part 1" })).value as Response).status).toBe(302);
    expect((await listEpisodes(h.t.db))[0]?.title).toBe("Seeds, part 1");
    await call(
      podcast.action,
      formRequest("/admin/dashboard/podcast", { intent: "delete", id: row?.id ?? "" }),
      h.context,
    );
    expect(await listEpisodes(h.t.db)).toEqual([]);
    await recordPodcastSignUp(h.t.db, "listener@example.org", "one-time-value");
    // Waiting for confirmation: listed under All (the screen shows the confirmed ones unless asked).
    const data = (await call(
      podcastSubscribers.loader,
      getRequest("/admin/dashboard/podcast?sq=listen&sstate=all"),
      h.context,
    )) as {
      subs: { email: string }[];
      subsTotal: number;
    };
    expect(data.subs.map((s) => s.email)).toEqual(["listener@example.org"]);
    expect(data.subsTotal).toBe(1);
  });
});
