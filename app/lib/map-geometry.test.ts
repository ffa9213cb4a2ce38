import { describe, expect, it } from "vitest";
import {
  clusterRadius,
  countInView,
  fitZoom,
  formatCount,
  fullMapHref,
  outlineHref,
  project,
  roundView,
  viewBounds,
  zoomForBox,
} from "./map-geometry";

describe("map geometry", () => {
  const view = { center: { lng: 10, lat: 22 }, zoom: 1, width: 1024, height: 512 };

  it("projects the centre to the middle and bounds back to the edges", () => {
    const [x, y] = project(view, 10, 22);
    expect(x).toBeCloseTo(512);
    expect(y).toBeCloseTo(256);
    const [w, s, e, n] = viewBounds(view);
    expect(project(view, w, n)[0]).toBeCloseTo(0);
    expect(project(view, w, n)[1]).toBeCloseTo(0);
    expect(project(view, e, s)[0]).toBeCloseTo(1024);
    expect(project(view, e, s)[1]).toBeCloseTo(512);
    // At zoom 1 a 1024-pixel frame is exactly one world wide.
    expect(e - w).toBeCloseTo(360);
  });

  it("matches MapLibre's zoom to the box the SVG was scaled into", () => {
    expect(zoomForBox(1, 1024, 512)).toBeCloseTo(1);
    expect(zoomForBox(1, 2048, 600)).toBeCloseTo(2);
    expect(zoomForBox(3, 512, 512)).toBeCloseTo(3);
  });

  it("fits a bounding box", () => {
    const z = fitZoom([-10, 35, 5, 45], 1024, 512);
    const [w, s, e, n] = viewBounds({ center: { lng: -2.5, lat: 40 }, zoom: z, width: 1024, height: 512 });
    expect(w).toBeLessThanOrEqual(-10);
    expect(e).toBeGreaterThanOrEqual(5);
    expect(s).toBeLessThanOrEqual(35);
    expect(n).toBeGreaterThanOrEqual(45);
  });

  it("formats counts, sizes clusters and builds shareable links", () => {
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1200)).toBe("1.2k");
    expect(formatCount(25_400)).toBe("25k");
    // The decimal mark follows the page's language; "k" stays (the languages' own short forms do not fit a cluster).
    expect(formatCount(1200, "de")).toBe("1,2k");
    expect(formatCount(1200, "fr")).toBe("1,2k");
    expect(formatCount(1200, "es")).toBe("1,2k");
    expect(formatCount(1000, "pt")).toBe("1k");
    expect(formatCount(25_400, "de")).toBe("25k");
    expect(clusterRadius(2)).toBeLessThan(clusterRadius(5000));
    expect(clusterRadius(10 ** 9)).toBe(30);
    expect(fullMapHref(38.123456, -9.1, 8)).toBe("/map?lat=38.1235&lng=-9.1&zoom=8");
    expect(fullMapHref(38.1, -9.1, 8, "region=Europe")).toBe("/map?lat=38.1&lng=-9.1&zoom=8&region=Europe");
    expect(countInView([[0, 0, 10, 1, 3]], [[1, 1, "a", "A", "farm"]])).toBe(11);
  });

  it("rounds a view for its outline URL to well under a pixel", () => {
    const v = { center: { lng: -9.123456789, lat: 38.987654321 }, zoom: 6.123456, width: 1024.4, height: 511.6 };
    expect(roundView(v)).toEqual({
      center: { lng: -9.123457, lat: 38.987654 },
      zoom: 6.1235,
      width: 1024,
      height: 512,
    });
    expect(outlineHref(v, "abc")).toBe(
      "/api/map/outline?lat=38.987654&lng=-9.123457&zoom=6.1235&width=1024&height=512&v=abc",
    );
  });
});
