import fs from "node:fs";
import path from "node:path";
import * as Lucide from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ICON_NAMES, iconMarkup, lucideIconData, spriteSvg } from "./icon-sprite";
import * as Icons from "./icons";

const SPRITE = path.join(import.meta.dirname, "icons.svg");
const innerOf = (svg: string) => svg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
const openingTagOf = (svg: string) => svg.match(/^<svg[^>]*>/)?.[0] ?? "";
const symbolOf = (sprite: string, name: string) =>
  sprite.match(new RegExp(`<symbol id="${name}" viewBox="0 0 24 24">(.*?)</symbol>`))?.[1];

const icons = Object.entries(Icons).filter((entry): entry is [string, Icons.Icon] => typeof entry[1] === "function");

describe("icons", () => {
  it("has a current sprite file (npx tsx scripts/icon-sprite.ts)", async () => {
    expect(fs.readFileSync(SPRITE, "utf8")).toBe(spriteSvg(await lucideIconData()));
  });

  it("draws every icon from a sprite symbol with exactly the shapes lucide-react draws", () => {
    const sprite = fs.readFileSync(SPRITE, "utf8");
    expect(icons.length).toBe(ICON_NAMES.length);
    for (const [name, Icon] of icons) {
      const reference = (Lucide as unknown as Record<string, Parameters<typeof createElement>[0]>)[
        name === "MapIcon" ? "Map" : name
      ];
      expect(reference, name).toBeTruthy();
      const ours = renderToStaticMarkup(createElement(Icon));
      const symbol = ours.match(/<use href="[^"]*#([\w-]+)"><\/use>/)?.[1] ?? "";
      expect(innerOf(ours), name).toMatch(/^<use href="[^"#]+\.svg(\?[^"#]*)?#[\w-]+"><\/use>$/);
      const shapes = symbolOf(sprite, symbol);
      expect(shapes, name).toBe(innerOf(renderToStaticMarkup(createElement(reference as string))));
      expect(shapes?.length, name).toBeGreaterThan(10);
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
    expect(iconMarkup([["path", { d: 'M0 0"/><script>' }]])).toBe('<path d="M0 0&quot;/>&lt;script>"></path>');
  });
});
