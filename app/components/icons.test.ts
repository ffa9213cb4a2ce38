import * as Lucide from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as Icons from "./icons";

const innerOf = (svg: string) => svg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
const openingTagOf = (svg: string) => svg.match(/^<svg[^>]*>/)?.[0] ?? "";

const icons = Object.entries(Icons).filter(
  (entry): entry is [string, Icons.Icon] => typeof entry[1] === "function" && entry[0] !== "iconMarkup",
);

describe("icons", () => {
  it("draws every icon with exactly the shapes lucide-react draws", () => {
    expect(icons.length).toBeGreaterThan(30);
    for (const [name, Icon] of icons) {
      const reference = (Lucide as unknown as Record<string, Parameters<typeof createElement>[0]>)[
        name === "MapIcon" ? "Map" : name
      ];
      expect(reference, name).toBeTruthy();
      const ours = renderToStaticMarkup(createElement(Icon));
      const theirs = renderToStaticMarkup(createElement(reference as string));
      expect(innerOf(ours), name).toBe(innerOf(theirs));
      expect(innerOf(ours).length, name).toBeGreaterThan(10);
    }
  });

  it("is a 24-unit stroked icon, hidden from assistive technology unless the caller says otherwise", () => {
    const svg = openingTagOf(renderToStaticMarkup(createElement(Icons.MapPin, { className: "h-4 w-4" })));
    expect(svg).toContain('viewBox="0 0 24 24"');
    expect(svg).toContain('stroke="currentColor"');
    expect(svg).toContain('aria-hidden="true"');
    expect(svg).toContain('class="lucide lucide-map-pin h-4 w-4"');

    const named = openingTagOf(
      renderToStaticMarkup(createElement(Icons.Rss, { "aria-label": "RSS feed", role: "img" })),
    );
    expect(named).toContain('aria-label="RSS feed"');
    expect(named).not.toContain('aria-hidden="true"');
  });

  it("escapes attribute values in the markup it builds", () => {
    expect(Icons.iconMarkup([["path", { d: 'M0 0"/><script>', key: "k" }]])).toBe(
      '<path d="M0 0&quot;/>&lt;script>"></path>',
    );
  });
});
