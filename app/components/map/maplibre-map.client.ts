/**
 * The interactive map, loaded with a dynamic import() after the server-rendered SVG is on screen, so
 * MapLibre (and its CSS) never blocks the first paint. It asks the server for each viewport's clusters
 * (no point payload, no clustering on the main thread) and draws them as HTML markers: buttons, so they
 * are reachable by keyboard and need no glyph server for their labels.
 */
import { type ErrorEvent, LngLatBounds, Marker, Popup, setWorkerUrl } from "maplibre-gl";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import "./maplibre-map.css";
import { type Language, localizeHref } from "~/lib/i18n/languages";
import type { Translate } from "~/lib/i18n/translate";
import { MAP_COLORS, MAP_DETAIL_MIN_ZOOM } from "~/lib/map-config";
import { type ClusterTuple, clamp, clusterRadius, type PointTuple, roundTo } from "~/lib/map-geometry";
import { locationPath, nameFromSlug } from "~/lib/slug";
import { clusterCountMarkup } from "./count-glyphs";
import {
  budgetPixelRatio,
  createSiteMap,
  gpuSettled,
  nextTask,
  OUTLINE_LAYERS,
  probeSoftwareRenderer,
  setStyleSoon,
} from "./map-style.client";
import { markerPath, markerStyle } from "./marker-style";

setWorkerUrl(workerUrl);

export type ViewUpdate = {
  clusters: ClusterTuple[];
  points: PointTuple[];
  center: { lng: number; lat: number };
  zoom: number;
};

export type MapController = {
  zoomIn(): void;
  zoomOut(): void;
  /** Pans by a fraction of the box (x right, y down). */
  panBy(fx: number, fy: number): void;
  flyTo(lng: number, lat: number, zoom: number): void;
  zoomToCluster(lng: number, lat: number, expansionZoom: number): void;
  /**
   * Marks the visitor's position (or the town they typed) and fits it together with the given places (the nearest
   * ones) in view, in the part of the map that `cover` (what lies over the map's edges, in pixels) leaves free.
   */
  showNearest(
    origin: { lng: number; lat: number },
    places: { lng: number; lat: number }[],
    cover?: { top: number; right: number; bottom: number; left: number },
  ): void;
  destroy(): void;
};

export type MapOptions = {
  container: HTMLElement;
  center: { lng: number; lat: number };
  zoom: number;
  /** How close the map may go: the built-in basemap stops where its data ends (BUILTIN_MAX_ZOOM). */
  maxZoom: number;
  /** All the places of the first view, to be fitted in again when the box is narrower than the server assumed. */
  fit?: [number, number, number, number];
  /** A tile style from site settings; empty means the built-in offline basemap. */
  styleUrl: string;
  /** Query string of the active filters (without "?"), forwarded to the clusters endpoint. */
  filterQuery: string;
  /** The page's language: its markers' names, counts and links are in it. */
  lang: Language;
  /** The page's messages. */
  t: Translate;
  onView(update: ViewUpdate): void;
  /** Called once the first clusters are drawn: the SVG can go. */
  onReady(): void;
  onError(message: string): void;
};

export { nextTask };

const FETCH_DEBOUNCE_MS = 120;
const SVG_NS = "http://www.w3.org/2000/svg";

/** The cluster marker's ring, as wide as the server-drawn circle's stroke (map-svg.tsx). */
const RING = 2;

function clusterElement(count: number, t: Translate, lang: Language, onClick: () => void): HTMLElement {
  const r = clusterRadius(count);
  const el = document.createElement("button");
  el.type = "button";
  el.className = "map-cluster";
  el.setAttribute("aria-label", t("map.cluster", { count }));
  // The same stroked count as the server-drawn map (count-glyphs.ts), so the handover changes nothing on screen.
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${r * 2} ${r * 2}`);
  svg.setAttribute("width", String(r * 2));
  svg.setAttribute("height", String(r * 2));
  svg.setAttribute("aria-hidden", "true");
  // Over the whole button, ring included, so (r, r) is the circle's centre as in the server-drawn map.
  Object.assign(svg.style, { position: "absolute", left: `-${RING}px`, top: `-${RING}px`, pointerEvents: "none" });
  svg.innerHTML = clusterCountMarkup(count, r, r, r, lang);
  el.append(svg);
  Object.assign(el.style, {
    width: `${r * 2}px`,
    height: `${r * 2}px`,
    borderRadius: "9999px",
    background: MAP_COLORS.cluster,
    color: "#ffffff",
    border: `${RING}px solid ${MAP_COLORS.clusterRing}`,
    // The halo the server-drawn SVG paints as a wider circle at 25% opacity.
    boxShadow: `0 0 0 4px color-mix(in srgb, ${MAP_COLORS.cluster} 25%, transparent)`,
    padding: "0",
    cursor: "pointer",
  });
  el.addEventListener("click", (e) => {
    e.stopPropagation();
    onClick();
  });
  return el;
}

function pointElement(name: string, markerType: string, t: Translate, onClick: (el: HTMLElement) => void): HTMLElement {
  const style = markerStyle(markerType);
  const el = document.createElement("button");
  el.type = "button";
  el.className = "map-point";
  el.setAttribute("aria-label", t("map.placeKind", { name, kind: t(style.label) }));
  el.title = name;
  // A 24 px target (WCAG 2.5.8) around the 15 px shape, which is drawn the same size as before.
  Object.assign(el.style, {
    width: "24px",
    height: "24px",
    padding: "0",
    background: "none",
    border: "0",
    cursor: "pointer",
  });
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "-12 -12 24 24");
  svg.setAttribute("width", "24");
  svg.setAttribute("height", "24");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVG_NS, "path");
  path.setAttribute("d", markerPath(style.shape, 7.5));
  path.setAttribute("fill", style.color);
  path.setAttribute("stroke", "#ffffff");
  path.setAttribute("stroke-width", "1.5");
  svg.appendChild(path);
  el.appendChild(svg);
  el.addEventListener("click", (e) => {
    e.stopPropagation();
    onClick(el);
  });
  return el;
}

/** Popup content built with DOM APIs (names are user content; never parsed as HTML). */
function popupContent(slug: string, name: string, markerType: string, t: Translate, lang: Language): HTMLElement {
  const wrap = document.createElement("div");
  wrap.className = "text-sm";
  const link = document.createElement("a");
  link.href = localizeHref(locationPath(name || nameFromSlug(slug)), lang);
  link.textContent = name;
  link.className = "font-semibold text-leaf-800 underline";
  const kind = document.createElement("p");
  kind.textContent = t(markerStyle(markerType).label);
  kind.className = "mt-1 text-stone-700";
  wrap.append(link, kind);
  return wrap;
}

/**
 * Creates the interactive map in steps of their own (renderer probe, map and WebGL context, style), none of
 * them long. The caller checks the result is still wanted when it resolves.
 */
export async function createMapController(opts: MapOptions): Promise<MapController> {
  const software = probeSoftwareRenderer();
  await nextTask();
  const map = createSiteMap(
    {
      container: opts.container,
      // The style comes below, in a task of its own.
      center: [opts.center.lng, opts.center.lat],
      zoom: opts.zoom,
      maxZoom: opts.maxZoom,
      // Below 0 only to fit places spread over the whole world into a narrow box (a phone held upright).
      minZoom: opts.fit ? -1 : 0,
      // MapLibre's own texts (the canvas's name, the popup's close button, the attribution toggle), page's language.
      locale: {
        "Map.Title": opts.t("map.title"),
        "Popup.Close": opts.t("map.closePopup"),
        "AttributionControl.ToggleAttribution": opts.t("map.toggleAttribution"),
        "AttributionControl.MapFeedback": opts.t("map.mapFeedback"),
      },
    },
    software,
  );
  if (opts.fit) {
    // The server fitted the places into a computer's box; a narrower box (a phone held upright) shows them all only
    // a little further out. Done before the first frame, while the server-drawn map is still on screen.
    const [w, s, e, n] = opts.fit;
    const b = map.getBounds();
    if (!(b.contains([w, s]) && b.contains([e, n]))) {
      const { clientWidth, clientHeight } = map.getContainer();
      const padding = Math.round(Math.min(32, clientWidth / 10, clientHeight / 10));
      map.fitBounds(
        [
          [w, s],
          [e, n],
        ],
        { padding, animate: false, maxZoom: opts.zoom },
      );
    }
  }
  if (software) {
    map.on("resize", () => {
      const ratio = budgetPixelRatio(opts.container);
      if (Math.abs(ratio - map.getPixelRatio()) > 0.02) map.setPixelRatio(ratio);
    });
  }
  // Without a GPU every animation frame is drawn by the CPU: the controls move the map in one step instead.
  const motion = { animate: !software };
  /** The visitor's own position, once "Near me" found it. */
  let here: Marker | null = null;
  let destroyed = false;
  const styleTimer = setStyleSoon(map, opts.styleUrl, () => destroyed);

  const markers = new Map<string, Marker>();
  let popup: Popup | null = null;
  let abort: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let painted = false;

  function render(clusters: ClusterTuple[], points: PointTuple[]) {
    const next = new Set<string>();
    for (const [lng, lat, count, id, expansion] of clusters) {
      const key = `c:${id}:${count}`;
      next.add(key);
      if (markers.has(key)) continue;
      const el = clusterElement(count, opts.t, opts.lang, () => api.zoomToCluster(lng, lat, expansion));
      markers.set(key, new Marker({ element: el }).setLngLat([lng, lat]).addTo(map));
    }
    for (const [lng, lat, slug, name, markerType] of points) {
      const key = `p:${slug}`;
      next.add(key);
      if (markers.has(key)) continue;
      const el = pointElement(name, markerType, opts.t, () => {
        popup?.remove();
        popup = new Popup({ offset: 14, closeButton: true, maxWidth: "260px" })
          .setLngLat([lng, lat])
          .setDOMContent(popupContent(slug, name, markerType, opts.t, opts.lang))
          .addTo(map);
        // Keyboard users land in the popup, on the link they came for.
        popup.getElement()?.querySelector("a")?.focus();
      });
      markers.set(key, new Marker({ element: el }).setLngLat([lng, lat]).addTo(map));
    }
    for (const [key, marker] of markers) {
      if (!next.has(key)) {
        marker.remove();
        markers.delete(key);
      }
    }
  }

  async function load() {
    abort?.abort();
    const controller = new AbortController();
    abort = controller;
    const b = map.getBounds();
    const bbox = [
      clamp(roundTo(b.getWest(), 4), -720, 720),
      clamp(roundTo(b.getSouth(), 4), -90, 90),
      clamp(roundTo(b.getEast(), 4), -720, 720),
      clamp(roundTo(b.getNorth(), 4), -90, 90),
    ].join(",");
    // A view fitted below zoom 0 (the whole world in a narrow box) asks for the world view's groups.
    const zoom = Math.max(0, roundTo(map.getZoom(), 2));
    const query = `bbox=${bbox}&zoom=${zoom}${opts.filterQuery ? `&${opts.filterQuery}` : ""}`;
    try {
      const res = await fetch(`/api/map/clusters?${query}`, { signal: controller.signal });
      if (!res.ok) throw new Error(`clusters request failed with ${res.status}`);
      const data = (await res.json()) as { clusters: ClusterTuple[]; points: PointTuple[] };
      if (destroyed || controller.signal.aborted) return;
      render(data.clusters, data.points);
      const c = map.getCenter();
      opts.onView({
        clusters: data.clusters,
        points: data.points,
        center: { lng: c.lng, lat: c.lat },
        zoom: map.getZoom(),
      });
      if (!painted) {
        painted = true;
        // The page shows the canvas only once its first frame is drawn (see gpuSettled); the markers are in
        // the DOM, so the next frame shows both.
        await firstFrameDrawn;
        await detailShown;
        if (destroyed) return;
        requestAnimationFrame(() => {
          performance.mark("map:maplibre-clusters-painted");
          opts.onReady();
        });
      }
    } catch (err) {
      if (controller.signal.aborted) return;
      opts.onError(err instanceof Error ? err.message : opts.t("map.locationsFailed"));
    }
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(() => void load(), FETCH_DEBOUNCE_MS);
  }

  let settle: () => void = () => {};
  const firstFrameDrawn = new Promise<void>((resolve) => {
    settle = resolve;
  });
  // The built-in map's states, provinces and town names: their module and data load once the map is zoomed in
  // that far (a little before, so they are there when it arrives), never for the world view.
  let detach: Promise<(() => void) | null> | null = null;
  // A map that opens zoomed in replaces a server-drawn map with that detail: it shows itself once it has it too
  // (or after a few seconds without it), so the names and finer coasts do not blink away at the handover.
  let detailShown: Promise<unknown> = Promise.resolve();
  const loadDetail = () => {
    if (opts.styleUrl || detach || destroyed || map.getZoom() < MAP_DETAIL_MIN_ZOOM - 0.5) return;
    const attached = import("./map-detail.client").then(({ attachDetail }) =>
      destroyed ? null : attachDetail(map, "coast", { fill: "land", lines: ["coast", "borders"] }),
    );
    detach = attached.then((detail) => detail?.stop ?? null);
    if (!painted) {
      detailShown = Promise.race([
        attached.then((detail) => detail?.ready).catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 5_000)),
      ]);
    }
  };
  map.on("zoomend", loadDetail);

  map.once("load", () => {
    // The land came first; the lines follow in the next frames, so each frame compiles fewer shaders (the
    // renderer waits for each compilation).
    if (!opts.styleUrl) for (const layer of OUTLINE_LAYERS) map.addLayer(layer);
    loadDetail();
    // 'idle' follows the first frame with everything drawn; the fence covers that frame.
    map.once("idle", () => void gpuSettled(map.getCanvas()).then(settle));
    void load();
  });
  map.on("moveend", schedule);
  map.on("error", (e: ErrorEvent) => {
    // A missing tile or style resource should not break the page; report it once.
    if (!painted) opts.onError(e.error?.message ?? opts.t("map.mapFailed"));
  });

  const api: MapController = {
    zoomIn: () => map.zoomIn(motion),
    zoomOut: () => map.zoomOut(motion),
    panBy: (fx, fy) => {
      const { clientWidth, clientHeight } = map.getContainer();
      map.panBy([fx * clientWidth, fy * clientHeight], motion);
    },
    flyTo: (lng, lat, zoom) =>
      software ? map.jumpTo({ center: [lng, lat], zoom }) : map.flyTo({ center: [lng, lat], zoom, essential: true }),
    zoomToCluster: (lng, lat, expansion) =>
      map.easeTo({
        center: [lng, lat],
        zoom: Math.min(Math.max(expansion, map.getZoom() + 1), opts.maxZoom),
        ...motion,
      }),
    showNearest: (origin, places, cover) => {
      here?.remove();
      const dot = document.createElement("div");
      dot.className = "map-you-are-here";
      dot.setAttribute("role", "img");
      dot.setAttribute("aria-label", opts.t("map.yourPosition"));
      here = new Marker({ element: dot }).setLngLat([origin.lng, origin.lat]).addTo(map);
      const bounds = new LngLatBounds([origin.lng, origin.lat], [origin.lng, origin.lat]);
      for (const p of places) bounds.extend([p.lng, p.lat]);
      const { clientWidth, clientHeight } = map.getContainer();
      // Room for the markers' own size at the edges, and never closer than a town's streets.
      const edge = Math.round(Math.min(48, clientWidth / 6, clientHeight / 6));
      const padding = {
        top: edge + (cover?.top ?? 0),
        right: edge + (cover?.right ?? 0),
        bottom: edge + (cover?.bottom ?? 0),
        left: edge + (cover?.left ?? 0),
      };
      // A panel over most of a small map leaves too little room: then the whole map is used.
      const free = clientWidth - padding.left - padding.right > 80 && clientHeight - padding.top - padding.bottom > 80;
      map.fitBounds(bounds, { padding: free ? padding : edge, maxZoom: Math.min(13, opts.maxZoom), ...motion });
    },
    destroy: () => {
      destroyed = true;
      here?.remove();
      void detach?.then((stop) => stop?.());
      clearTimeout(styleTimer);
      clearTimeout(timer);
      abort?.abort();
      popup?.remove();
      map.remove();
    },
  };
  return api;
}
