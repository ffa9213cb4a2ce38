import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Feature, FeatureCollection, MultiLineString, MultiPolygon, Position } from "geojson";
import { merge, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { MAP_COLORS, MAP_DETAIL_MIN_ZOOM } from "~/lib/map-config";
import { latToUnitY, lngToUnitX, roundView, unwrapLongitudes, type View, worldSize } from "~/lib/map-geometry";
import { basemapDetailVersion, detailMarkup } from "./basemap-detail.server";

/**
 * The self-contained basemap: Natural Earth 1:110m countries from the `world-atlas` package, so maps work
 * offline and without a tile account. Land (countries merged, each coastline once) and interior borders
 * (each shared border once) are derived once per process and reused for every SVG and for MapLibre.
 */

type Ring = Position[];
type RingWithBox = { ring: Ring; minX: number; maxX: number; minY: number; maxY: number };

type Basemap = {
  /** Land polygons' rings (outer and holes), in unit Mercator coordinates with their bounding boxes. */
  landRings: RingWithBox[];
  borderLines: RingWithBox[];
  /** For MapLibre: land and borders in degrees. */
  geojson: FeatureCollection<MultiPolygon | MultiLineString, { kind: "land" | "border" }>;
};

let cached: Basemap | null = null;

let topologyText: string | null = null;
function readTopologyText(): string {
  if (topologyText === null) {
    const require = createRequire(import.meta.url);
    topologyText = readFileSync(require.resolve("world-atlas/countries-110m.json"), "utf8");
  }
  return topologyText;
}

function loadTopology(): Topology<{ countries: GeometryCollection }> {
  return JSON.parse(readTopologyText()) as Topology<{ countries: GeometryCollection }>;
}

let version: string | null = null;
/**
 * A short fingerprint of the basemap data and of how it is drawn (the drawing functions' own source and the
 * colours). Outline URLs carry it, so a response for a URL never changes and browsers may keep it for good; a
 * new world-atlas or a change to the drawing gives new URLs, with nothing to remember to bump.
 */
export function basemapVersion(): string {
  version ??= createHash("sha256")
    .update(readTopologyText())
    .update(`${pathFor}${outlineMarkup}${basemapOutlineSvg}${JSON.stringify(MAP_COLORS)}${MAP_DETAIL_MIN_ZOOM}`)
    .update(basemapDetailVersion())
    .digest("base64url")
    .slice(0, 12);
  return version;
}

function toUnit(raw: Position[]): RingWithBox {
  const unwrapped = unwrapLongitudes(raw);
  // A ring around a pole (Antarctica) cannot be unwrapped into a closed shape; it is kept as it is.
  const first = unwrapped[0];
  const last = unwrapped[unwrapped.length - 1];
  const line = first && last && Math.abs((first[0] as number) - (last[0] as number)) > 180 ? raw : unwrapped;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  const ring: Ring = line.map(([lng, lat]) => {
    const x = lngToUnitX(lng as number);
    const y = latToUnitY(lat as number);
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    return [x, y];
  });
  return { ring, minX, maxX, minY, maxY };
}

/** Unwrapped (see unwrap) and rounded to 0.01° (finer than the 1:110m data), for MapLibre's GeoJSON source. */
function roundPositions(raw: Position[]): Position[] {
  const unwrapped = unwrapLongitudes(raw);
  const first = unwrapped[0];
  const last = unwrapped[unwrapped.length - 1];
  const line = first && last && Math.abs((first[0] as number) - (last[0] as number)) > 180 ? raw : unwrapped;
  return line.map(([lng, lat]) => [Math.round((lng as number) * 100) / 100, Math.round((lat as number) * 100) / 100]);
}

export function getBasemap(): Basemap {
  if (cached) return cached;
  const topology = loadTopology();
  const countries = topology.objects.countries;
  const land = merge(topology, countries.geometries as never) as MultiPolygon;
  const borders = mesh(topology, countries, (a, b) => a !== b) as MultiLineString;
  const landRings = land.coordinates.flatMap((polygon) => polygon.map(toUnit));
  const borderLines = borders.coordinates.map(toUnit);
  const features: Feature<MultiPolygon | MultiLineString, { kind: "land" | "border" }>[] = [
    {
      type: "Feature",
      properties: { kind: "land" },
      geometry: { type: "MultiPolygon", coordinates: land.coordinates.map((p) => p.map(roundPositions)) },
    },
    {
      type: "Feature",
      properties: { kind: "border" },
      geometry: { type: "MultiLineString", coordinates: borders.coordinates.map(roundPositions) },
    },
  ];
  cached = { landRings, borderLines, geojson: { type: "FeatureCollection", features } };
  return cached;
}

/** Serialised GeoJSON for MapLibre (computed once). */
let geojsonText: string | null = null;
export function basemapGeoJsonText(): string {
  geojsonText ??= JSON.stringify(getBasemap().geojson);
  return geojsonText;
}

/**
 * An SVG path for a set of lines/rings projected into a view, in whole pixels with relative moves.
 * Rings outside the view are skipped; near the antimeridian a copy shifted by one world width is drawn.
 */
function pathFor(items: RingWithBox[], view: View, close: boolean): string {
  const size = worldSize(view.zoom);
  const originX = lngToUnitX(view.center.lng) * size - view.width / 2;
  const originY = latToUnitY(view.center.lat) * size - view.height / 2;
  const margin = 2;
  const out: string[] = [];
  for (const item of items) {
    const top = item.minY * size - originY;
    const bottom = item.maxY * size - originY;
    if (bottom < -margin || top > view.height + margin) continue;
    for (const shift of [-size, 0, size]) {
      const left = item.minX * size - originX + shift;
      const right = item.maxX * size - originX + shift;
      if (right < -margin || left > view.width + margin) continue;
      // Rings smaller than a pixel add bytes but nothing visible.
      if (right - left < 1 && bottom - top < 1) continue;
      let px = 0;
      let py = 0;
      let seg = "";
      let n = 0;
      for (const [ux, uy] of item.ring) {
        const x = Math.round((ux as number) * size - originX + shift);
        const y = Math.round((uy as number) * size - originY);
        if (n === 0) seg = `M${x} ${y}`;
        else if (x === px && y === py) continue;
        else {
          const dx = x - px;
          const dy = y - py;
          seg += `${n === 1 ? "l" : dx < 0 ? "" : " "}${dx}${dy < 0 ? "" : " "}${dy}`;
        }
        px = x;
        py = y;
        n++;
      }
      if (n < (close ? 3 : 2)) continue;
      out.push(close ? `${seg}z` : seg);
    }
  }
  return out.join("");
}

export type BasemapPaths = { land: string; borders: string };

const pathCache = new Map<string, BasemapPaths>();
const PATH_CACHE_MAX = 200;

/** Land and border paths for a view; cached, since the same few views (home, /map default) repeat. */
export function basemapPaths(view: View): BasemapPaths {
  // Keyed at the precision outline URLs carry (roundView): coarser keys would hand a view another view's drawing,
  // shifted by pixels at high zoom, and the outline endpoint caches what it serves for good.
  const r = roundView(view);
  const key = `${r.center.lng},${r.center.lat},${r.zoom},${r.width}x${r.height}`;
  const hit = pathCache.get(key);
  if (hit) return hit;
  const basemap = getBasemap();
  const paths = { land: pathFor(basemap.landRings, view, true), borders: pathFor(basemap.borderLines, view, false) };
  if (pathCache.size >= PATH_CACHE_MAX) {
    const oldest = pathCache.keys().next().value;
    if (oldest !== undefined) pathCache.delete(oldest);
  }
  pathCache.set(key, paths);
  return paths;
}

function outlineMarkup({ land, borders }: BasemapPaths): string {
  const c = MAP_COLORS;
  return `<path d="${land}" fill="${c.land}" stroke="${c.coast}" stroke-width="0.75" stroke-linejoin="round"/><path d="${borders}" fill="none" stroke="${c.border}" stroke-width="0.6" stroke-linejoin="round"/>`;
}

/**
 * Land and borders of a view on a transparent background: every server-drawn map (/, /map and each location's
 * mini map) paints its water at once and lays this image over it (map-svg.tsx, location-mini-map.tsx).
 */
export async function basemapOutlineSvg(view: View): Promise<string> {
  // Zoomed in, the finer detail (basemap-detail.server.ts); the world view and the mini maps keep 1:110m.
  const markup =
    view.zoom >= MAP_DETAIL_MIN_ZOOM ? await detailMarkup(roundView(view)) : outlineMarkup(basemapPaths(view));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${view.width} ${view.height}" width="${view.width}" height="${view.height}">${markup}</svg>`;
}
