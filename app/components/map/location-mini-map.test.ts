import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Language } from "~/lib/i18n/languages";
import { MESSAGES } from "~/lib/i18n/messages.server";
import { TranslationProvider } from "~/lib/i18n/react";
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
    const html = render({ latitude: 38.72, longitude: -9.14, name: "X", basemapVersion: "abc123" });
    expect(html).toContain("height=200&amp;v=abc123");
  });

  it("renders nothing for a place without coordinates", () => {
    expect(render({ latitude: null, longitude: 10, name: "X" })).toBe("");
  });

  it("speaks the page's language: its name, numbers, marker type and link", () => {
    const html = render({ latitude: 38.72, longitude: -9.14, name: "Lisbon Food Forest", markerType: "farm" }, "de");
    expect(html).toContain('aria-label="Karte mit Lisbon Food Forest bei 38,7200; -9,1400"');
    expect(html).toContain("Hof");
    expect(html).toContain("In der großen Karte öffnen");
    expect(html).toContain('href="/de/map?lat=38.72&amp;lng=-9.14&amp;zoom=8"');
  });
});
