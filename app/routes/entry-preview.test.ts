import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { adminHarnessForFile, call, settle, visitorContext } from "~tests/helpers/admin-context";
import { locationInput } from "~tests/helpers/location-input";
import { publicPageHeaders } from "../lib/public-cache";
import { createChangeMaker } from "../queries/change-makers.server";
import { createLocation } from "../queries/locations.server";
import { createProgram } from "../queries/programs.server";
import * as changeMakerRoute from "./change-maker";
import * as locationRoute from "./location";
import * as programRoute from "./program";

let visitor: AppLoadContext;
let personId: string;

const staff = adminHarnessForFile();

beforeAll(async () => {
  visitor = visitorContext(staff.context);
  const placeId = await createLocation(
    staff.t.db,
    locationInput("Hidden Draft Farm", { shortDescription: "Not public yet", status: "draft" }),
  );
  await createProgram(staff.t.db, { name: "Archived Course", locationId: placeId, status: "archived" });
  personId = await createChangeMaker(staff.t.db, { name: "Draft Person", status: "draft" });
});

/** A page request from a browser that carries a cookie (staff's session cookie, or any other). */
const page = (path: string) => new Request(`http://localhost${path}`, { headers: { Cookie: "session=x" } });

describe("pages of unpublished entries", () => {
  const cases: { name: string; route: { loader: unknown }; path: string; params: Record<string, string> }[] = [
    {
      name: "location",
      route: locationRoute,
      path: "/location/Hidden-Draft-Farm",
      params: { slug: "Hidden-Draft-Farm" },
    },
    { name: "program", route: programRoute, path: "/program/Archived-Course", params: { slug: "Archived-Course" } },
    { name: "change-maker", route: changeMakerRoute, path: "/change-makers/ID", params: { id: "ID" } },
  ];

  for (const c of cases) {
    it(`${c.name}: visitors get 404; staff get a preview that no cache keeps and no search engine indexes`, async () => {
      const params: Record<string, string> = c.params.id ? { id: personId } : c.params;
      const path = c.path.replace("ID", personId);
      const asVisitor = await settle(() => call(c.route.loader as never, page(path), visitor, params));
      expect((asVisitor.thrown as { init?: { status?: number } })?.init?.status).toBe(404);

      const asStaff = await settle(() => call(c.route.loader as never, page(path), staff.context, params));
      expect(asStaff.thrown).toBeUndefined();
      const result = asStaff.value as { data: { preview: string | null }; init: { headers: HeadersInit } };
      expect(result.data.preview).toMatch(/draft|archived/);
      const loaderHeaders = new Headers(result.init.headers);
      const sent = new Headers(publicPageHeaders({ loaderHeaders }));
      expect(sent.get("Cache-Control")).toBe("private, no-store");
      expect(sent.get("X-Robots-Tag")).toBe("noindex");
    });
  }
});
