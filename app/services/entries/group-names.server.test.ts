import { describe, expect, it } from "vitest";
import { countryName as countryNameIn, groupPlace } from "~/lib/group-place";
import { serverTranslate } from "~/server-lib/messages.server";
import { buildIndex, Places, queryIndex } from "../map/map-index.worker";
import { PopulatedPlaces, populatedPlaces } from "../map/populated-places.server";
import { describeGroup, sampleGroup } from "./group-names.server";

/** A group's place as an English page words it. */
const english = (where: string | undefined) => groupPlace(where ?? "", serverTranslate("en"), "en");

let serial = 0;
function placesAt(points: [lng: number, lat: number][]): Places {
  const places = new Places();
  const ids = points.map(() => `00000000-0000-4000-8000-${String(++serial).padStart(12, "0")}`);
  places.add({
    ids,
    names: ids.map((id) => `Place ${id.slice(-4)}`),
    markerTypes: ids.map(() => "farm"),
    lats: Float64Array.from(points, (p) => p[1]),
    lngs: Float64Array.from(points, (p) => p[0]),
  });
  places.compact();
  return places;
}

/** The one group a view shows of these places, as the clusters endpoint sends it. */
function onlyGroup(points: [number, number][], bbox: [number, number, number, number], zoom: number) {
  const places = placesAt(points);
  const view = queryIndex(buildIndex(places), places, bbox, zoom);
  expect(view.clusters).toHaveLength(1);
  return view.clusters[0];
}

describe("the names of the map's groups", () => {
  it("names a group of Kenyan places after Kenya at a continent's zoom", () => {
    const kenya: [number, number][] = [
      [36.82, -1.29], // Nairobi
      [36.9, -1.2],
      [37.0, -1.1],
      [39.67, -4.04], // Mombasa
      [34.76, -0.1], // Kisumu
      [36.07, -0.3], // Nakuru
      [35.27, 0.52], // Eldoret
      [37.45, -0.53],
    ];
    const group = onlyGroup(kenya, [20, -20, 55, 15], 3);
    expect(group?.[2]).toBe(kenya.length);
    expect(group?.[5]).toBe("KE");
    expect(english(group?.[5])).toBe("in Kenya");
  });

  it("names a zoomed-in group near Adelaide after the city, with its country", () => {
    const suburbs: [number, number][] = [
      [138.6, -34.93],
      [138.62, -34.95],
      [138.58, -34.9],
      [138.65, -34.92],
    ];
    const group = onlyGroup(suburbs, [137, -36, 140, -33], 8);
    expect(english(group?.[5])).toBe("around Adelaide, Australia");
    expect(groupPlace(group?.[5] ?? "", serverTranslate("de"), "de")).toBe("bei Adelaide, Australien");
  });

  it("names a group across a border after both countries, the larger share first", () => {
    const places = populatedPlaces();
    const samples = [
      { lng: 36.82, lat: -1.29, weight: 30 }, // Nairobi, Kenya
      { lng: 39.28, lat: -6.82, weight: 10 }, // Dar es Salaam, Tanzania
    ];
    expect(english(describeGroup(places, { lng: 38, lat: -4 }, samples, 4))).toBe("in Kenya and Tanzania");
    const three = [...samples, { lng: 32.58, lat: 0.35, weight: 5 }]; // Kampala, Uganda
    const kenyaAndMore = describeGroup(places, { lng: 36, lat: -2 }, three, 4);
    expect(english(kenyaAndMore)).toBe("in Kenya, Tanzania and other countries");
    expect(groupPlace(kenyaAndMore, serverTranslate("es"), "es")).toBe("en Kenia, Tanzania y otros países");
  });

  it("has no name far from any town (the list then gives the centre in degrees)", () => {
    const places = new PopulatedPlaces("Adelaide\tAU\t1225235\t138.6\t-34.929\n");
    expect(describeGroup(places, { lng: -140, lat: -40 }, [{ lng: -140, lat: -40, weight: 3 }], 8)).toBe("");
    expect(countryNameIn("AU", "en")).toBe("Australia");
  });

  it("opens the largest parts of a big group, weighted by their size", () => {
    const points: [number, number][] = [];
    for (let i = 0; i < 200; i++) points.push([2 + (i % 20) * 0.1, 46 + Math.floor(i / 20) * 0.1]); // France
    for (let i = 0; i < 50; i++) points.push([10 + (i % 10) * 0.1, 51 + Math.floor(i / 10) * 0.1]); // Germany
    const places = placesAt(points);
    const index = buildIndex(places);
    const [cluster] = index.index.getClusters([-20, 30, 30, 70], 0);
    const id = (cluster?.properties as { cluster_id?: number } | undefined)?.cluster_id ?? -1;
    const samples = sampleGroup(index.index, id, 250, 24);
    expect(samples.length).toBeLessThanOrEqual(30);
    expect(samples.reduce((n, s) => n + s.weight, 0)).toBe(250);
    expect(english(queryIndex(index, places, [-20, 30, 30, 70], 0).clusters[0]?.[5])).toBe("in France and Germany");
  });
});

describe("the populated places file", () => {
  it("reads names in any script, skips comments and broken lines, and finds the nearest place", () => {
    const places = new PopulatedPlaces(
      [
        "# a comment line",
        "São Paulo\tBR\t12400232\t-46.636\t-23.548",
        "München\tDE\t1260391\t11.575\t48.137",
        "no coordinates\tXX\t5",
        "東京\tJP\t8336599\t139.692\t35.69",
        "Bad number\tDE\t1\tabc\t48",
        "",
      ].join("\n"),
    );
    expect(places.size).toBe(3);
    expect([0, 1, 2].map((i) => places.name(i))).toEqual(["São Paulo", "München", "東京"]);
    expect(places.countryCode(1)).toBe("DE");
    expect(places.population(2)).toBe(8336599);
    expect(places.lng(0)).toBeCloseTo(-46.636, 3);
    expect(places.lat(0)).toBeCloseTo(-23.548, 3);
    expect(places.nearest(11.6, 48.1, 50)).toBe(1);
    expect(places.nearest(0, 0, 50)).toBe(-1);
  });

  it("ships a file of the world's towns, most populous first", () => {
    const places = populatedPlaces();
    expect(places.size).toBeGreaterThan(20_000);
    for (let i = 1; i < 100; i++) expect(places.population(i)).toBeLessThanOrEqual(places.population(i - 1));
    const adelaide = places.nearest(138.6, -34.93, 20);
    expect(places.name(adelaide)).toBe("Adelaide");
    expect(countryNameIn(places.countryCode(adelaide), "en")).toBe("Australia");
  });
});
