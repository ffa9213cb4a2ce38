import { describe, expect, it } from "vitest";
import { LocationSchema } from "~/lib/schemas/location";
import { createChangeMaker, getChangeMakerById } from "~/queries/change-makers.server";
import { findLikelyDuplicates, ownEmailDomain, websiteHost } from "~/queries/duplicates.server";
import { createLocation, getLocationById, type LocationInput, updateLocation } from "~/queries/locations.server";
import { createProgram, getProgramById, updateProgram } from "~/queries/programs.server";
import { findRedirect } from "~/queries/redirects.server";
import * as locationForm from "~/routes/admin/location-form";
import * as locationRoute from "~/routes/location";
import * as programRoute from "~/routes/program";
import { adminHarnessForFile, call, entryFormRequest, getRequest, settle } from "~tests/helpers/admin-context";
import { locationInput } from "~tests/helpers/location-input";
import { mergeLocations } from "./merge.server";

function place(name: string, extra: Partial<LocationInput> = {}): LocationInput {
  return locationInput(name, { country: "Peru", contactCity: "Cusco", latitude: -13.53, longitude: -71.97, ...extra });
}

const h = adminHarnessForFile();

/** A public page request; the answer (or the redirect thrown) as a status and Location. */
async function visit(route: { loader: unknown }, path: string, slug: string) {
  const r = await settle(() => call(route.loader as never, getRequest(path), h.context, { slug }));
  const v = (r.thrown ?? r.value) as Response | { init?: { status?: number } };
  return v instanceof Response
    ? { status: v.status, location: v.headers.get("Location") }
    : { status: v?.init?.status ?? 200, location: null };
}

describe(`likely duplicates (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("reads hosts and e-mail domains, ignoring shared mail providers", () => {
    expect(websiteHost("https://www.Andean-Seeds.example/about")).toBe("andean-seeds.example");
    expect(websiteHost("not a url")).toBeNull();
    expect(ownEmailDomain("info@andean-seeds.example")).toBe("andean-seeds.example");
    expect(ownEmailDomain("someone@gmail.com")).toBeNull();
  });

  it("finds a similar name nearby, a nearly identical name anywhere, the same website or domain; not others", async () => {
    await createLocation(h.t.db, place("Andean Seed Sanctuary", { website: "https://andean-seeds.example" }));
    await createLocation(h.t.db, place("Sacred Valley Terraces", { contactEmail: "hola@valle.example" }));
    await createLocation(h.t.db, place("Andean Seed Sanctuary Lima", { latitude: -12.05, longitude: -77.04 }));
    await createLocation(h.t.db, place("Completely Different Farm"));

    const near = await findLikelyDuplicates(h.t.db, {
      name: "Andean Seeds Sanctuary",
      latitude: -13.531,
      longitude: -71.969,
      website: null,
      contactEmail: null,
    });
    expect(near.map((d) => d.name)).toContain("Andean Seed Sanctuary");
    expect(near.find((d) => d.name === "Andean Seed Sanctuary")?.distanceKm).toBeLessThan(1);
    expect(near.map((d) => d.name)).not.toContain("Completely Different Farm");
    // 600 km away and only somewhat alike: not proposed.
    expect(near.map((d) => d.name)).not.toContain("Andean Seed Sanctuary Lima");

    const byWebsite = await findLikelyDuplicates(h.t.db, {
      name: "Semillas",
      latitude: null,
      longitude: null,
      website: "http://www.andean-seeds.example/",
      contactEmail: null,
    });
    expect(byWebsite.map((d) => [d.name, d.sameWebsite])).toEqual([["Andean Seed Sanctuary", true]]);

    const byDomain = await findLikelyDuplicates(h.t.db, {
      name: "Terrazas",
      latitude: null,
      longitude: null,
      website: null,
      contactEmail: "otro@valle.example",
    });
    expect(byDomain.map((d) => d.name)).toEqual(["Sacred Valley Terraces"]);
    const sharedMail = await findLikelyDuplicates(h.t.db, {
      name: "Terrazas",
      latitude: null,
      longitude: null,
      website: null,
      contactEmail: "otro@gmail.com",
    });
    expect(sharedMail).toEqual([]);
  });
});

describe("staff adding a place that looks like one already listed", () => {
  it("goes to the new place's screen, where the likely duplicates are, instead of the list", async () => {
    await createLocation(h.t.db, place("Hummingbird Hollow"));
    const add = (name: string, lat: string) =>
      settle(() =>
        call(
          locationForm.action as never,
          entryFormRequest("/admin/dashboard/add", LocationSchema, {
            name,
            country: "Peru",
            latitude: lat,
            longitude: "-71.97",
          }),
          h.context,
        ),
      );
    const alike = await add("Hummingbird Hollows", "-13.531");
    const to = ((alike.value ?? alike.thrown) as Response).headers.get("Location") ?? "";
    expect(to).toMatch(/^\/admin\/dashboard\/edit\/[0-9a-f-]{36}$/);
    const different = await add("Quite Another Orchard", "-13.6");
    expect(((different.value ?? different.thrown) as Response).headers.get("Location")).toBe(
      "/admin/dashboard/locations",
    );
  });
});

describe("merging two places", () => {
  it("moves programs and related change-makers, keeps the image, redirects the old address and deletes the copy", async () => {
    const keep = await createLocation(h.t.db, place("Condor Ridge Farm"));
    const copy = await createLocation(
      h.t.db,
      place("Condor Ridge Farm Peru", {
        originalImageUrl: "/media/demo/condor.jpg",
        webpImageUrl: "/media/demo/condor.webp",
      }),
    );
    const course = await createProgram(h.t.db, { name: "Condor Ridge PDC", locationId: copy });
    const person = await createChangeMaker(h.t.db, { name: "Rosa Quispe", relatedLocationIds: [copy, keep] });

    const outcome = await mergeLocations(h.context.services, await staff(), keep, copy);
    expect(outcome).toMatchObject({ ok: true, keptName: "Condor Ridge Farm", removedName: "Condor Ridge Farm Peru" });
    expect(await getLocationById(h.t.db, copy)).toBeNull();
    expect((await getProgramById(h.t.db, course))?.locationId).toBe(keep);
    expect((await getChangeMakerById(h.t.db, person))?.relatedLocationIds).toEqual([keep]);
    expect((await getLocationById(h.t.db, keep))?.originalImageUrl).toBe("/media/demo/condor.jpg");
    expect(await findRedirect(h.t.db, "location", "Condor-Ridge-Farm-Peru")).toBe(keep);
    expect(await visit(locationRoute, "/location/Condor-Ridge-Farm-Peru", "Condor-Ridge-Farm-Peru")).toEqual({
      status: 301,
      location: "/location/Condor-Ridge-Farm",
    });

    expect(await mergeLocations(h.context.services, await staff(), keep, keep)).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await mergeLocations(h.context.services, await staff(), keep, copy)).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});

describe("renames keep links working", () => {
  it("an old place or program address answers 301 to the new one; unpublished targets stay 404", async () => {
    const id = await createLocation(h.t.db, place("Old Name Farm"));
    await updateLocation(h.t.db, id, { name: "New Name Farm" });
    expect(await visit(locationRoute, "/location/Old-Name-Farm", "Old-Name-Farm")).toEqual({
      status: 301,
      location: "/location/New-Name-Farm",
    });
    // Renamed again: both old addresses lead to the newest.
    await updateLocation(h.t.db, id, { name: "Newest Name Farm" });
    expect((await visit(locationRoute, "/location/Old-Name-Farm", "Old-Name-Farm")).location).toBe(
      "/location/Newest-Name-Farm",
    );
    // A save without a rename adds nothing.
    await updateLocation(h.t.db, id, { name: "Newest Name Farm", contactCity: "Pisac" });
    expect(await findRedirect(h.t.db, "location", "Newest-Name-Farm")).toBeNull();
    // Archived: the old address is simply gone.
    await updateLocation(h.t.db, id, { status: "archived" });
    expect((await visit(locationRoute, "/location/Old-Name-Farm", "Old-Name-Farm")).status).toBe(404);

    const course = await createProgram(h.t.db, { name: "Old Course" });
    await updateProgram(h.t.db, course, { name: "New Course" });
    expect(await visit(programRoute, "/program/Old-Course", "Old-Course")).toEqual({
      status: 301,
      location: "/program/New-Course",
    });
  });
});

async function staff() {
  return {
    id: h.userId,
    email: "content-admin@example.org",
    name: "Content Admin",
    role: "ADMIN" as const,
    sessionId: "s",
  };
}
