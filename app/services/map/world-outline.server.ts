import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import land from "world-atlas/land-110m.json";
import { unwrapLongitudes } from "~/lib/map-geometry";

let cached: string | null = null;

type Point = [lng: number, lat: number];

/**
 * The rings to draw for one ring of the data. A ring around a pole (Antarctica) ends a whole turn from where it
 * began: it is closed along the map's bottom (or top) edge, so the land reaches the pole. A ring that runs past the
 * map's left or right edge is drawn a second time a turn away; the picker's box cuts off what lies outside it.
 */
function drawnRings(coords: number[][]): Point[][] {
  const ring = unwrapLongitudes(coords);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (!first || !last) return [];
  if (Math.abs(last[0] - first[0]) > 180) {
    // South of the equator the pole is the south one.
    const poleLat = ring.reduce((sum, [, lat]) => sum + lat, 0) < 0 ? -90 : 90;
    return [[...ring, [last[0], poleLat], [first[0], poleLat]]];
  }
  const lngs = ring.map(([lng]) => lng);
  const out = [ring];
  if (Math.min(...lngs) < -180) out.push(ring.map(([lng, lat]) => [lng + 360, lat]));
  if (Math.max(...lngs) > 180) out.push(ring.map(([lng, lat]) => [lng - 360, lat]));
  return out;
}

/** Which side of the map a longitude lies beyond: -1 west, 1 east, 0 on the map (or no point). */
function sideOf(lng: number | undefined): -1 | 0 | 1 {
  if (lng === undefined || (lng >= -181 && lng <= 181)) return 0;
  return lng < 0 ? -1 : 1;
}

/**
 * The world's land as one SVG path in an equirectangular 360x180 box (x = longitude + 180, y = 90 - latitude), so
 * a click converts back to coordinates with simple arithmetic. Built once per process.
 */
export function worldOutlinePath(): string {
  if (cached) return cached;
  const topology = land as unknown as Topology<{ land: GeometryCollection }>;
  const fc = feature(topology, topology.objects.land);
  const parts: string[] = [];
  // One-degree steps are about a pixel and a half at the picker's size; dropping repeated points keeps the page light.
  const snap = (v: number) => Math.round(v);
  const draw = (coords: number[][]) => {
    for (const ring of drawnRings(coords)) {
      const points: string[] = [];
      for (const [i, [lng, lat]] of ring.entries()) {
        // Of a run of points beyond the same side edge, only its ends are needed: the line between them stays
        // outside the box, and the copy a turn away draws that stretch of coast.
        const side = sideOf(lng);
        if (side !== 0 && sideOf(ring[i - 1]?.[0]) === side && sideOf(ring[i + 1]?.[0]) === side) continue;
        const point = `${snap(lng + 180)} ${snap(90 - lat)}`;
        if (point !== points[points.length - 1]) points.push(point);
      }
      if (points.length < 3) continue;
      parts.push(`M${points.join("L")}Z`);
    }
  };
  for (const f of fc.features) {
    const g = f.geometry;
    if (g.type === "Polygon") for (const r of g.coordinates) draw(r);
    if (g.type === "MultiPolygon") for (const p of g.coordinates) for (const r of p) draw(r);
  }
  cached = parts.join("");
  return cached;
}
