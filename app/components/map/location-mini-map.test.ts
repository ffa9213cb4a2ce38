import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Language } from "~/lib/i18n/languages";
import { TranslationProvider } from "~/lib/i18n/react";
import { MESSAGES } from "~/server-lib/messages.server";
import { LocationMiniMap } from "./location-mini-map";

/** The mini map as a page in `lang` renders it. */
function render(props: Parameters<typeof LocationMiniMap>[0], lang: Language = "en"): string {
  return renderToStaticMarkup(
    createElement(TranslationProvider, {
      lang,
      messages: MESSAGES[lang],
      children: createElement(LocationMiniMap, props),
    }),
  );
}

describe("LocationMiniMap", () => {
  it("renders an accessible SVG map with the marker and a link to the full map", () => {
    const html = render({ latitude: 38.72, longitude: -9.14, name: "Lisbon Food Forest", markerType: "school" });
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Map showing Lisbon Food Forest at 38.7200, -9.1400"');
    // One step closer than the mini map: the full map's frame is wider.
    expect(html).toContain('href="/map?lat=38.72&amp;lng=-9.14&amp;zoom=9"');
    expect(html).toContain("Open in the full map");
    // The country outlines are the same cached image the big maps use, for the centre rounded to a grid that keeps
    // the place within a few pixels of the middle, over the water; at town level by default (zoom 3 showed Iberia).
    expect(html).toContain(
      "/api/map/outline?lat=38.71875&amp;lng=-9.125&amp;zoom=8&amp;width=320&amp;height=200&amp;v=",
    );
    expect(html).toContain('fill="#cfe3ef"');
    // The school marker is a blue square.
    expect(html).toContain('fill="#1d4ed8"');
    expect(html).toContain("School");
  });

  it("links the versioned outline image when the page passes the basemap version", () => {
    const html = render({ latitude: 38.72, longitude: -9.14, name: "X", basemapVersion: "abc123" });
    expect(html).toContain("height=200&amp;v=abc123");
  });

  it("draws the zoom it is given, the place near the middle", () => {
    const html = render({ latitude: 52.52, longitude: 13.405, name: "X", zoom: 11 });
    expect(html).toContain("zoom=11&amp;width=320");
    const [, cx, cy] = html.match(/<circle cx="([\d.]+)" cy="([\d.]+)"/) ?? [];
    expect(Math.abs(Number(cx) - 160)).toBeLessThan(7);
    expect(Math.abs(Number(cy) - 100)).toBeLessThan(7);
    expect(html).toContain("zoom=12");
  });

  it("renders nothing for a place without coordinates", () => {
    expect(render({ latitude: null, longitude: 10, name: "X" })).toBe("");
  });

  it("speaks the page's language: its name, numbers, marker type and link", () => {
    const html = render({ latitude: 38.72, longitude: -9.14, name: "Lisbon Food Forest", markerType: "farm" }, "de");
    expect(html).toContain('aria-label="Karte mit Lisbon Food Forest bei 38,7200; -9,1400"');
    expect(html).toContain("Hof");
    expect(html).toContain("In der großen Karte öffnen");
    expect(html).toContain('href="/de/map?lat=38.72&amp;lng=-9.14&amp;zoom=9"');
  });
});
