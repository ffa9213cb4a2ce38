import { describe, expect, it } from "vitest";
import { clusterRadius, formatCount } from "~/lib/map-geometry";
import { countCapHeight, GLYPH_STROKE, glyphRunPath, glyphRunWidth, hasGlyphs } from "./count-glyphs";

/** Every point of a path (M, m, l, c and z commands, as the glyphs use), in absolute coordinates. */
function points(d: string): [number, number][] {
  const out: [number, number][] = [];
  let [x, y, sx, sy] = [0, 0, 0, 0];
  for (const [, op, args] of d.matchAll(/([MmLlCcZz])([^MmLlCcZz]*)/g)) {
    const n = (args?.match(/-?\d*\.?\d+/g) ?? []).map(Number);
    if (op === "z" || op === "Z") {
      [x, y] = [sx, sy];
      continue;
    }
    const relative = op === op?.toLowerCase();
    const [bx, by] = [x, y];
    for (let i = 0; i + 1 < n.length; i += 2) {
      const px = (relative ? bx : 0) + (n[i] ?? 0);
      const py = (relative ? by : 0) + (n[i + 1] ?? 0);
      out.push([px, py]);
      [x, y] = [px, py];
    }
    if (op === "M" || op === "m") [sx, sy] = [x, y];
  }
  return out;
}

describe("cluster count glyphs", () => {
  it("has a glyph for every character a cluster count can show", () => {
    const counts = [
      0, 1, 9, 10, 99, 100, 671, 999, 1000, 1049, 1050, 1300, 5349, 9999, 10_000, 12_345, 50_000, 999_999,
    ];
    for (let n = 0; n < 2000; n += 7) counts.push(n);
    for (const lang of ["en", "es", "pt", "fr", "de"]) {
      for (const count of counts) expect(hasGlyphs(formatCount(count, lang)), formatCount(count, lang)).toBe(true);
    }
  });

  it("draws a count centred on the cluster, within the cap height", () => {
    const cap = countCapHeight(24);
    const d = glyphRunPath("1.3k", 100, 50, cap);
    expect(d.startsWith("M")).toBe(true);
    const pts = points(d);
    const xs = pts.map(([x]) => x);
    const ys = pts.map(([, y]) => y);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(50 - cap / 2 - 0.1);
    expect(Math.max(...ys)).toBeLessThanOrEqual(50 + cap / 2 + 0.1);
    // Centred: the ink's left and right edges are about as far from the centre (within a glyph's side bearing).
    expect(Math.abs(100 - Math.min(...xs) - (Math.max(...xs) - 100))).toBeLessThan(1.5);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo((glyphRunWidth("1.3k") * cap) / 10, 0);
  });

  it("draws the decimal comma as a mark of its own, as wide as the point", () => {
    expect(glyphRunWidth("1,3k")).toBe(glyphRunWidth("1.3k"));
    expect(glyphRunPath("1,3k", 0, 0, 10)).not.toBe(glyphRunPath("1.3k", 0, 0, 10));
    expect(glyphRunPath("1,3k", 0, 0, 10)).not.toBe(glyphRunPath("13k", 0, 0, 10));
  });

  it("gives longer counts more room and fits every count inside its own cluster's circle", () => {
    expect(glyphRunWidth("50k")).toBeGreaterThan(glyphRunWidth("8k"));
    const counts = [2, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 99_999, 100_000, 999_999];
    for (let n = 2; n < 20_000; n += 37) counts.push(n);
    for (const count of counts) {
      const r = clusterRadius(count);
      const label = formatCount(count);
      // Inside the circle's inner edge (its 2 px ring), with the stroke's own width.
      const width = (glyphRunWidth(label) * countCapHeight(r)) / 10 + (GLYPH_STROKE * countCapHeight(r)) / 10;
      expect(width, `${label} at r=${r}`).toBeLessThan(2 * r - 4);
    }
  });

  it("writes each glyph the same way wherever it is drawn, so the page's counts compress", () => {
    const a = glyphRunPath("8", 10, 10, 9.4);
    const b = glyphRunPath("8", 300.37, 123.9, 9.4);
    expect(a.replace(/^M[^a-z]*/, "")).toBe(b.replace(/^M[^a-z]*/, ""));
    // Compact numbers: no leading zeros, no trailing zeros.
    expect(a).not.toMatch(/(^|[^\d])0\d|\.\d*0(?!\d)/);
  });

  it("skips characters it has no glyph for instead of failing", () => {
    expect(hasGlyphs("1M")).toBe(false);
    expect(glyphRunPath("1?", 0, 0, 10)).toBe(glyphRunPath("1", 0, 0, 10));
    expect(glyphRunPath("", 0, 0, 10)).toBe("");
  });
});
