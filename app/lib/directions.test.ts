import { describe, expect, it } from "vitest";
import { geoHref, osmDirectionsHref } from "./directions";
import { osmMapHref, osmSearchHref } from "./osm-links";

describe("links to get to a place", () => {
  it("routes to the place's coordinates on OpenStreetMap, the start left open", () => {
    expect(osmDirectionsHref(36.912345678, -3.42)).toBe(
      "https://www.openstreetmap.org/directions?route=%3B36.91235%2C-3.42#map=14/36.91235/-3.42",
    );
  });

  it("opens the phone's map app with a geo: URI naming the place", () => {
    expect(geoHref(36.9, -3.42, "Alpujarra Terraces Farm")).toBe(
      "geo:36.9,-3.42?q=36.9,-3.42(Alpujarra%20Terraces%20Farm)",
    );
    // Brackets would end the label early.
    expect(geoHref(1, 2, "Farm (north)")).toBe("geo:1,2?q=1,2(Farm%20north)");
  });

  it("shows the point, or searches the address when there is no point", () => {
    expect(osmMapHref(52.52, 13.405)).toBe("https://www.openstreetmap.org/?mlat=52.52&mlon=13.405#map=17/52.52/13.405");
    expect(osmSearchHref("Camino de la Acequia, 18400 Orgiva")).toBe(
      "https://www.openstreetmap.org/search?query=Camino%20de%20la%20Acequia%2C%2018400%20Orgiva",
    );
  });
});
