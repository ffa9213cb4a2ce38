import { describe, expect, it } from "vitest";
import { checkLocationReferences, LocationSchema } from "./location";

const REGION = "11111111-1111-4111-8111-111111111111";
const OTHER_REGION = "22222222-2222-4222-8222-222222222222";
const SUB = "33333333-3333-4333-8333-333333333333";
const FOCUS = "44444444-4444-4444-8444-444444444444";
const ref = {
  regions: [
    { id: REGION, name: "Africa" },
    { id: OTHER_REGION, name: "Europe" },
  ],
  subRegions: [{ id: SUB, regionId: REGION }],
  focusAreas: [{ id: FOCUS }],
};

describe("LocationSchema", () => {
  it("accepts a full location, trimming text and turning blanks into null", () => {
    const out = LocationSchema.parse({
      name: "  Green Valley Farm  ",
      shortDescription: "A farm",
      longDescription: "",
      originalImageUrl: "/media/demo/green.jpg",
      webpImageUrl: "https://cdn.example.org/green.webp",
      website: "https://green.example.org",
      country: "Kenya",
      regionId: REGION,
      subRegionId: SUB,
      contactEmail: "hello@green.example.org",
      contactPhone: "",
      focusAreas: FOCUS,
      latitude: "-1.29",
      longitude: "36.82",
      markerType: "farm",
      featured: "on",
    });
    expect(out.name).toBe("Green Valley Farm");
    expect(out.contactPhone).toBeNull();
    expect(out.focusAreas).toEqual([FOCUS]);
    expect(out.latitude).toBe(-1.29);
    expect(out.featured).toBe(true);
    expect(checkLocationReferences(out, ref)).toEqual({});
  });

  it("defaults the marker type to standard and featured to false", () => {
    const out = LocationSchema.parse({ name: "Minimal" });
    expect(out.markerType).toBe("standard");
    expect(out.featured).toBe(false);
    expect(out.latitude).toBeNull();
    expect(out.focusAreas).toEqual([]);
  });

  it.each([
    [{ name: "   " }, "name", "Name is required."],
    [{ name: "x".repeat(121) }, "name", "Name must be 120 characters or fewer."],
    [{ name: "A", shortDescription: "x".repeat(301) }, "shortDescription", "300 characters"],
    [{ name: "A", longDescription: "x".repeat(10_001) }, "longDescription", "10000 characters"],
    [{ name: "A", latitude: "91" }, "latitude", "between -90 and 90"],
    [{ name: "A", longitude: "-181" }, "longitude", "between -180 and 180"],
    [{ name: "A", latitude: "north" }, "latitude", "must be a number"],
    [{ name: "A", website: "javascript:alert(1)" }, "website", "http:// or https://"],
    [{ name: "A", website: "/relative" }, "website", "http:// or https://"],
    [{ name: "A", webpImageUrl: "data:image/png;base64,xx" }, "webpImageUrl", "http"],
    [{ name: "A", contactEmail: "not-an-email" }, "contactEmail", "valid e-mail"],
    [{ name: "A", markerType: "volcano" }, "markerType", "marker type"],
    [{ name: "A", regionId: "'; drop table" }, "regionId", "valid region"],
    [{ name: "A", focusAreas: ["nope"] }, "focusAreas", "valid focus areas"],
  ])("rejects %j", (input, field, message) => {
    const r = LocationSchema.safeParse(input);
    expect(r.success).toBe(false);
    const issue = r.error?.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toContain(message);
  });

  it("rejects a sub-region of another region, a sub-region without region and unknown focus areas", () => {
    const base = LocationSchema.parse({ name: "A" });
    expect(checkLocationReferences({ ...base, regionId: OTHER_REGION, subRegionId: SUB }, ref).subRegionId).toBe(
      "This sub-region does not belong to the chosen region.",
    );
    expect(checkLocationReferences({ ...base, subRegionId: SUB }, ref).subRegionId).toMatch(/region first|before/);
    expect(checkLocationReferences({ ...base, focusAreas: [SUB] }, ref).focusAreas).toMatch(/from the list/);
    expect(checkLocationReferences({ ...base, latitude: 3 }, ref).longitude).toMatch(/both/);
  });

  it("drops fields it does not know", () => {
    const out = LocationSchema.parse({ name: "A", id: "x", createdAt: "1999", role: "ADMIN" });
    expect(out).not.toHaveProperty("id");
    expect(out).not.toHaveProperty("createdAt");
    expect(out).not.toHaveProperty("role");
  });
});
