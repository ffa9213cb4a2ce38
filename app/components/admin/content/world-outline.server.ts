import type { GeometryCollection, Topology } from "topojson-specification";
import { feature } from "topojson-client";
import land from "world-atlas/land-110m.json";

let cached: string | null = null;

/**
 * The world's land as one SVG path in an equirectangular 360x180 box (x = longitude + 180, y = 90 - latitude), so
 * a click converts back to coordinates with simple arithmetic. Built once per process (about 20 KB).
 */
export function worldOutlinePath(): string {
  if (cached) return cached;
  const topology = land as unknown as Topology<{ land: GeometryCollection }>;
  const fc = feature(topology, topology.objects.land);
  const parts: string[] = [];
  const ring = (coords: number[][]) => {
    coords.forEach(([lng = 0, lat = 0], i) => {
      parts.push(`${i === 0 ? "M" : "L"}${(lng + 180).toFixed(1)} ${(90 - lat).toFixed(1)}`);
    });
    parts.push("Z");
  };
  for (const f of fc.features) {
    const g = f.geometry;
    if (g.type === "Polygon") for (const r of g.coordinates) ring(r);
    if (g.type === "MultiPolygon") for (const p of g.coordinates) for (const r of p) ring(r);
  }
  cached = parts.join("");
  return cached;
}
