import { formatCount } from "~/lib/map-geometry";

/**
 * Cluster counts on the server-drawn map, drawn as strokes instead of SVG `<text>`.
 *
 * The first frame of /map is the page's longest rendering task. SVG text is the costly part of its layout: each label
 * is shaped, split into text chunks and positioned glyph by glyph, and each size and weight is another font lookup
 * in a renderer that has not drawn text yet. A count is a few characters from a fixed set (digits, the decimal mark
 * "." or "," of the page's language, and "k"; see `formatCount`), so one stroked path per label draws it with no text layout at all. The links around the
 * clusters carry the count in their accessible names; these strokes are only what the eye sees.
 */

/** Glyph outlines on a grid 10 units high (0 = cap height, 10 = baseline), absolute M/L/C/Z commands. */
const GLYPHS: Record<string, { width: number; d: string }> = {
  "0": { width: 6, d: "M3 0C0.8 0 0 2.3 0 5C0 7.7 0.8 10 3 10C5.2 10 6 7.7 6 5C6 2.3 5.2 0 3 0Z" },
  "1": { width: 3.2, d: "M0 2.3L3 0L3 10" },
  "2": { width: 6, d: "M0.3 2.3C0.8 0.7 1.9 0 3.1 0C4.8 0 5.8 1.1 5.8 2.7C5.8 4.3 4.7 5.3 3.3 6.6L0.2 10L6 10" },
  "3": {
    width: 6,
    d: "M0.4 1.1C1 0.4 2 0 3 0C4.7 0 5.6 1 5.6 2.5C5.6 4 4.4 4.8 2.7 4.8C4.6 4.8 6 5.7 6 7.4C6 9 4.7 10 3 10C1.8 10 0.8 9.6 0.1 8.8",
  },
  "4": { width: 6.2, d: "M4.6 10L4.6 0L0 7.2L6.2 7.2" },
  "5": {
    width: 6,
    d: "M5.5 0L1.1 0L0.6 4.6C1.2 4.1 2 3.8 3 3.8C4.8 3.8 6 5 6 6.9C6 8.8 4.7 10 2.9 10C1.8 10 0.8 9.6 0.1 8.8",
  },
  "6": {
    width: 6,
    d: "M5.4 0.7C4.8 0.2 4 0 3.3 0C1.2 0 0 2.2 0 5.4C0 8.4 1.1 10 3.1 10C4.8 10 6 8.8 6 7C6 5.2 4.8 4 3.1 4C1.7 4 0.5 4.9 0 6.3",
  },
  "7": { width: 6, d: "M0 0L6 0L2.3 10" },
  "8": {
    width: 6,
    d: "M3 4.7C1.4 4.7 0.5 3.8 0.5 2.4C0.5 0.9 1.5 0 3 0C4.5 0 5.5 0.9 5.5 2.4C5.5 3.8 4.6 4.7 3 4.7C1.2 4.7 0 5.7 0 7.3C0 9 1.2 10 3 10C4.8 10 6 9 6 7.3C6 5.7 4.8 4.7 3 4.7Z",
  },
  "9": {
    width: 6,
    d: "M0.6 9.3C1.2 9.8 2 10 2.7 10C4.8 10 6 7.8 6 4.6C6 1.6 4.9 0 2.9 0C1.2 0 0 1.2 0 3C0 4.8 1.2 6 2.9 6C4.3 6 5.5 5.1 6 3.7",
  },
  ".": { width: 1.2, d: "M0.6 9.6L0.6 9.6" },
  // The decimal comma of Spanish, Portuguese, French and German counts ("1,2k"): the dot with a short tail below the
  // baseline, leaning left as a written comma does.
  ",": { width: 1.2, d: "M1.1 9.5L0.2 11.6" },
  k: { width: 5.4, d: "M0 0L0 10M5.2 3.6L0.3 7.4M2.2 5.9L5.4 10" },
};

/** Space between glyphs, in grid units. */
const TRACKING = 2.5;
/** Stroke width in grid units: about the weight of bold text at this size. */
export const GLYPH_STROKE = 1.9;

/** The count's cap height for a cluster of radius `r`: about that of 13 px bold text on large clusters, 12 px else. */
export function countCapHeight(r: number): number {
  return r > 20 ? 9.4 : 8.7;
}

/** True when every character of `text` has a glyph here (the map falls back to nothing else: see `formatCount`). */
export function hasGlyphs(text: string): boolean {
  return [...text].every((ch) => ch in GLYPHS);
}

/** Width of `text` in grid units (without the stroke's overhang). */
export function glyphRunWidth(text: string): number {
  const chars = [...text].filter((ch) => ch in GLYPHS);
  if (chars.length === 0) return 0;
  return chars.reduce((w, ch) => w + (GLYPHS[ch]?.width ?? 0), 0) + TRACKING * (chars.length - 1);
}

type Command = { op: "M" | "L" | "C" | "Z"; xy: number[] };

function parse(d: string): Command[] {
  const out: Command[] = [];
  for (const token of d.match(/[MLCZ]|-?\d*\.?\d+/g) ?? []) {
    if (token === "M" || token === "L" || token === "C" || token === "Z") out.push({ op: token, xy: [] });
    else out[out.length - 1]?.xy.push(Number(token));
  }
  return out;
}

/** `n` with at most `digits` decimals, no trailing zeros and no leading zero before the point ("-.5", ".25"). */
const fixed = (n: number, digits: number) => {
  const text = n
    .toFixed(digits)
    .replace(/(\.\d*?)0+$/, "$1")
    .replace(/\.$/, "");
  if (text === "-0" || text === "0") return "0";
  return text.replace(/^(-?)0\./, "$1.");
};
/** Numbers joined for path data: no space before a minus sign, one space otherwise (also before ".5", which after
 * an integer would be read as its decimals). */
const join = (values: string[]) =>
  values.reduce((acc, v, i) => (i === 0 || v.startsWith("-") ? acc + v : `${acc} ${v}`), "");

const relativeCache = new Map<string, { start: [number, number]; rest: string }>();

/**
 * One glyph at one scale: its first point (in grid units) and the rest of its outline in relative commands. The rest
 * is the same text wherever the glyph is drawn, which is what makes a page of counts compress well.
 */
function relativeGlyph(ch: string, scale: number): { start: [number, number]; rest: string } {
  const key = `${ch}@${scale}`;
  const cached = relativeCache.get(key);
  if (cached) return cached;
  const commands = parse(GLYPHS[ch]?.d ?? "");
  const first = commands[0]?.xy ?? [0, 0];
  const start: [number, number] = [first[0] ?? 0, first[1] ?? 0];
  let [px, py] = start;
  let [sx, sy] = start;
  let rest = "";
  for (const { op, xy } of commands.slice(1)) {
    if (op === "Z") {
      rest += "z";
      [px, py] = [sx, sy];
      continue;
    }
    // Relative to the command's start point: right for M and L (one pair each, as in every glyph here) and for C,
    // whose control points and end point are all relative to where the curve starts.
    const deltas: string[] = [];
    for (let i = 0; i + 1 < xy.length; i += 2) {
      deltas.push(fixed(((xy[i] ?? 0) - px) * scale, 2), fixed(((xy[i + 1] ?? 0) - py) * scale, 2));
    }
    rest += op.toLowerCase() + join(deltas);
    // The current point is the command's last point; a move also starts a new subpath.
    px = xy[xy.length - 2] ?? px;
    py = xy[xy.length - 1] ?? py;
    if (op === "M") [sx, sy] = [px, py];
  }
  const value = { start, rest };
  relativeCache.set(key, value);
  return value;
}

/**
 * The path data drawing `text` centred on (cx, cy), `capHeight` logical pixels tall. Characters without a glyph
 * are skipped. Stroke it with `GLYPH_STROKE * capHeight / 10`, round caps and joins, no fill.
 */
export function glyphRunPath(text: string, cx: number, cy: number, capHeight: number): string {
  const scale = capHeight / 10;
  let x = cx - (glyphRunWidth(text) * scale) / 2;
  const top = cy - capHeight / 2;
  const parts: string[] = [];
  for (const ch of text) {
    const glyph = GLYPHS[ch];
    if (!glyph) continue;
    const { start, rest } = relativeGlyph(ch, scale);
    parts.push(`M${join([fixed(x + start[0] * scale, 1), fixed(top + start[1] * scale, 1)])}${rest}`);
    x += (glyph.width + TRACKING) * scale;
  }
  return parts.join("");
}

/**
 * A cluster's count as one stroked SVG `<path>`: the markup both the server-drawn map (map-svg.tsx) and MapLibre's
 * cluster markers (maplibre-map.client.ts) draw, so the two look the same. `r` is the cluster's radius; (cx, cy)
 * its centre; `lang` the page's language, whose decimal mark the count uses. The markup holds only numbers and path
 * commands, never input.
 */
export function clusterCountMarkup(count: number, r: number, cx: number, cy: number, lang = "en"): string {
  const cap = countCapHeight(r);
  const d = glyphRunPath(formatCount(count, lang), cx, cy, cap);
  const width = fixed((GLYPH_STROKE * cap) / 10, 2);
  return `<path d="${d}" fill="none" stroke="#ffffff" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
}
