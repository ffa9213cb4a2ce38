import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { clipPolygon, clipPolyline, type Point } from "lineclip";
import { MAP_COLORS } from "~/lib/map-config";
import { latToUnitY, lngToUnitX, unitXToLng, unitYToLat, type View, worldSize } from "~/lib/map-geometry";
import { placesFile, populatedPlaces } from "./populated-places.server";
import { arcPoints, readTopology, ringsOf, stitch } from "./topojson-arcs.server";

/**
 * The server-drawn map's detail from MAP_DETAIL_MIN_ZOOM on (the no-JavaScript map zoomed in, and MapLibre's first
 * frame there): Natural Earth 1:50m land, coasts and borders in place of 1:110m, the boundaries of states and
 * provinces, and town names as SVG text. Read from disk on the first such view, never for the world view, and kept
 * in typed arrays (about 4 MB): lines and rings as flat unit-Mercator coordinates, each with its box (read from the
 * TopoJSON text without an array per point: topojson-arcs.server.ts).
 */

/**
 * Lines or rings packed together: shape i is points [starts[i], starts[i + 1]) of `xy` (unit Mercator x, y pairs),
 * and boxes[4i..4i+3] its minX, minY, maxX, maxY. One object per kind, not one per shape: the heap holds nothing
 * per ring for the collector (the 1:50m land alone is thousands of islands).
 */
type Shapes = { xy: Float64Array; starts: Uint32Array; boxes: Float64Array };
type Detail = { land: Shapes; coast: Shapes; borders: Shapes; admin1: Shapes };

/** Collects shapes, then packs them (`pack`). */
class ShapeBuilder {
  private readonly parts: Float64Array[] = [];

  /** Adds points [from, to) of longitude/latitude pairs as one shape. */
  add(lngLat: Float64Array, from = 0, to = lngLat.length / 2): void {
    if (to - from < 2) return;
    this.parts.push(lngLat.subarray(from * 2, to * 2));
  }

  /** Adds a line as parts of at most PART_POINTS points, each sharing its first point with the previous one's last. */
  addLine(lngLat: Float64Array): void {
    const points = lngLat.length / 2;
    for (let from = 0; from < points - 1; from += PART_POINTS - 1)
      this.add(lngLat, from, Math.min(points, from + PART_POINTS));
  }

  pack(): Shapes {
    const total = this.parts.reduce((n, p) => n + p.length / 2, 0);
    const xy = new Float64Array(total * 2);
    const starts = new Uint32Array(this.parts.length + 1);
    const boxes = new Float64Array(this.parts.length * 4);
    let at = 0;
    this.parts.forEach((part, i) => {
      starts[i] = at;
      let minX = Number.POSITIVE_INFINITY;
      let minY = Number.POSITIVE_INFINITY;
      let maxX = Number.NEGATIVE_INFINITY;
      let maxY = Number.NEGATIVE_INFINITY;
      for (let k = 0; k < part.length; k += 2) {
        const x = lngToUnitX(part[k] as number);
        const y = latToUnitY(part[k + 1] as number);
        xy[at * 2] = x;
        xy[at * 2 + 1] = y;
        at++;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
      boxes.set([minX, minY, maxX, maxY], i * 4);
    });
    starts[this.parts.length] = at;
    this.parts.length = 0;
    return { xy, starts, boxes };
  }
}

/** Lines are cut into parts of this many points, so a view draws only the parts near it. */
const PART_POINTS = 256;

function admin1File(): string {
  return path.join(path.dirname(placesFile()), "admin1.json");
}

function countriesFile(): string {
  return createRequire(import.meta.url).resolve("world-atlas/countries-50m.json");
}

let detail: Detail | null = null;
let loading: Promise<Detail> | null = null;

/** Lets the event loop serve other requests between the steps of reading the detail (each well under 100 ms). */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Reads the detail once, in steps; every later call resolves at once. */
export function loadBasemapDetail(): Promise<Detail> {
  if (detail) return Promise.resolve(detail);
  loading ??= (async () => {
    const countries = readTopology(readFileSync(countriesFile(), "utf8"));
    const geometries = countries.objects.countries?.geometries ?? [];
    await yieldToOthers();
    const arcCount = countries.arcs.starts.length - 1;
    // How many countries each arc bounds: one is a coast, two a border between them.
    const users = new Uint8Array(arcCount);
    const land = new ShapeBuilder();
    for (const geometry of geometries) {
      const mine = new Set<number>();
      for (const ring of ringsOf(geometry)) {
        land.add(stitch(countries.arcs, ring));
        for (const index of ring) mine.add(index < 0 ? ~index : index);
      }
      for (const arc of mine) users[arc] = Math.min(2, (users[arc] as number) + 1);
    }
    await yieldToOthers();
    const coast = new ShapeBuilder();
    const borders = new ShapeBuilder();
    for (let arc = 0; arc < arcCount; arc++) {
      if (users[arc] === 1) coast.addLine(arcPoints(countries.arcs, arc));
      else if (users[arc] === 2) borders.addLine(arcPoints(countries.arcs, arc));
    }
    await yieldToOthers();
    // The admin-1 file is a single MultiLineString: each of its arcs is a boundary line.
    const states = readTopology(readFileSync(admin1File(), "utf8"));
    const admin1 = new ShapeBuilder();
    for (let arc = 0; arc < states.arcs.starts.length - 1; arc++) admin1.addLine(arcPoints(states.arcs, arc));
    await yieldToOthers();
    populatedPlaces();
    detail = { land: land.pack(), coast: coast.pack(), borders: borders.pack(), admin1: admin1.pack() };
    return detail;
  })().finally(() => {
    loading = null;
  });
  return loading;
}

let version: string | null = null;
/** A fingerprint of the detail's data (part of the basemap's version, so outline URLs change with it). */
export function basemapDetailVersion(): string {
  version ??= createHash("sha256")
    .update(readFileSync(countriesFile()))
    .update(readFileSync(admin1File()))
    .update(readFileSync(placesFile()))
    .update(`${detailMarkup}${shapesPath}${labelsMarkup}`)
    .digest("base64url")
    .slice(0, 12);
  return version;
}

/** Shapes of a view as SVG path data in whole pixels, clipped to the view (a little beyond it). */
function shapesPath(shapes: Shapes, view: View, close: boolean): string {
  const size = worldSize(view.zoom);
  const originX = lngToUnitX(view.center.lng) * size - view.width / 2;
  const originY = latToUnitY(view.center.lat) * size - view.height / 2;
  const margin = 4;
  const box: [number, number, number, number] = [-margin, -margin, view.width + margin, view.height + margin];
  const out: string[] = [];
  const write = (points: Point[]) => {
    let seg = "";
    let px = 0;
    let py = 0;
    let n = 0;
    for (const [fx, fy] of points) {
      const x = Math.round(fx);
      const y = Math.round(fy);
      if (n > 0 && x === px && y === py) continue;
      seg +=
        n === 0
          ? `M${x} ${y}`
          : `${n === 1 ? "l" : ""}${x - px < 0 || n === 1 ? "" : " "}${x - px}${y - py < 0 ? "" : " "}${y - py}`;
      px = x;
      py = y;
      n++;
    }
    if (n >= (close ? 3 : 2)) out.push(close ? `${seg}z` : seg);
  };
  for (let n = 0; n + 1 < shapes.starts.length; n++) {
    const [minX = 0, minY = 0, maxX = 0, maxY = 0] = shapes.boxes.subarray(n * 4, n * 4 + 4);
    const top = minY * size - originY;
    const bottom = maxY * size - originY;
    if (bottom < box[1] || top > box[3]) continue;
    for (const shift of [-size, 0, size]) {
      const left = minX * size - originX + shift;
      const right = maxX * size - originX + shift;
      if (right < box[0] || left > box[2]) continue;
      if (right - left < 1 && bottom - top < 1) continue;
      const points: Point[] = [];
      for (let i = (shapes.starts[n] as number) * 2; i < (shapes.starts[n + 1] as number) * 2; i += 2) {
        points.push([(shapes.xy[i] as number) * size - originX + shift, (shapes.xy[i + 1] as number) * size - originY]);
      }
      if (close) write(clipPolygon(points, box));
      else for (const part of clipPolyline(points, box)) write(part);
    }
  }
  return out.join("");
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

/** Names drawn at once, at most, and the space kept free around each (as on the interactive map). */
const MAX_LABELS = 48;
const LABEL_GAP = 6;

/** Town names of a view, the most populous first, none overlapping another or the view's edge. */
function labelsMarkup(view: View): string {
  const size = worldSize(view.zoom);
  const originX = lngToUnitX(view.center.lng) * size - view.width / 2;
  const originY = latToUnitY(view.center.lat) * size - view.height / 2;
  const west = unitXToLng(originX / size);
  const east = unitXToLng((originX + view.width) / size);
  const north = unitYToLat(Math.max(0, originY / size));
  const south = unitYToLat(Math.min(1, (originY + view.height) / size));
  const places = populatedPlaces();
  const boxes: [number, number, number, number][] = [];
  const out: string[] = [];
  for (const i of places.inBox(Math.max(-180, west), south, Math.min(180, east), north)) {
    if (out.length >= MAX_LABELS) break;
    const x = Math.round(lngToUnitX(places.lng(i)) * size - originX);
    const y = Math.round(latToUnitY(places.lat(i)) * size - originY);
    const name = places.name(i);
    const major = places.population(i) >= 1_000_000;
    const w = 10 + name.length * (major ? 7.6 : 7);
    const b: [number, number, number, number] = [
      x - 4 - LABEL_GAP,
      y - 9 - LABEL_GAP,
      x + w + LABEL_GAP,
      y + 9 + LABEL_GAP,
    ];
    if (b[0] < 0 || b[1] < 0 || b[2] > view.width || b[3] > view.height) continue;
    if (boxes.some((o) => b[0] < o[2] && o[0] < b[2] && b[1] < o[3] && o[1] < b[3])) continue;
    boxes.push(b);
    out.push(
      `<circle cx="${x}" cy="${y}" r="3" stroke-width="1.5"/><text x="${x + 7}" y="${y + 4}"${major ? ' font-size="13" font-weight="700"' : ""}>${escapeXml(name)}</text>`,
    );
  }
  if (out.length === 0) return "";
  const c = MAP_COLORS;
  // The halo (a wide white stroke painted under the letters) keeps names readable over lines and water.
  return `<g fill="${c.label}" stroke="${c.labelHalo}" stroke-width="3" paint-order="stroke" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="12" font-weight="600" stroke-linejoin="round">${out.join("")}</g>`;
}

/** The detailed outline markup of a view (land, states and provinces, coasts, borders, town names). */
export async function detailMarkup(view: View): Promise<string> {
  const d = await loadBasemapDetail();
  const c = MAP_COLORS;
  return [
    `<path d="${shapesPath(d.land, view, true)}" fill="${c.land}" fill-rule="evenodd"/>`,
    `<path d="${shapesPath(d.admin1, view, false)}" fill="none" stroke="${c.admin1}" stroke-width="1" stroke-dasharray="3 2" stroke-linejoin="round"/>`,
    `<path d="${shapesPath(d.coast, view, false)}" fill="none" stroke="${c.coast}" stroke-width="0.9" stroke-linejoin="round"/>`,
    `<path d="${shapesPath(d.borders, view, false)}" fill="none" stroke="${c.border}" stroke-width="1.1" stroke-linejoin="round"/>`,
    labelsMarkup(view),
  ].join("");
}
