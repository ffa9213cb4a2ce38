import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import land from "world-atlas/land-110m.json";

let cached: string | null = null;

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
  const ring = (coords: number[][]) => {
    const points: string[] = [];
    for (const [lng = 0, lat = 0] of coords) {
      const point = `${snap(lng + 180)} ${snap(90 - lat)}`;
      if (point !== points[points.length - 1]) points.push(point);
    }
    if (points.length < 3) return;
    parts.push(`M${points.join("L")}Z`);
  };
  for (const f of fc.features) {
    const g = f.geometry;
    if (g.type === "Polygon") for (const r of g.coordinates) ring(r);
    if (g.type === "MultiPolygon") for (const p of g.coordinates) for (const r of p) ring(r);
  }
  cached = parts.join("");
  return cached;
}
