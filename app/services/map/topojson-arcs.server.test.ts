import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { describe, expect, it } from "vitest";
import { readTopology, ringsOf, stitch } from "./topojson-arcs.server";

describe("a TopoJSON topology read into typed arrays", () => {
  it("gives every country's rings as topojson-client decodes them", () => {
    const text = readFileSync(createRequire(import.meta.url).resolve("world-atlas/countries-50m.json"), "utf8");
    const { arcs, objects } = readTopology(text);
    const topology = JSON.parse(text) as Topology<{ countries: GeometryCollection }>;
    const expected = feature(topology, topology.objects.countries).features;
    const geometries = objects.countries?.geometries ?? [];
    expect(geometries).toHaveLength(expected.length);
    geometries.forEach((geometry, i) => {
      const g = expected[i]?.geometry;
      const rings = g?.type === "Polygon" ? g.coordinates : g?.type === "MultiPolygon" ? g.coordinates.flat() : [];
      const mine = ringsOf(geometry).map((ring) => stitch(arcs, ring));
      expect(mine.length).toBe(rings.length);
      mine.forEach((flat, r) => {
        const ring = rings[r] ?? [];
        expect(flat.length).toBe(ring.length * 2);
        for (const k of [0, Math.floor(ring.length / 2), ring.length - 1]) {
          expect(flat[k * 2]).toBeCloseTo(ring[k]?.[0] ?? Number.NaN, 9);
          expect(flat[k * 2 + 1]).toBeCloseTo(ring[k]?.[1] ?? Number.NaN, 9);
        }
      });
    });
  });

  it("reads arcs that are not quantized, and strings that mention arcs", () => {
    const { arcs, objects } = readTopology(
      JSON.stringify({
        type: "Topology",
        objects: { lines: { type: "MultiLineString", arcs: [[0], [1]], properties: { note: '"arcs": [[9]]' } } },
        arcs: [
          [
            [10.5, -2.25],
            [11, -3],
          ],
          [
            [-1e-3, 4],
            [5, 6],
            [7, 8.125],
          ],
        ],
      }),
    );
    expect(Array.from(arcs.starts)).toEqual([0, 2, 5]);
    expect(Array.from(arcs.coords)).toEqual([10.5, -2.25, 11, -3, -0.001, 4, 5, 6, 7, 8.125]);
    expect(objects.lines?.type).toBe("MultiLineString");
  });
});
