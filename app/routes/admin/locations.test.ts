import { beforeAll, describe, expect, it } from "vitest";
import { LocationSchema, nameTakenBy } from "~/lib/schemas/location";
import { getLocationById } from "~/queries/locations.server";
import { listRegions } from "~/queries/reference.server";
import { CONTENT_CHANNEL } from "~/services/entries/content-events.server";
import { auditLog, subRegions } from "~db/schema";
import {
  adminHarnessForFile,
  call,
  dataResult,
  entryFormRequest,
  formRequest,
  getRequest,
  settle,
  visitorContext,
} from "~tests/helpers/admin-context";
import { storedLocation } from "~tests/helpers/stored-rows";
import * as formRoute from "./location-form";
import * as listRoute from "./locations";

let africa: string;
let europe: string;
let eastAfrica: string;

const h = adminHarnessForFile();

beforeAll(async () => {
  // listRegions, not loadReferenceData: the latter caches, and the sub-region below must be part of it
  const regions = await listRegions(h.t.db);
  africa = regions.find((r) => r.name === "Africa")?.id ?? "";
  europe = regions.find((r) => r.name === "Europe")?.id ?? "";
  const [sub] = await h.t.db.insert(subRegions).values({ name: "East Africa", regionId: africa }).returning();
  eastAfrica = sub?.id ?? "";
});

const add = (fields: Record<string, string | string[]>) =>
  settle(() => call(formRoute.action, entryFormRequest("/admin/dashboard/add", LocationSchema, fields), h.context));

describe("admin location form", () => {
  it("creates a location with derived region name, timestamps, audit entry and a content notification", async () => {
    const before = h.published.length;
    const { value } = await add({
      name: "Kilimo Commons",
      shortDescription: "  Food forest  ",
      country: "Kenya",
      regionId: africa,
      subRegionId: eastAfrica,
      latitude: "-1.3",
      longitude: "36.8",
      featured: "on",
    });
    expect(value).toBeInstanceOf(Response);
    const res = value as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/dashboard/locations");
    expect(res.headers.get("Set-Cookie")).toContain("pc_toast");
    const row = await storedLocation(h.t.db, "Kilimo-Commons");
    expect(row?.regionName).toBe("Africa");
    expect(row?.shortDescription).toBe("Food forest");
    expect(row?.featured).toBe(true);
    expect(row?.markerType).toBe("standard");
    expect(row?.createdAt.getTime()).toBe(row?.updatedAt.getTime());
    expect(h.published.slice(before).some(([ch, p]) => ch === CONTENT_CHANNEL && p.includes("locations"))).toBe(true);
    const audits = await h.t.db.select().from(auditLog);
    expect(audits.some((a) => a.entity === "location" && a.action === "create" && a.entityId === row?.id)).toBe(true);
  });

  it("answers 400 with the duplicate-name message and keeps the input", async () => {
    const { value } = await add({ name: "Kilimo Commons", country: "Tanzania" });
    const r = dataResult<{ errors: Record<string, string>; values: Record<string, string> }>(value);
    expect(r.status).toBe(400);
    expect(r.data.errors.name).toBe(nameTakenBy("location", "Kilimo Commons"));
    expect(r.data.values.country).toBe("Tanzania");
    // a name whose slug collides is refused as well
    const again = dataResult<{ errors: Record<string, string> }>((await add({ name: "Kilimo-Commons" })).value);
    expect(again.data.errors.name).toBe(nameTakenBy("location", "Kilimo Commons"));
  });

  it("rejects a sub-region that does not belong to the region", async () => {
    const { value } = await add({ name: "Mismatch Place", regionId: europe, subRegionId: eastAfrica });
    const r = dataResult<{ errors: Record<string, string> }>(value);
    expect(r.status).toBe(400);
    expect(r.data.errors.subRegionId).toBe("This sub-region does not belong to the chosen region.");
    expect(await storedLocation(h.t.db, "Mismatch-Place")).toBeNull();
  });

  it("answers 400 with field errors for invalid values, never saving", async () => {
    const { value } = await add({ name: "", latitude: "200", website: "javascript:alert(1)" });
    const r = dataResult<{ errors: Record<string, string> }>(value);
    expect(r.status).toBe(400);
    expect(Object.keys(r.data.errors).sort()).toEqual(["latitude", "name", "website"]);
  });

  it("ignores extra posted fields such as id, createdAt and role", async () => {
    const fakeId = "99999999-9999-4999-8999-999999999999";
    await add({ name: "Extra Fields Farm", id: fakeId, createdAt: "2001-01-01T00:00:00Z", role: "ADMIN" });
    const row = await storedLocation(h.t.db, "Extra-Fields-Farm");
    expect(row).not.toBeNull();
    expect(row?.id).not.toBe(fakeId);
    expect(row?.createdAt.getFullYear()).toBeGreaterThan(2001);
  });

  it("updates a location, refreshing updatedAt and keeping createdAt", async () => {
    const row = await storedLocation(h.t.db, "Kilimo-Commons");
    if (!row) throw new Error("missing");
    await new Promise((r) => setTimeout(r, 20));
    const { value } = await settle(() =>
      call(
        formRoute.action,
        entryFormRequest(`/admin/dashboard/edit/${row.id}`, LocationSchema, {
          name: "Kilimo Commons",
          country: "Uganda",
          regionId: africa,
        }),
        h.context,
        { id: row.id },
      ),
    );
    expect((value as Response).status).toBe(302);
    const after = await getLocationById(h.t.db, row.id);
    expect(after?.country).toBe("Uganda");
    expect(after?.subRegionId).toBeNull();
    expect(after?.createdAt.getTime()).toBe(row.createdAt.getTime());
    expect(after?.updatedAt.getTime()).toBeGreaterThan(row.updatedAt.getTime());
  });

  it("keeping its own name is not a duplicate", async () => {
    const row = await storedLocation(h.t.db, "Kilimo-Commons");
    const { value } = await settle(() =>
      call(
        formRoute.action,
        entryFormRequest(`/admin/dashboard/edit/${row?.id}`, LocationSchema, {
          name: "Kilimo Commons",
          regionId: africa,
        }),
        h.context,
        {
          id: row?.id ?? "",
        },
      ),
    );
    expect((value as Response).status).toBe(302);
  });

  it("answers 404 for an unknown id", async () => {
    const { thrown } = await settle(() =>
      call(formRoute.loader, getRequest("/admin/dashboard/edit/nope"), h.context, { id: "nope" }),
    );
    expect(dataResult(thrown).status).toBe(404);
  });

  it("loads the form with reference data (the map picker loads its own map when opened)", async () => {
    const data = (await call(formRoute.loader, getRequest("/admin/dashboard/add"), h.context)) as Awaited<
      ReturnType<typeof formRoute.loader>
    >;
    expect(data.regions).toHaveLength(6);
    expect(data.focusAreas.length).toBeGreaterThan(20);
    expect("outline" in data).toBe(false);
  });
});

describe("admin locations list", () => {
  it("searches, filters by region and paginates", async () => {
    const load = (qs: string) =>
      call(listRoute.loader, getRequest(`/admin/dashboard/locations${qs}`), h.context) as ReturnType<
        typeof listRoute.loader
      >;
    const all = await load("");
    expect(all.total).toBe(2);
    expect(all.rows.map((r) => r.name)).toEqual(["Extra Fields Farm", "Kilimo Commons"]);
    expect((await load("?sort=-name")).rows[0]?.name).toBe("Kilimo Commons");
    expect((await load("?q=kilimo")).rows.map((r) => r.name)).toEqual(["Kilimo Commons"]);
    expect((await load(`?region=${africa}`)).total).toBe(1);
    expect((await load("?page=2")).rows).toEqual([]);
    expect((await load("?page=-4&sort=bogus&region=bad")).rows).toHaveLength(2);
    // Without JavaScript, ?delete=<id> is the confirmation step.
    const target = all.rows[0];
    expect((await load(`?delete=${target?.id}`)).confirm).toEqual({ id: target?.id, name: target?.name });
    expect((await load("?delete=nope")).confirm).toBeNull();
  });

  it("deletes with intent=delete and the public page is gone", async () => {
    const row = await storedLocation(h.t.db, "Extra-Fields-Farm");
    const res = (await call(
      listRoute.action,
      formRequest("/admin/dashboard/locations", { intent: "delete", id: row?.id ?? "" }),
      h.context,
    )) as Response;
    expect(res.status).toBe(302);
    expect(decodeURIComponent(res.headers.get("Set-Cookie") ?? "")).toContain("Location deleted");
    expect(await storedLocation(h.t.db, "Extra-Fields-Farm")).toBeNull();
  });

  it("refuses anonymous visitors", async () => {
    const { thrown } = await settle(() =>
      call(listRoute.loader, getRequest("/admin/dashboard/locations"), visitorContext(h.context)),
    );
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toContain("/admin/login");
  });
});
