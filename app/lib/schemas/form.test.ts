import { describe, expect, it } from "vitest";
import { SiteSettingsSchema } from "./admin-settings";
import { ChangeMakerSchema } from "./change-maker";
import { fieldsAlwaysSent, refuseMissingFields } from "./form";
import { LocationSchema } from "./location";

describe("the fields a form always sends", () => {
  it("are every field but checkboxes and checkbox groups, under the form's whole-form checks", () => {
    const location = fieldsAlwaysSent(LocationSchema);
    expect(location).toEqual(expect.arrayContaining(["name", "shortDescription", "status", "markerType", "latitude"]));
    expect(location).not.toContain("featured");
    expect(location).not.toContain("focusAreas");
    // A refined and transformed object: its link rows are always on the form.
    expect(fieldsAlwaysSent(ChangeMakerSchema)).toEqual(expect.arrayContaining(["name", "bio", "linkLabel"]));
    expect(fieldsAlwaysSent(SiteSettingsSchema)).toEqual([
      "contactEmail",
      "mapStyleUrl",
      "freshnessMonths",
      "dataLicence",
      "dataAttribution",
    ]);
  });

  it("refuses a post without one with 400 naming it; an empty one is a value", () => {
    const all = Object.fromEntries(fieldsAlwaysSent(SiteSettingsSchema).map((k) => [k, ""]));
    expect(() => refuseMissingFields(SiteSettingsSchema, all)).not.toThrow();
    let thrown: unknown;
    try {
      refuseMissingFields(SiteSettingsSchema, { contactEmail: "a@example.org" });
    } catch (e) {
      thrown = e;
    }
    const refusal = thrown as { data: string; init: { status: number } };
    expect(refusal.init.status).toBe(400);
    expect(refusal.data).toContain("without the fields mapStyleUrl, freshnessMonths");
  });
});
