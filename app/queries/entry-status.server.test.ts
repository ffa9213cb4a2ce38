import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { locationInput } from "~tests/helpers/location-input";
import type { EntryStatus } from "../lib/vocabulary";
import {
  countChangeMakers,
  createChangeMaker,
  listChangeMakers,
  searchChangeMakersForAdmin,
} from "./change-makers.server";
import { resolvePlace } from "./distance.server";
import {
  countLocations,
  createLocation,
  getLocationPage,
  type LocationInput,
  listFeaturedLocations,
  listLocationCountries,
  listLocationFeatures,
  listLocationLinksByIds,
  searchLocations,
  updateLocation,
} from "./locations.server";
import { matchingLocationIds, readLocatedPage } from "./map-points.server";
import {
  createProgram,
  getProgramBySlug,
  listProgramSummaries,
  listUpcomingPrograms,
  searchProgramsForAdmin,
} from "./programs.server";
import { createResource, listResources, searchResourcesForAdmin } from "./resources.server";
import { searchEverything, suggestNames } from "./search.server";
import { sitemapRows, sitemapTotals } from "./sitemap.server";

const ids: Record<string, string> = {};

function place(name: string, status: EntryStatus, extra: Partial<LocationInput> = {}): LocationInput {
  return locationInput(name, {
    shortDescription: "A quillwort meadow",
    // Each status in a country of its own, so lists of countries show which ones were read.
    country: `Quillland ${status}`,
    contactCity: `Quilltown ${status}`,
    latitude: 10,
    longitude: 20,
    featured: true,
    status,
    ...extra,
  });
}

const t = testDatabaseForFile();

beforeAll(async () => {
  for (const status of ["published", "draft", "archived"] as const) {
    ids[`place-${status}`] = await createLocation(t.db, place(`Quillwort Farm ${status}`, status));
    ids[`program-${status}`] = await createProgram(t.db, {
      name: `Quillwort Course ${status}`,
      summary: "Quillwort",
      description: "",
      format: "online",
      currency: "EUR",
      startDate: "2099-01-01",
      locationId: ids["place-published"],
      status,
    });
    ids[`person-${status}`] = await createChangeMaker(t.db, {
      name: `Quillwort Teacher ${status}`,
      role: "Quillwort grower",
      bio: "",
      country: "",
      links: [],
      relatedLocationIds: [ids["place-published"] as string, ids["place-draft"] ?? ids["place-published"] ?? ""],
      focusAreas: [],
      status,
    });
    ids[`resource-${status}`] = await createResource(t.db, {
      title: `Quillwort Guide ${status}`,
      type: "book",
      url: `https://example.org/quillwort-${status}`,
      description: "Quillwort",
      author: "",
      focusAreas: [],
      status,
    });
  }
  // A published program whose host is a draft: listed, but without naming the host.
  ids["program-at-draft"] = await createProgram(t.db, {
    name: "Quillwort Course hosted by a draft place",
    summary: "Quillwort",
    description: "",
    format: "in-person",
    currency: "EUR",
    startDate: "2099-02-01",
    locationId: ids["place-draft"],
  });
});

const names = (rows: { name?: string; title?: string }[]) => rows.map((r) => r.name ?? r.title ?? "").sort();

describe(`entry status: public queries read published entries only (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("locations: list, search, counts, countries, featured, links, feed and map points", async () => {
    const list = await searchLocations(t.db, { contains: "Quillwort" }, { limit: 10, offset: 0 });
    expect(names(list.rows)).toEqual(["Quillwort Farm published"]);
    const searched = await searchLocations(t.db, { q: "quillwort" }, { limit: 10, offset: 0, capped: true });
    expect(names(searched.rows)).toEqual(["Quillwort Farm published"]);
    expect(searched.total).toBe(1);

    const before = await countLocations(t.db);
    await createLocation(t.db, place("Quillwort Farm another draft", "draft"));
    expect(await countLocations(t.db)).toBe(before);

    const countries = await listLocationCountries(t.db);
    expect(countries).toContain("Quillland published");
    expect(countries).not.toContain("Quillland draft");
    expect(countries).not.toContain("Quillland archived");

    const featured = await listFeaturedLocations(t.db, 100);
    expect(featured.map((f) => f.name).filter((n) => n.startsWith("Quillwort"))).toEqual(["Quillwort Farm published"]);

    const links = await listLocationLinksByIds(t.db, [ids["place-published"] ?? "", ids["place-draft"] ?? ""]);
    expect(links.map((l) => l.name)).toEqual(["Quillwort Farm published"]);

    const features = await listLocationFeatures(t.db, { country: "Quillland draft" }, { limit: 10, offset: 0 });
    expect(features.rows).toEqual([]);
    expect(features.total).toBe(0);

    const located = await readLocatedPage(t.db, null, 10_000);
    const locatedIds = new Set(located.map((r) => r.id));
    expect(locatedIds.has(ids["place-published"] ?? "")).toBe(true);
    expect(locatedIds.has(ids["place-draft"] ?? "")).toBe(false);
    expect(locatedIds.has(ids["place-archived"] ?? "")).toBe(false);
    expect(await matchingLocationIds(t.db, { country: "Quillland archived" })).toEqual([]);

    expect(await resolvePlace(t.db, "Quilltown draft")).toBeNull();
    expect(await resolvePlace(t.db, "Quilltown published")).toMatchObject({ lat: 10, lng: 20 });
  });

  it("a page is found only while published, unless staff ask for a preview", async () => {
    expect(await getLocationPage(t.db, "Quillwort-Farm-draft")).toBeNull();
    expect(await getLocationPage(t.db, "Quillwort-Farm-archived")).toBeNull();
    expect(await getLocationPage(t.db, "Quillwort-Farm-draft", { includeUnpublished: true })).toMatchObject({
      name: "Quillwort Farm draft",
      status: "draft",
    });
    const published = await getLocationPage(t.db, "Quillwort-Farm-published");
    // Its programs: the published ones only.
    expect(published?.programs.map((p) => p.name)).toEqual(["Quillwort Course published"]);

    expect(await getProgramBySlug(t.db, "Quillwort-Course-draft")).toBeNull();
    expect(await getProgramBySlug(t.db, "Quillwort-Course-draft", { includeUnpublished: true })).not.toBeNull();
  });

  it("programs, change-makers and resources: lists, feeds and counts", async () => {
    const programs = await listProgramSummaries(t.db, { q: "quillwort" });
    expect(names(programs)).toEqual(["Quillwort Course hosted by a draft place", "Quillwort Course published"]);
    // The host of the program at a draft place is not named (its page is not public).
    expect(programs.find((p) => p.name === "Quillwort Course hosted by a draft place")?.locationName).toBeNull();
    expect(programs.find((p) => p.name === "Quillwort Course published")?.locationName).toBe(
      "Quillwort Farm published",
    );
    const upcoming = await listUpcomingPrograms(t.db, { from: "2098-12-31", limit: 10 });
    expect(names(upcoming)).toEqual(["Quillwort Course hosted by a draft place", "Quillwort Course published"]);

    expect(names(await listChangeMakers(t.db, { q: "quillwort" }))).toEqual(["Quillwort Teacher published"]);
    expect(names(await listResources(t.db, { q: "quillwort" }))).toEqual(["Quillwort Guide published"]);
    const people = await countChangeMakers(t.db);
    await createChangeMaker(t.db, { name: "Quillwort draft two", status: "draft" });
    await createResource(t.db, {
      title: "Quillwort draft two",
      type: "app",
      url: "https://example.org/q",
      status: "draft",
    });
    expect(await countChangeMakers(t.db)).toBe(people);
    expect(names(await listResources(t.db, { q: "quillwort" }))).toEqual(["Quillwort Guide published"]);
  });

  it("site search and suggestions", async () => {
    const outcome = await searchEverything(t.db, "quillwort", { perKind: 10 });
    expect(outcome.status).toBe("ok");
    if (outcome.status !== "ok") return;
    const found = outcome.groups.flatMap((g) => g.hits.map((h) => h.name));
    expect(found.filter((n) => /draft$|archived$|draft two$/.test(n))).toEqual([]);
    expect(found).toEqual(
      expect.arrayContaining([
        "Quillwort Farm published",
        "Quillwort Course published",
        "Quillwort Teacher published",
        "Quillwort Guide published",
      ]),
    );
    const suggested = (await suggestNames(t.db, "quillwort", 20)).map((s) => s.name);
    expect(suggested).toEqual(expect.arrayContaining(["Quillwort Farm published", "Quillwort Course published"]));
    expect(suggested.filter((n) => / (draft|archived)$|draft two$/.test(n))).toEqual([]);
  });

  it("the sitemap lists published entries only, and counts them", async () => {
    const listed = new Set<string>();
    for (const kind of ["locations", "programs", "change-makers"] as const) {
      for (const row of await sitemapRows(t.db, kind, null, 10_000)) listed.add(row.name);
    }
    expect(listed.has("Quillwort Farm published")).toBe(true);
    expect(listed.has("Quillwort Course published")).toBe(true);
    expect(listed.has("Quillwort Teacher published")).toBe(true);
    for (const status of ["draft", "archived"]) {
      expect(listed.has(`Quillwort Farm ${status}`)).toBe(false);
      expect(listed.has(`Quillwort Course ${status}`)).toBe(false);
      expect(listed.has(`Quillwort Teacher ${status}`)).toBe(false);
    }
    const totals = await sitemapTotals(t.db);
    const rows = await sitemapRows(t.db, "locations", null, 100_000);
    expect(totals.kinds.locations.count).toBe(rows.length);
  });

  it("staff lists read every status, or the one asked for", async () => {
    const all = await searchLocations(t.db, { contains: "Quillwort Farm", status: "any" }, { limit: 10, offset: 0 });
    expect(all.rows.length).toBeGreaterThanOrEqual(3);
    const drafts = await searchLocations(
      t.db,
      { contains: "Quillwort Farm", status: "draft" },
      { limit: 10, offset: 0 },
    );
    expect(drafts.rows.every((r) => r.status === "draft")).toBe(true);
    expect((await searchProgramsForAdmin(t.db, { q: "Quillwort Course", limit: 10, offset: 0 })).total).toBe(4);
    expect(
      (
        await searchProgramsForAdmin(t.db, { q: "Quillwort Course", status: "archived", limit: 10, offset: 0 })
      ).rows.map((r) => r.name),
    ).toEqual(["Quillwort Course archived"]);
    expect((await searchChangeMakersForAdmin(t.db, { q: "Quillwort Teacher", limit: 10, offset: 0 })).total).toBe(3);
    expect((await searchResourcesForAdmin(t.db, { q: "Quillwort Guide", limit: 10, offset: 0 })).total).toBe(3);
  });

  it("publishing a draft makes it public; archiving takes it away again", async () => {
    const id = await createLocation(t.db, place("Quillwort Farm later", "draft"));
    expect(await getLocationPage(t.db, "Quillwort-Farm-later")).toBeNull();
    await updateLocation(t.db, id, { status: "published" });
    expect(await getLocationPage(t.db, "Quillwort-Farm-later")).toMatchObject({ status: "published" });
    await updateLocation(t.db, id, { status: "archived" });
    expect(await getLocationPage(t.db, "Quillwort-Farm-later")).toBeNull();
  });
});
