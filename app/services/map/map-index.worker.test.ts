import { describe, expect, it } from "vitest";
import { CLUSTER_MAX_ZOOM, MAX_ZOOM } from "~/lib/map-geometry";
import { buildIndex, Places, queryIndex } from "./map-index.worker";

function page(rows: { id: string; name: string; lat: number; lng: number; type?: string }[]) {
  return {
    ids: rows.map((r) => r.id),
    names: rows.map((r) => r.name),
    markerTypes: rows.map((r) => r.type ?? "farm"),
    lats: Float64Array.from(rows, (r) => r.lat),
    lngs: Float64Array.from(rows, (r) => r.lng),
  };
}

describe("the map index's columns", () => {
  it("finds places by id whatever order their pages came in, and skips coordinates no map can show", () => {
    const places = new Places();
    places.add(
      page([
        { id: "c0000000-0000-4000-8000-000000000003", name: "Third", lat: 10, lng: 10 },
        { id: "a0000000-0000-4000-8000-000000000001", name: "First", lat: 91, lng: 0 },
      ]),
    );
    places.add(
      page([{ id: "b0000000-0000-4000-8000-000000000002", name: "Second", lat: -5, lng: 20, type: "school" }]),
    );
    expect(places.size).toBe(2);
    expect(places.find("a0000000-0000-4000-8000-000000000001")).toBe(-1);
    const second = places.find("b0000000-0000-4000-8000-000000000002");
    expect(places.props(second)).toEqual({
      id: "b0000000-0000-4000-8000-000000000002",
      name: "Second",
      markerType: "school",
    });
    expect(places.props(places.find("c0000000-0000-4000-8000-000000000003")).name).toBe("Third");
    // Added after the first lookup: still found.
    places.add(page([{ id: "00000000-0000-4000-8000-000000000000", name: "Zeroth", lat: 1, lng: 1 }]));
    expect(places.props(places.find("00000000-0000-4000-8000-000000000000")).name).toBe("Zeroth");
    expect(places.find("not-an-id")).toBe(-1);
  });

  it("keeps names in any script and ids in any case through many pages and the final compaction", () => {
    const places = new Places();
    const names = ["Ökodorf Sieben Linden", "Fazenda Águas Claras", "農場の森", "Ferme d’été 🌱"];
    for (let p = 0; p < 50; p++) {
      places.add(
        page(
          Array.from({ length: 100 }, (_, i) => ({
            id: `${String(p).padStart(4, "0")}${String(i).padStart(4, "0")}-0000-4000-8000-${String(p * 100 + i).padStart(12, "0")}`,
            name: `${names[i % names.length]} ${p * 100 + i}`,
            lat: (i % 80) - 40,
            lng: p - 25,
          })),
        ),
      );
    }
    places.compact();
    expect(places.size).toBe(5000);
    const row = places.find("0049ABCD-0000-4000-8000-000000004999".replace("ABCD", "0099").toUpperCase());
    expect(places.props(row)).toEqual({
      id: "00490099-0000-4000-8000-000000004999",
      name: "Ferme d’été 🌱 4999",
      markerType: "farm",
    });
    expect(places.name(places.find("00120002-0000-4000-8000-000000001202"))).toBe("農場の森 1202");
  });

  it("answers points with their names and types from the columns, and a subset index holds only its rows", () => {
    const places = new Places();
    places.add(
      page([
        { id: "10000000-0000-4000-8000-000000000001", name: "Hill farm", lat: 40, lng: -8 },
        { id: "20000000-0000-4000-8000-000000000002", name: "Coast school", lat: -33, lng: 151, type: "school" },
        { id: "30000000-0000-4000-8000-000000000003", name: "Valley farm", lat: 52, lng: 13 },
      ]),
    );
    const all = queryIndex(buildIndex(places), places, [-180, -85, 180, 85], 18);
    expect(all.points.map((p) => p[3])).toEqual(["Coast school", "Hill farm", "Valley farm"]);
    expect(all.points.find((p) => p[3] === "Coast school")?.[4]).toBe("school");
    const subset = buildIndex(places, [places.find("30000000-0000-4000-8000-000000000003")]);
    const view = queryIndex(subset, places, [-180, -85, 180, 85], 18);
    expect(view.total).toBe(1);
    expect(view.points.map((p) => [p[2], p[3]])).toEqual([["Valley-farm", "Valley farm"]]);
    expect(subset.bbox).toEqual([13, 52, 13, 52]);
  });
});

describe("clustering by zoom", () => {
  // Two places 400 m apart in one town, and a third 30 km away.
  const town = [
    { id: "40000000-0000-4000-8000-000000000001", name: "Upper orchard", lat: 48.1, lng: 11.5 },
    { id: "40000000-0000-4000-8000-000000000002", name: "Lower orchard", lat: 48.1036, lng: 11.5 },
    { id: "40000000-0000-4000-8000-000000000003", name: "Far meadow", lat: 48.37, lng: 11.5 },
  ];
  const view: [number, number, number, number] = [11.3, 48.0, 11.7, 48.5];

  it("groups the two close places up to the last clustering zoom, and shows every place above it", () => {
    const places = new Places();
    places.add(page(town));
    const index = buildIndex(places);
    const atLast = queryIndex(index, places, view, CLUSTER_MAX_ZOOM);
    expect(atLast.clusters).toHaveLength(1);
    expect(atLast.clusters[0]?.[2]).toBe(2);
    // The cluster opens where its places stand apart.
    expect(atLast.clusters[0]?.[4]).toBe(CLUSTER_MAX_ZOOM + 1);
    expect(atLast.points.map((p) => p[3])).toEqual(["Far meadow"]);
    for (const zoom of [CLUSTER_MAX_ZOOM + 1, MAX_ZOOM]) {
      const above = queryIndex(index, places, view, zoom);
      expect(above.clusters).toEqual([]);
      expect(above.points.map((p) => p[3])).toEqual(["Far meadow", "Lower orchard", "Upper orchard"]);
    }
  });
});
