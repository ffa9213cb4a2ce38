/**
 * A TopoJSON topology read into typed arrays, for the server-drawn map's detail (basemap-detail.server.ts).
 *
 * `JSON.parse` of the 1:50m countries and the admin-1 lines made an array per point: about 18 MB of heap while
 * parsing, and 70 MB of resident memory once topojson-client had built features and meshes from them, for data
 * that is 4 MB in typed arrays. Here the topology's arcs (nearly all of its bytes) are scanned straight from the
 * text into one Float64Array of longitude/latitude pairs; only the rest (the objects, which name arcs by index) goes
 * through `JSON.parse`.
 */

export type Arcs = {
  /** Longitude, latitude pairs of every arc, one after the other. */
  coords: Float64Array;
  /** Where arc i starts in `coords` (in points); entry i + 1 is where it ends. */
  starts: Uint32Array;
};

type Transform = { scale: [number, number]; translate: [number, number] };
export type TopologyObjects = Record<string, { type: string; geometries?: Geometry[]; arcs?: unknown }>;
export type Geometry = { type: string; arcs?: unknown; properties?: Record<string, unknown> };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Where the topology's own "arcs" array is in the text: [start, end) of its brackets, at the top level. */
function topLevelArcs(text: string): [number, number] {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const keyStart = i + 1;
      i++;
      while (i < text.length && text.charCodeAt(i) !== QUOTE) i += text.charCodeAt(i) === BACKSLASH ? 2 : 1;
      if (depth === 1 && text.slice(keyStart, i) === "arcs") {
        const open = text.indexOf("[", i);
        let d = 0;
        for (let j = open; j < text.length; j++) {
          const ch = text[j];
          if (ch === "[") d++;
          else if (ch === "]" && --d === 0) return [open, j + 1];
        }
        throw new Error("TopoJSON arcs are not closed");
      }
    } else if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  throw new Error("TopoJSON has no arcs");
}

/** The numbers of `text` from `from` to `to`, with the depth of the bracket each one is in. */
function scanArcs(text: string, from: number, to: number, transform: Transform | undefined): Arcs {
  // First pass: how many points and arcs, so the arrays are made once at their size.
  let points = 0;
  let arcs = 0;
  let depth = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b) {
      depth++;
      if (depth === 2) arcs++;
      else if (depth === 3) points++;
    } else if (c === 0x5d) depth--;
  }
  const coords = new Float64Array(points * 2);
  const starts = new Uint32Array(arcs + 1);
  const [sx, sy] = transform?.scale ?? [1, 1];
  const [tx, ty] = transform?.translate ?? [0, 0];
  let arc = -1;
  let point = -1;
  let axis = 0;
  let x = 0;
  let y = 0;
  depth = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b) {
      depth++;
      if (depth === 2) {
        arc++;
        starts[arc] = point + 1;
        x = 0;
        y = 0;
      } else if (depth === 3) {
        point++;
        axis = 0;
      }
    } else if (c === 0x5d) depth--;
    else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      // Read in place (no string per number): sign, digits, fraction; an exponent is rare and read by Number.
      let end = i;
      let sign = 1;
      if (c === 0x2d) {
        sign = -1;
        end++;
      }
      let value = 0;
      let scale = 1;
      let fraction = false;
      for (; end < to; end++) {
        const e = text.charCodeAt(end);
        if (e >= 0x30 && e <= 0x39) {
          value = value * 10 + (e - 0x30);
          if (fraction) scale *= 10;
        } else if (e === 0x2e && !fraction) fraction = true;
        else break;
      }
      value = (sign * value) / scale;
      const e = text.charCodeAt(end);
      if (e === 0x65 || e === 0x45) {
        let stop = end + 1;
        while (stop < to && /[0-9+-]/.test(text[stop] as string)) stop++;
        value = Number(text.slice(i, stop));
        end = stop;
      }
      i = end - 1;
      if (depth !== 3 || axis > 1) continue;
      if (transform) {
        // Quantized: each position is the delta from the previous one of its arc.
        if (axis === 0) x += value;
        else y += value;
        coords[point * 2 + axis] = axis === 0 ? x * sx + tx : y * sy + ty;
      } else coords[point * 2 + axis] = value;
      axis++;
    }
  }
  starts[arcs] = points;
  return { coords, starts };
}

/** A topology's arcs as typed arrays, and its objects (parsed without the arcs). */
export function readTopology(text: string): { arcs: Arcs; objects: TopologyObjects } {
  const [from, to] = topLevelArcs(text);
  const rest = JSON.parse(`${text.slice(0, from)}[]${text.slice(to)}`) as {
    objects: TopologyObjects;
    transform?: Transform;
  };
  return { arcs: scanArcs(text, from, to, rest.transform), objects: rest.objects };
}

/** The points of arc `index` (negative: arc ~index reversed), as longitude/latitude pairs. */
export function arcPoints(arcs: Arcs, index: number): Float64Array {
  const i = index < 0 ? ~index : index;
  const part = arcs.coords.subarray((arcs.starts[i] as number) * 2, (arcs.starts[i + 1] as number) * 2);
  if (index >= 0) return part;
  const reversed = new Float64Array(part.length);
  for (let k = 0; k < part.length; k += 2) {
    reversed[part.length - 2 - k] = part[k] as number;
    reversed[part.length - 1 - k] = part[k + 1] as number;
  }
  return reversed;
}

/** A ring (or line) made of arcs, each after the first without its first point (the previous arc's last). */
export function stitch(arcs: Arcs, indexes: number[]): Float64Array {
  const parts = indexes.map((index) => arcPoints(arcs, index));
  const length = parts.reduce((n, p, k) => n + p.length - (k > 0 ? 2 : 0), 0);
  const out = new Float64Array(Math.max(0, length));
  let at = 0;
  parts.forEach((p, k) => {
    const from = k > 0 ? 2 : 0;
    out.set(p.subarray(from), at);
    at += p.length - from;
  });
  return out;
}

/** The polygons' rings of a geometry (Polygon: arcs[ring][]; MultiPolygon: arcs[polygon][ring][]). */
export function ringsOf(geometry: Geometry): number[][] {
  if (geometry.type === "Polygon") return geometry.arcs as number[][];
  if (geometry.type === "MultiPolygon") return (geometry.arcs as number[][][]).flat();
  return [];
}
