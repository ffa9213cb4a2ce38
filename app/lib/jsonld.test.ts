import { describe, expect, it } from "vitest";
import { serializeJsonLd } from "./jsonld";
import { courseJsonLd, placeJsonLd } from "./jsonld-entries";

describe("JSON-LD", () => {
  it("cannot close the script element or open a comment, and still parses to the same data", () => {
    const data = { name: "</script><script>alert(1)</script> <!-- & \u2028" };
    const out = serializeJsonLd(data);
    expect(out).not.toMatch(/<|>|&/);
    expect(JSON.parse(out)).toEqual(data);
  });

  it("describes a place with geo coordinates, address and absolute URLs", () => {
    const ld = placeJsonLd({
      siteUrl: "https://x.example",
      path: "/location/Cedar-Hollow",
      name: "Cedar Hollow",
      description: "A food forest",
      image: "/media/a.webp",
      country: "United States",
      city: "Olympia",
      latitude: 47,
      longitude: -122.9,
      website: null,
    });
    expect(ld).toMatchObject({
      "@type": "LocalBusiness",
      url: "https://x.example/location/Cedar-Hollow",
      image: "https://x.example/media/a.webp",
      geo: { "@type": "GeoCoordinates", latitude: 47, longitude: -122.9 },
      address: { addressCountry: "United States", addressLocality: "Olympia" },
    });
    expect(ld).not.toHaveProperty("sameAs");
  });

  it("describes a course with an instance, a free offer when price is null", () => {
    const ld = courseJsonLd({
      siteUrl: "https://x.example",
      path: "/program/Free-Course",
      name: "Free Course",
      description: "d",
      startDate: "2027-01-10",
      endDate: "2027-01-12",
      format: "online",
      priceCents: null,
      currency: "EUR",
      educators: ["A B"],
      capacity: 10,
    });
    const instance = (ld.hasCourseInstance as Record<string, unknown>[])[0];
    expect(instance).toMatchObject({ courseMode: "Online", startDate: "2027-01-10", endDate: "2027-01-12" });
    expect(ld.offers).toMatchObject({ price: 0, priceCurrency: "EUR", category: "Free" });
  });
});
