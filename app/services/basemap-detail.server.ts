import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { clipPolygon, clipPolyline, type Point } from "lineclip";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { MAP_COLORS } from "../lib/map-config";
import { latToUnitY, lngToUnitX, unitXToLng, unitYToLat, type View, worldSize } from "../lib/map-geometry";
import { placesFile, populatedPlaces } from "./populated-places.server";

/**
 * The server-drawn map's detail from MAP_DETAIL_MIN_ZOOM on (the no-JavaScript map zoomed in, and MapLibre's first
 * frame there): Natural Earth 1:50m land, coasts and borders in place of 1:110m, the boundaries of states and
 * provinces, and town names as SVG text. Read from disk on the first such view, never for the world view, and kept
 * in typed arrays (about 4 MB): lines and rings as flat unit-Mercator coordinates, each with its box.
 */

type Shape = { xy: Float64Array; minX: number; maxX: number; minY: number; maxY: number };
type Detail = { land: Shape[]; coast: Shape[]; borders: Shape[]; admin1: Shape[] };

/** Lines are cut into parts of this many points, so a view draws only the parts near it. */
const PART_POINTS = 256;

function toShape(line: number[][], from = 0, to = line.length): Shape {
  const xy = new Float64Array((to - from) * 2);
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let i = from; i < to; i++) {
    const [lng = 0, lat = 0] = line[i] as number[];
    const x = lngToUnitX(lng);
    const y = latToUnitY(lat);
    xy[(i - from) * 2] = x;
    xy[(i - from) * 2 + 1] = y;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { xy, minX, maxX, minY, maxY };
}

/** A line as parts of at most PART_POINTS points, each sharing its first point with the previous part's last. */
function lineParts(line: number[][]): Shape[] {
  const parts: Shape[] = [];
  for (let from = 0; from < line.length - 1; from += PART_POINTS - 1) {
    parts.push(toShape(line, from, Math.min(line.length, from + PART_POINTS)));
  }
  return parts;
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, "utf8")) as T;
}

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
    const countries = readJson<Topology<{ countries: GeometryCollection }>>(countriesFile());
    const object = countries.objects.countries;
    await yieldToOthers();
    const land: Shape[] = [];
    for (const f of feature(countries, object).features) {
      const g = f.geometry;
      const polygons = g?.type === "Polygon" ? [g.coordinates] : g?.type === "MultiPolygon" ? g.coordinates : [];
      for (const polygon of polygons) for (const ring of polygon) land.push(toShape(ring));
    }
    await yieldToOthers();
    const coast = mesh(countries, object, (a, b) => a === b).coordinates.flatMap(lineParts);
    await yieldToOthers();
    const borders = mesh(countries, object, (a, b) => a !== b).coordinates.flatMap(lineParts);
    await yieldToOthers();
    const states = readJson<Topology<{ admin1: GeometryCollection }>>(admin1File());
    await yieldToOthers();
    const lines = feature(states, states.objects.admin1);
    const admin1: Shape[] = [];
    for (const f of "features" in lines ? lines.features : [lines]) {
      const g = f.geometry;
      const list = g?.type === "MultiLineString" ? g.coordinates : g?.type === "LineString" ? [g.coordinates] : [];
      for (const line of list) admin1.push(...lineParts(line));
    }
    await yieldToOthers();
    populatedPlaces();
    detail = { land, coast, borders, admin1 };
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
function shapesPath(shapes: Shape[], view: View, close: boolean): string {
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
  for (const s of shapes) {
    const top = s.minY * size - originY;
    const bottom = s.maxY * size - originY;
    if (bottom < box[1] || top > box[3]) continue;
    for (const shift of [-size, 0, size]) {
      const left = s.minX * size - originX + shift;
      const right = s.maxX * size - originX + shift;
      if (right < box[0] || left > box[2]) continue;
      if (right - left < 1 && bottom - top < 1) continue;
      const points: Point[] = [];
      for (let i = 0; i < s.xy.length; i += 2) {
        points.push([(s.xy[i] as number) * size - originX + shift, (s.xy[i + 1] as number) * size - originY]);
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
