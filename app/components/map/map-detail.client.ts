/**
 * The built-in map's detail below country zoom: finer coasts and borders (Natural Earth 1:50m, in place of the
 * world view's 1:110m), the boundaries of states and provinces (Natural Earth 1:10m admin-1, simplified) and the
 * names of towns (GeoNames places of 15,000 inhabitants or more). Loaded only once the map is zoomed in to
 * DETAIL_MIN_ZOOM (this module, then its data files, hashed assets cached for good), so the first paint and what a
 * visitor of the world view downloads do not change.
 *
 * Town names are HTML elements over the map, like the cluster markers: MapLibre's text layers need glyphs from a
 * glyph server, and the built-in map uses none. A few dozen names at a time, the most populous first, none
 * overlapping another; they are placed again when the map stops moving.
 */
import type { Map as MapLibreMap } from "maplibre-gl";
import { Marker } from "maplibre-gl";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import countriesUrl from "world-atlas/countries-50m.json?url";
import { MAP_DETAIL_MIN_ZOOM as DETAIL_MIN_ZOOM, MAP_COLORS } from "~/lib/map-config";
import admin1Url from "~/map-data/admin1.json?url";
import placesUrl from "~/map-data/places.tsv?url";

/** Names shown at once, at most: enough to read the map, few enough to place in a millisecond or two. */
const MAX_LABELS = 48;
/** Space kept free around a name (CSS pixels). */
const LABEL_GAP = 6;

type Places = { names: string[]; populations: Uint32Array; lngs: Float32Array; lats: Float32Array };

function parsePlaces(text: string): Places {
  const lines = text.split("\n").filter((line) => line !== "" && !line.startsWith("#"));
  const places: Places = {
    names: [],
    populations: new Uint32Array(lines.length),
    lngs: new Float32Array(lines.length),
    lats: new Float32Array(lines.length),
  };
  let n = 0;
  for (const line of lines) {
    const [name = "", , population, lng, lat] = line.split("\t");
    if (!name) continue;
    places.names.push(name);
    places.populations[n] = Number(population) || 0;
    places.lngs[n] = Number(lng);
    places.lats[n] = Number(lat);
    n++;
  }
  return places;
}

function labelElement(name: string, population: number): HTMLElement {
  const el = document.createElement("div");
  el.className = population >= 1_000_000 ? "map-place-label map-place-label-major" : "map-place-label";
  // Decoration: the places of the directory are the map's content (its markers and the list beside it).
  el.setAttribute("aria-hidden", "true");
  const dot = document.createElement("span");
  dot.className = "map-place-dot";
  const text = document.createElement("span");
  text.textContent = name;
  el.append(dot, text);
  return el;
}

type Box = { x0: number; y0: number; x1: number; y1: number };
const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** The detail of one map: `ready` once its finer land is drawn and its names placed (or failed); `stop` removes it. */
export type Detail = { ready: Promise<void>; stop: () => void };

/**
 * Adds the detail layers to a map drawn with the built-in style, and keeps its town names placed. `beforeLayer`:
 * the boundaries are drawn under it (the coasts), over the land.
 */
export function attachDetail(
  map: MapLibreMap,
  beforeLayer: string | undefined,
  worldLayers: { fill: string; lines: string[] },
): Detail {
  let landDrawn: () => void = () => {};
  const landReady = new Promise<void>((resolve) => {
    landDrawn = resolve;
  });
  let places: Places | null = null;
  const shown = new Map<number, Marker>();
  let stopped = false;
  const next = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

  // Finer land: the countries of 1:50m drawn from DETAIL_MIN_ZOOM on, the world view's 1:110m layers up to it. Each
  // step of decoding in a task of its own.
  void fetch(countriesUrl)
    .then((res) => (res.ok ? res.json() : Promise.reject(new Error(String(res.status)))))
    .then(async (topology: Topology<{ countries: GeometryCollection }>) => {
      await next();
      const land = feature(topology, topology.objects.countries);
      await next();
      const coast = mesh(topology, topology.objects.countries, (a, b) => a === b);
      await next();
      const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
      if (stopped || map.getSource("land50")) return;
      const source = { attribution: "Natural Earth", maxzoom: 10, buffer: 16 } as const;
      map.addSource("land50", { type: "geojson", data: land, ...source });
      map.addSource("coast50", { type: "geojson", data: coast, ...source });
      map.addSource("borders50", { type: "geojson", data: borders, ...source });
      const first = map.getStyle().layers.find((l) => l.id !== worldLayers.fill)?.id;
      map.addLayer(
        {
          id: "land50",
          type: "fill",
          source: "land50",
          minzoom: DETAIL_MIN_ZOOM,
          paint: { "fill-color": MAP_COLORS.land, "fill-antialias": false },
        },
        first,
      );
      map.addLayer({
        id: "coast50",
        type: "line",
        source: "coast50",
        minzoom: DETAIL_MIN_ZOOM,
        paint: { "line-color": MAP_COLORS.coast, "line-width": 0.9 },
      });
      map.addLayer({
        id: "borders50",
        type: "line",
        source: "borders50",
        minzoom: DETAIL_MIN_ZOOM,
        paint: { "line-color": MAP_COLORS.border, "line-width": 1.1 },
      });
      // The world view's outlines give way once the finer land is drawn (not before: the sea would show meanwhile).
      const handOver = () => {
        if (stopped || !map.isSourceLoaded("land50")) return;
        map.off("idle", handOver);
        for (const id of [worldLayers.fill, ...worldLayers.lines]) {
          if (map.getLayer(id)) map.setLayerZoomRange(id, 0, DETAIL_MIN_ZOOM);
        }
        map.once("idle", landDrawn);
      };
      map.on("idle", handOver);
    })
    .catch(() => {
      // The world view's outlines stay in place.
      landDrawn();
    });

  void fetch(admin1Url)
    .then((res) => (res.ok ? res.json() : Promise.reject(new Error(String(res.status)))))
    .then((topology: Topology<{ admin1: GeometryCollection }>) => {
      if (stopped || map.getSource("admin1")) return;
      map.addSource("admin1", {
        type: "geojson",
        data: feature(topology, topology.objects.admin1),
        attribution: "Natural Earth",
        // The lines are simplified for zoom 10: deeper views reuse those tiles.
        maxzoom: 10,
        buffer: 16,
      });
      map.addLayer(
        {
          id: "admin1",
          type: "line",
          source: "admin1",
          minzoom: DETAIL_MIN_ZOOM,
          paint: { "line-color": MAP_COLORS.admin1, "line-width": 1, "line-dasharray": [3, 2] },
        },
        beforeLayer && map.getLayer(beforeLayer) ? beforeLayer : map.getLayer("coast50") ? "coast50" : undefined,
      );
    })
    .catch(() => {
      // The boundaries are an extra; the map works without them.
    });

  function place() {
    if (!places || stopped) return;
    const keep = new Set<number>();
    if (map.getZoom() >= DETAIL_MIN_ZOOM) {
      const bounds = map.getBounds();
      const { clientWidth: width, clientHeight: height } = map.getContainer();
      const boxes: Box[] = [];
      // Most populous first (the file's order), so a capital wins over its suburbs.
      for (let i = 0; i < places.names.length && keep.size < MAX_LABELS; i++) {
        const lng = places.lngs[i] as number;
        const lat = places.lats[i] as number;
        if (!bounds.contains([lng, lat])) continue;
        const p = map.project([lng, lat]);
        const name = places.names[i] as string;
        const major = (places.populations[i] as number) >= 1_000_000;
        // Width from the name's length (no text measured: placing stays cheap); the dot sits at the place.
        const w = 10 + name.length * (major ? 7.6 : 7);
        const box = {
          x0: p.x - 4 - LABEL_GAP,
          y0: p.y - 9 - LABEL_GAP,
          x1: p.x + w + LABEL_GAP,
          y1: p.y + 9 + LABEL_GAP,
        };
        if (box.x0 < 0 || box.y0 < 0 || box.x1 > width || box.y1 > height) continue;
        if (boxes.some((b) => overlaps(b, box))) continue;
        boxes.push(box);
        keep.add(i);
      }
    }
    for (const [i, marker] of shown) {
      if (!keep.has(i)) {
        marker.remove();
        shown.delete(i);
      }
    }
    for (const i of keep) {
      if (shown.has(i) || !places) continue;
      const el = labelElement(places.names[i] as string, places.populations[i] as number);
      const marker = new Marker({ element: el, anchor: "left", offset: [-4, 0] })
        .setLngLat([places.lngs[i] as number, places.lats[i] as number])
        .addTo(map);
      shown.set(i, marker);
    }
  }

  const namesReady = fetch(placesUrl)
    .then((res) => (res.ok ? res.text() : Promise.reject(new Error(String(res.status)))))
    .then((text) => {
      places = parsePlaces(text);
      place();
    })
    .catch(() => {
      // Town names are an extra, like the boundaries.
    });
  map.on("moveend", place);

  return {
    ready: Promise.all([landReady, namesReady]).then(() => undefined),
    stop: () => {
      stopped = true;
      landDrawn();
      map.off("moveend", place);
      for (const marker of shown.values()) marker.remove();
      shown.clear();
    },
  };
}
