import { describe, expect, it } from "vitest";
import { MINI_MAP } from "~/lib/map-geometry";
import { miniMapZoom } from "./mini-map.server";

describe("the zoom of a place page's mini map", () => {
  it("shows the place's surroundings with the nearest towns, not a whole country (it was zoom 3: all of Iberia)", () => {
    // The demo's farm above Órgiva in the Alpujarra: Motril, its nearest town, is 20 km away.
    expect(miniMapZoom(36.9062, -3.4098)).toBe(8);
    // In a city the nearest towns are close: as close as the mini map goes.
    expect(miniMapZoom(48.137, 11.575)).toBe(MINI_MAP.maxZoom);
  });

  it("far from any town, the region around the place", () => {
    expect(miniMapZoom(-13.8452, -171.7612)).toBeGreaterThanOrEqual(MINI_MAP.minZoom);
    expect(miniMapZoom(-40, -120)).toBe(MINI_MAP.minZoom);
  });
});
