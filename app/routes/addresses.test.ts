import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { LocationSchema } from "~/lib/schemas/location";
import { ProgramSchema } from "~/lib/schemas/program";
import {
  adminHarnessForFile,
  call,
  dataResult,
  entryFormRequest,
  settle,
  visitorContext,
} from "~tests/helpers/admin-context";
import { locationInput } from "~tests/helpers/location-input";
import { createLocation } from "../queries/locations.server";
import { createProgram } from "../queries/programs.server";
import * as locationForm from "./admin/location-form";
import * as programForm from "./admin/program-form";
import * as locationRoute from "./location";
import * as programRoute from "./program";

let visitor: AppLoadContext;
let cedarId: string;
let courseId: string;

const staff = adminHarnessForFile();

beforeAll(async () => {
  visitor = visitorContext(staff.context);
  cedarId = await createLocation(staff.t.db, locationInput("Cedar Hollow Food Forest"));
  await createLocation(staff.t.db, locationInput("Quiet Draft Garden", { status: "draft" }));
  courseId = await createProgram(staff.t.db, { name: "Satoyama Seasons Course", status: "published" });
});

async function visit(route: { loader: unknown }, slug: string) {
  const r = await settle(() =>
    call(route.loader as never, new Request(`http://localhost/x/${slug}`), visitor, { slug }),
  );
  if (r.thrown instanceof Response) return { status: r.thrown.status, location: r.thrown.headers.get("Location") };
  const thrown = r.thrown as { init?: { status?: number } } | undefined;
  return { status: thrown?.init?.status ?? 200, location: null };
}

describe("an address typed in another case or with stray hyphens", () => {
  it("answers 301 to the place's own address", async () => {
    for (const slug of [
      "cedar-hollow-food-forest",
      "CEDAR-HOLLOW-FOOD-FOREST",
      "Cedar--Hollow-Food-Forest-",
      "-cedar-hollow-food-forest",
    ]) {
      expect(await visit(locationRoute, slug), slug).toEqual({
        status: 301,
        location: "/location/Cedar-Hollow-Food-Forest",
      });
    }
    // The address itself is the page, and an unknown or unpublished one is still not found.
    expect((await visit(locationRoute, "Cedar-Hollow-Food-Forest")).status).toBe(200);
    expect((await visit(locationRoute, "cedar-hollow")).status).toBe(404);
    expect((await visit(locationRoute, "quiet-draft-garden")).status).toBe(404);
  });

  it("answers 301 to the program's own address", async () => {
    expect(await visit(programRoute, "satoyama-seasons--course")).toEqual({
      status: 301,
      location: "/program/Satoyama-Seasons-Course",
    });
    expect((await visit(programRoute, "satoyama")).status).toBe(404);
  });
});

type Invalid = { errors: Record<string, string>; nameClash?: { href: string; name: string } };

describe("a name that differs from another only by letter case, spaces or hyphens", () => {
  it("is refused for a new place, naming the place that has the address and linking to it", async () => {
    const { value } = await settle(() =>
      call(
        locationForm.action,
        entryFormRequest("/admin/dashboard/add", LocationSchema, {
          name: "cedar  hollow food-forest",
          country: "Chile",
        }),
        staff.context,
      ),
    );
    const { status, data } = dataResult<Invalid>(value);
    expect(status).toBe(400);
    expect(data.errors.name).toContain("“Cedar Hollow Food Forest”");
    expect(data.nameClash).toEqual({ href: `/admin/dashboard/edit/${cedarId}`, name: "Cedar Hollow Food Forest" });
  });

  it("is refused for a program, and a program may keep its own name when saved again", async () => {
    const post = (fields: Record<string, string>, params: Record<string, string> = {}) =>
      settle(() =>
        call(
          programForm.action,
          entryFormRequest("/admin/dashboard/programs/add", ProgramSchema, fields),
          staff.context,
          params,
        ),
      );
    const clash = dataResult<Invalid>((await post({ name: "SATOYAMA SEASONS COURSE" })).value);
    expect(clash.status).toBe(400);
    expect(clash.data.nameClash?.href).toBe(`/admin/dashboard/programs/edit/${courseId}`);
    // Saved again under its own name: not a clash with itself, the save goes through (a redirect to the list).
    const again = await post({ name: "Satoyama Seasons Course" }, { id: courseId });
    const saved = again.value as unknown as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/dashboard/programs");
  });
});
