import { describe, expect, it } from "vitest";
import { createApplication, findApplicationFor, getApplicationById } from "~/queries/applications.server";
import { getChangeMakerById } from "~/queries/change-makers.server";
import { getLocationById, getLocationPage } from "~/queries/locations.server";
import { loadReferenceData } from "~/queries/reference.server";
import { adminHarnessForFile, call, formRequest, settle } from "~tests/helpers/admin-context";
import * as applicants from "./applicants";

const h = adminHarnessForFile();

const make = (id: string, kind: string) =>
  settle(() =>
    call(applicants.action, formRequest("/admin/dashboard/applicants", { intent: "make-entry", id, kind }), h.context),
  );

describe(`an application becomes draft entries (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("prefills a draft place and profile from the application, linked both ways, and not public", async () => {
    const ref = await loadReferenceData(h.t.db);
    const region = ref.regions[0];
    const focus = ref.focusAreas.slice(0, 2).map((f) => f.id);
    const appId = await createApplication(h.t.db, {
      fullName: "Amani Odhiambo",
      email: "amani@lakeside.example",
      applicantType: "educator",
      organization: "Lakeside Learning Farm",
      country: "Kenya",
      regionId: region?.id ?? null,
      focusAreas: focus,
      experience: "I teach agroforestry and water harvesting to farmers around Kisumu.",
      seeking: "Learners.",
      website: "https://lakeside.example",
      consentAt: new Date(),
    });

    const place = await make(appId, "location");
    const placeAt = ((place.value ?? place.thrown) as Response).headers.get("Location") ?? "";
    expect(placeAt).toMatch(/^\/admin\/dashboard\/edit\//);
    const placeId = placeAt.split("/").pop() ?? "";
    expect(await getLocationById(h.t.db, placeId)).toMatchObject({
      name: "Lakeside Learning Farm",
      status: "draft",
      country: "Kenya",
      regionId: region?.id ?? null,
      focusAreas: focus,
      website: "https://lakeside.example",
      contactEmail: "amani@lakeside.example",
      shortDescription: "I teach agroforestry and water harvesting to farmers around Kisumu.",
    });
    expect(await getLocationPage(h.t.db, "Lakeside-Learning-Farm")).toBeNull();

    const person = await make(appId, "change-maker");
    const personId =
      (((person.value ?? person.thrown) as Response).headers.get("Location") ?? "").split("/").pop() ?? "";
    expect(await getChangeMakerById(h.t.db, personId)).toMatchObject({
      name: "Amani Odhiambo",
      role: "Educator",
      status: "draft",
      relatedLocationIds: [placeId],
      links: [{ label: "Website", url: "https://lakeside.example" }],
    });

    expect(await getApplicationById(h.t.db, appId)).toMatchObject({ locationId: placeId, changeMakerId: personId });
    expect(await findApplicationFor(h.t.db, "location", placeId)).toEqual({ id: appId, fullName: "Amani Odhiambo" });
    expect(await findApplicationFor(h.t.db, "change-maker", personId)).toEqual({
      id: appId,
      fullName: "Amani Odhiambo",
    });

    // Once made, not made twice.
    const again = await make(appId, "location");
    expect(((again.value ?? again.thrown) as Response).headers.get("Location")).toContain(
      "/admin/dashboard/applicants",
    );
  });

  it("a place name already used gets a number; an unknown application is 404", async () => {
    const appId = await createApplication(h.t.db, {
      fullName: "Second Applicant",
      email: "second@example.org",
      applicantType: "educator",
      organization: "Lakeside Learning Farm",
      country: "Kenya",
      consentAt: new Date(),
    });
    const made = await make(appId, "location");
    const id = (((made.value ?? made.thrown) as Response).headers.get("Location") ?? "").split("/").pop() ?? "";
    expect((await getLocationById(h.t.db, id))?.name).toBe("Lakeside Learning Farm (2)");
    const missing = await make("123e4567-e89b-42d3-a456-426614174000", "location");
    expect((missing.thrown as { init?: { status?: number } }).init?.status).toBe(404);
  });
});
