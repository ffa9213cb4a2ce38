import { beforeAll, describe, expect, it } from "vitest";
import { LocationSchema } from "~/lib/schemas/location";
import { proposals } from "~db/schema";
import {
  adminHarnessForFile,
  call,
  entryFormRequest,
  formRequest,
  reviewProposal,
  settle,
} from "~tests/helpers/admin-context";
import { storedRevisions } from "~tests/helpers/stored-rows";
import { PROPOSAL_TOKEN_FIELD } from "../lib/schemas/proposal";
import { createLocation, getLocationById, type LocationInput } from "../queries/locations.server";
import { getProposal } from "../queries/proposals.server";
import { issueFormToken } from "../services/contributions/form-timing.server";
import * as locationForm from "./admin/location-form";
import * as revertRoute from "./admin/revision-revert";
import * as correctionRoute from "./suggest-correction";

let placeId: string;
let draftId: string;

function place(name: string, extra: Partial<LocationInput> = {}): LocationInput {
  return {
    name,
    shortDescription: "Terraces and a nursery",
    longDescription: "",
    originalImageUrl: null,
    webpImageUrl: null,
    website: "https://terraces.example",
    country: "Nepal",
    regionName: "",
    regionId: null,
    subRegionId: null,
    contactEmail: "hello@terraces.example",
    contactPhone: "+977 1 111 111",
    contactAddress: null,
    contactCity: "Pokhara",
    contactState: null,
    contactZipCode: null,
    focusAreas: [],
    latitude: 28.2,
    longitude: 83.98,
    ...extra,
  };
}

const h = adminHarnessForFile();

beforeAll(async () => {
  placeId = await createLocation(h.t.db, place("Terrace Garden"));
  draftId = await createLocation(h.t.db, place("Hidden Terrace", { status: "draft" }));
});

const token = () => issueFormToken("test", "suggest-correction", Date.now() - 5_000);

function correct(kind: string, id: string, fields: Record<string, string>, ip = "203.0.113.20") {
  const context = { ...h.context, clientIp: ip } as typeof h.context;
  return settle(() =>
    call(
      correctionRoute.action as never,
      formRequest(`/suggest-a-correction/${kind}/${id}`, { [PROPOSAL_TOKEN_FIELD]: token(), ...fields }),
      context,
      { kind, id },
    ),
  );
}

/** The form as the page shows it: every field with the entry's current value. */
async function currentForm(id: string): Promise<Record<string, string>> {
  const loaded = (await call(
    correctionRoute.loader as never,
    new Request(`http://localhost/suggest-a-correction/location/${id}`),
    h.context,
    { kind: "location", id },
  )) as { entry: { current: Record<string, string> } };
  return { ...loaded.entry.current };
}

const statusOf = (r: { value?: unknown; thrown?: unknown }) => {
  const v = (r.value ?? r.thrown) as { status?: number; init?: { status?: number } };
  return v instanceof Response ? v.status : (v?.init?.status ?? 200);
};

const review = (id: string, fields: Record<string, string | string[]>) => reviewProposal(h, id, fields);

async function latestCorrection() {
  const rows = await h.t.db.select().from(proposals);
  return rows.filter((r) => r.kind === "correction").sort((a, b) => +b.createdAt - +a.createdAt)[0];
}

describe(`correcting an entry (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("keeps only the fields the visitor changed, with what they saw, and changes nothing yet", async () => {
    const form = await currentForm(placeId);
    expect(form.contactPhone).toBe("+977 1 111 111");
    const sent = await correct("location", placeId, {
      ...form,
      contactPhone: "+977 61 222 333",
      shortDescription: "Terraces, a nursery and <script>x</script>",
      comment: "The number changed in spring.",
    });
    expect(statusOf(sent)).toBe(303);
    const stored = await latestCorrection();
    expect(stored).toMatchObject({ entity: "location", entityId: placeId, status: "pending" });
    expect(stored?.fields).toEqual({
      name: "Terrace Garden",
      "to:contactPhone": "+977 61 222 333",
      "to:shortDescription": "Terraces, a nursery and <script>x</script>",
    });
    expect(stored?.seen).toEqual({ contactPhone: "+977 1 111 111", shortDescription: "Terraces and a nursery" });
    expect((await getLocationById(h.t.db, placeId))?.contactPhone).toBe("+977 1 111 111");
  });

  it("refuses a form with nothing to say, bad values, and entries that are not public", async () => {
    const form = await currentForm(placeId);
    expect(statusOf(await correct("location", placeId, form))).toBe(400);
    const bad = await correct("location", placeId, { ...form, website: "javascript:alert(1)" });
    expect(statusOf(bad)).toBe(400);
    expect((bad.value as { data: { errors: Record<string, string> } }).data.errors.website).toMatch(/http/);
    const hidden = await settle(() =>
      call(
        correctionRoute.loader as never,
        new Request(`http://localhost/suggest-a-correction/location/${draftId}`),
        h.context,
        { kind: "location", id: draftId },
      ),
    );
    expect(statusOf(hidden)).toBe(404);
    expect(statusOf(await correct("location", draftId, { comment: "hi" }))).toBe(404);
    expect(statusOf(await correct("resource", placeId, { comment: "hi" }))).toBe(404);
  });

  it("staff accept one field only; the entry and its history show it; a revert puts it back", async () => {
    const proposal = await latestCorrection();
    const id = proposal?.id ?? "";
    const accepted = await review(id, {
      intent: "accept-correction",
      use_contactPhone: "on",
      contactPhone: "+977 61 222 333",
      // The description is not ticked.
      shortDescription: "Terraces, a nursery and <script>x</script>",
    });
    expect(statusOf(accepted)).toBe(302);
    const row = await getLocationById(h.t.db, placeId);
    expect(row?.contactPhone).toBe("+977 61 222 333");
    expect(row?.shortDescription).toBe("Terraces and a nursery");
    expect(await getProposal(h.t.db, id)).toMatchObject({ status: "accepted" });

    const history = await storedRevisions(h.t.db, "location", placeId);
    const last = history.at(-1);
    expect(last).toMatchObject({ proposalId: id, userEmail: "content-admin@example.org" });
    expect(last?.changes).toEqual({ contactPhone: { from: "+977 1 111 111", to: "+977 61 222 333" } });

    const reverted = await settle(() =>
      call(revertRoute.action as never, formRequest(`/admin/dashboard/revisions/${last?.id}/revert`, {}), h.context, {
        id: String(last?.id),
      }),
    );
    expect(statusOf(reverted)).toBe(302);
    expect((await getLocationById(h.t.db, placeId))?.contactPhone).toBe("+977 1 111 111");
    const after = await storedRevisions(h.t.db, "location", placeId);
    expect(after.at(-1)).toMatchObject({
      reverts: last?.id,
      changes: { contactPhone: { from: "+977 61 222 333", to: "+977 1 111 111" } },
    });
  });

  it("a closed place can be archived from its correction, which takes it off the site", async () => {
    const form = await currentForm(placeId);
    await correct("location", placeId, { ...form, closure: "closed", comment: "They closed in June." });
    const proposal = await latestCorrection();
    expect(proposal?.closure).toBe("closed");
    const accepted = await review(proposal?.id ?? "", { intent: "accept-correction", archive: "on" });
    expect(statusOf(accepted)).toBe(302);
    expect((await getLocationById(h.t.db, placeId))?.status).toBe("archived");
  });

  it("staff saving an entry is a revision too, field by field", async () => {
    const before = await storedRevisions(h.t.db, "location", draftId);
    const saved = await settle(() =>
      call(
        locationForm.action as never,
        entryFormRequest(`/admin/dashboard/edit/${draftId}`, LocationSchema, {
          name: "Hidden Terrace",
          country: "Nepal",
          contactCity: "Pokhara",
          contactPhone: "+977 1 999",
          website: "https://terraces.example",
          contactEmail: "hello@terraces.example",
          shortDescription: "Terraces and a nursery",
          latitude: "28.2",
          longitude: "83.98",
          status: "draft",
        }),
        h.context,
        { id: draftId },
      ),
    );
    expect(statusOf(saved)).toBe(302);
    const after = await storedRevisions(h.t.db, "location", draftId);
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)?.changes).toEqual({ contactPhone: { from: "+977 1 111 111", to: "+977 1 999" } });
  });
});
