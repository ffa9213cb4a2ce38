import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LocationMiniMap } from "./location-mini-map";

describe("LocationMiniMap", () => {
  it("renders an accessible SVG map with the marker and a link to the full map", () => {
    const html = renderToStaticMarkup(
      createElement(LocationMiniMap, {
        latitude: 38.72,
        longitude: -9.14,
        name: "Lisbon Food Forest",
        markerType: "school",
      }),
    );
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Map showing Lisbon Food Forest at 38.7200, -9.1400"');
    expect(html).toContain('href="/map?lat=38.72&amp;lng=-9.14&amp;zoom=8"');
    expect(html).toContain("Open in the full map");
    // The country outlines are the same cached image the big maps use, for the rounded centre, over the water.
    expect(html).toContain("/api/map/outline?lat=39&amp;lng=-9&amp;zoom=3&amp;width=320&amp;height=200&amp;v=");
    expect(html).toContain('fill="#cfe3ef"');
    // The school marker is a blue square.
    expect(html).toContain('fill="#1d4ed8"');
    expect(html).toContain("School");
  });

  it("links the versioned outline image when the page passes the basemap version", () => {
    const html = renderToStaticMarkup(
      createElement(LocationMiniMap, { latitude: 38.72, longitude: -9.14, name: "X", basemapVersion: "abc123" }),
    );
    expect(html).toContain("height=200&amp;v=abc123");
  });

  it("renders nothing for a place without coordinates", () => {
    expect(renderToStaticMarkup(createElement(LocationMiniMap, { latitude: null, longitude: 10, name: "X" }))).toBe("");
  });
});
