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
    // The country outlines come from the server's cached basemap image for the rounded centre.
    expect(html).toContain("/api/map/clusters?basemap=svg&amp;lat=39&amp;lng=-9&amp;zoom=3");
    // The school marker is a blue square.
    expect(html).toContain('fill="#1d4ed8"');
    expect(html).toContain("School");
  });

  it("renders nothing for a place without coordinates", () => {
    expect(renderToStaticMarkup(createElement(LocationMiniMap, { latitude: null, longitude: 10, name: "X" }))).toBe("");
  });
});
