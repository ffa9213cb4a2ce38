/**
 * The map of the location picker (decision 058), loaded only when a visitor or staff member opens the picker: the
 * same MapLibre map and basemap as /map (the built-in offline basemap, with state borders and town names from zoom 5,
 * down to zoom 13; or the site's street style), with one pin. A click or tap puts the pin there, the pin can be
 * dragged, and "put the pin in the middle" places it where the keyboard moved the map (arrow keys pan, + and −
 * zoom: MapLibre's own keyboard handling of the focused map).
 */
import { Marker, setWorkerUrl } from "maplibre-gl";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import "./maplibre-map.css";
import { BUILTIN_MAX_ZOOM, MAX_ZOOM } from "~/lib/map-geometry";
import { createSiteMap, nextTask, OUTLINE_LAYERS, probeSoftwareRenderer, setStyleSoon } from "./map-style.client";

setWorkerUrl(workerUrl);

export type PickerTexts = {
  /** The map's accessible name (what it is and how to move it). */
  mapLabel: string;
  /** The pin's name. */
  pin: string;
};

export type PickerMap = {
  /** Moves the pin (without moving the map unless the point is out of view). */
  setPin(lat: number, lng: number): void;
  /** Shows a point close up (a town found by name) and puts the pin there. */
  flyTo(lat: number, lng: number, zoom: number): void;
  zoomIn(): void;
  zoomOut(): void;
  /** Puts the pin in the middle of the map, and returns where that is. */
  pinCentre(): { lat: number; lng: number };
  destroy(): void;
};

/** Five decimals: about a metre, finer than any pin can be placed at the closest zoom. */
export const roundCoordinate = (v: number) => Math.round(v * 100_000) / 100_000;

/** A point as the pin's coordinates, within the world (a map panned across the date line gives -190 and the like). */
function wrapped(lat: number, lng: number) {
  const w = ((((lng + 180) % 360) + 360) % 360) - 180;
  return { lat: roundCoordinate(Math.max(-90, Math.min(90, lat))), lng: roundCoordinate(w) };
}

export async function createPickerMap(opts: {
  container: HTMLElement;
  point: { lat: number; lng: number } | null;
  styleUrl: string;
  texts: PickerTexts;
  onPick(lat: number, lng: number): void;
}): Promise<PickerMap> {
  const software = probeSoftwareRenderer();
  await nextTask();
  const maxZoom = opts.styleUrl ? MAX_ZOOM : BUILTIN_MAX_ZOOM;
  const map = createSiteMap(
    {
      container: opts.container,
      center: opts.point ? [opts.point.lng, opts.point.lat] : [10, 20],
      zoom: opts.point ? Math.min(11, maxZoom) : 0.5,
      maxZoom,
      locale: { "Map.Title": opts.texts.mapLabel },
    },
    software,
  );
  let destroyed = false;
  const styleTimer = setStyleSoon(map, opts.styleUrl, () => destroyed);

  // The built-in map's town names and state borders, from the zoom where they help to find a spot.
  let detach: Promise<(() => void) | null> | null = null;
  const loadDetail = () => {
    if (opts.styleUrl || detach || destroyed || map.getZoom() < 4.5) return;
    detach = import("./map-detail.client").then(({ attachDetail }) =>
      destroyed ? null : attachDetail(map, "coast", { fill: "land", lines: ["coast", "borders"] }).stop,
    );
  };
  map.once("load", () => {
    if (!opts.styleUrl) for (const layer of OUTLINE_LAYERS) map.addLayer(layer);
    loadDetail();
  });
  map.on("zoomend", loadDetail);

  const pinElement = document.createElement("div");
  pinElement.className = "map-picker-pin";
  pinElement.setAttribute("role", "img");
  pinElement.setAttribute("aria-label", opts.texts.pin);
  // The rotated drop reaches 7 px below its box: lifted by as much, so its tip is the point.
  const pin = new Marker({ element: pinElement, draggable: true, anchor: "bottom", offset: [0, -7] });
  let pinned = false;
  const place = (lat: number, lng: number) => {
    pin.setLngLat([lng, lat]);
    if (!pinned) {
      pin.addTo(map);
      pinned = true;
    }
  };
  if (opts.point) place(opts.point.lat, opts.point.lng);
  pin.on("dragend", () => {
    const at = pin.getLngLat();
    const p = wrapped(at.lat, at.lng);
    opts.onPick(p.lat, p.lng);
  });
  map.on("click", (e) => {
    const p = wrapped(e.lngLat.lat, e.lngLat.lng);
    place(e.lngLat.lat, e.lngLat.lng);
    opts.onPick(p.lat, p.lng);
  });

  return {
    setPin(lat, lng) {
      place(lat, lng);
      if (!map.getBounds().contains([lng, lat])) map.jumpTo({ center: [lng, lat] });
    },
    flyTo(lat, lng, zoom) {
      place(lat, lng);
      const to = { center: [lng, lat] as [number, number], zoom: Math.min(zoom, maxZoom) };
      if (software) map.jumpTo(to);
      else map.flyTo({ ...to, essential: true });
    },
    zoomIn: () => map.zoomIn({ animate: !software }),
    zoomOut: () => map.zoomOut({ animate: !software }),
    pinCentre() {
      const c = map.getCenter();
      place(c.lat, c.lng);
      return wrapped(c.lat, c.lng);
    },
    destroy() {
      destroyed = true;
      clearTimeout(styleTimer);
      void detach?.then((stop) => stop?.());
      map.remove();
    },
  };
}
