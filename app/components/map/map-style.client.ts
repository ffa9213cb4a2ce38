/**
 * What the site's MapLibre maps share (the interactive map of /map and the home page, and the location picker of the
 * contribution and admin forms, decision 058): the built-in offline style, a configured style (with the `pmtiles`
 * protocol when it needs it), and the measures taken on a renderer without a GPU.
 */
import {
  addProtocol,
  type LayerSpecification,
  Map as MapLibreMap,
  type MapOptions,
  type StyleSpecification,
} from "maplibre-gl";
import { MAP_BASEMAP_URL, MAP_COLORS } from "~/lib/map-config";

/**
 * The offline style: land, coasts and borders over the box's own water colour (the canvas stays transparent, so
 * there is no full-screen background pass), with no tiles, sprites or glyphs from anywhere else.
 * `tolerance` is the simplification in CSS pixels: vertices closer than one device pixel are not drawn.
 */
export function offlineStyle(tolerance: number): StyleSpecification {
  return {
    version: 8,
    sources: {
      // Absolute, because the GeoJSON is fetched inside MapLibre's worker (a blob: URL has no base).
      basemap: {
        type: "geojson",
        data: new URL(MAP_BASEMAP_URL, window.location.href).href,
        attribution: "Natural Earth",
        // 1:110m data has no detail past zoom 6: deeper views reuse (overzoom) the zoom-6 tiles instead of
        // cutting new ones in the worker at every zoom step.
        maxzoom: 6,
        tolerance,
        // Only lines cross tile edges, and they are under a pixel wide: the default 128 px of shared geometry
        // around each tile would be drawn, then clipped away.
        buffer: 16,
      },
    },
    // The coast and border lines are added once the land is drawn (see createMapController).
    layers: [
      {
        id: "land",
        type: "fill",
        source: "basemap",
        filter: ["==", ["get", "kind"], "land"],
        // The coast line draws the edge, so the fill's own antialiasing pass would draw it twice.
        paint: { "fill-color": MAP_COLORS.land, "fill-antialias": false },
      },
    ],
  };
}

export const OUTLINE_LAYERS: LayerSpecification[] = [
  {
    id: "coast",
    type: "line",
    source: "basemap",
    filter: ["==", ["get", "kind"], "land"],
    paint: { "line-color": MAP_COLORS.coast, "line-width": 0.75 },
  },
  {
    id: "borders",
    type: "line",
    source: "basemap",
    filter: ["==", ["get", "kind"], "border"],
    paint: { "line-color": MAP_COLORS.border, "line-width": 0.6 },
  },
];

/**
 * Without a GPU (SwiftShader, llvmpipe...) every frame is drawn by the CPU and then read back for a software
 * compositor, on the main thread, at a cost that grows with the canvas's pixels: an empty 930x730 canvas alone
 * took 35-60 ms per frame on this project's 2-core test machine. On such renderers the canvas is drawn within a pixel budget (the browser scales
 * it up; markers and controls are HTML, so they stay sharp) and the outlines are simplified to match.
 */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|basic render/i;
const SOFTWARE_PIXEL_BUDGET = 150_000;

/**
 * Whether WebGL runs without a GPU, asked from a throwaway 1x1 context in a task before the map's, so the map is
 * created with its pixel ratio instead of being resized (a new drawing buffer) right after.
 */
export function probeSoftwareRenderer(): boolean {
  const canvas = document.createElement("canvas");
  canvas.width = 1;
  canvas.height = 1;
  const gl = canvas.getContext("webgl2");
  if (!gl) return false;
  const info = gl.getExtension("WEBGL_debug_renderer_info");
  const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? "");
  gl.getExtension("WEBGL_lose_context")?.loseContext();
  return SOFTWARE_RENDERER.test(renderer);
}

export function budgetPixelRatio(container: HTMLElement): number {
  const area = Math.max(1, container.clientWidth * container.clientHeight);
  const ratio = Math.min(window.devicePixelRatio || 1, Math.sqrt(SOFTWARE_PIXEL_BUDGET / area));
  // Whole percents, so layout jitter does not resize the canvas.
  return Math.max(0.25, Math.floor(ratio * 100) / 100);
}

/**
 * A MapLibre map as the site shows one: turned neither by rotating nor by tilting, without fades (they would delay the
 * swap from the server-drawn picture for no benefit), crediting GeoNames (CC BY 4.0: the group names of the in-view
 * list, the place labels and the town names come from it, whatever the style), and within the pixel budget on a
 * renderer without a GPU (`software`).
 */
export function createSiteMap(options: MapOptions, software: boolean): MapLibreMap {
  const map = new MapLibreMap({
    attributionControl: { compact: true, customAttribution: '<a href="https://www.geonames.org/">GeoNames</a>' },
    dragRotate: false,
    pitchWithRotate: false,
    touchPitch: false,
    fadeDuration: 0,
    ...options,
    ...(software ? { pixelRatio: budgetPixelRatio(options.container as HTMLElement) } : {}),
  });
  map.touchZoomRotate.disableRotation();
  map.keyboard.disableRotation();
  return map;
}

/**
 * Gives the map its style in a task of its own: the built-in offline style (simplified to the map's pixel ratio)
 * without `styleUrl`, else the configured one once fetched, unless `removed()` says the map went meanwhile. The timer
 * is returned, to be cleared when the map is removed first.
 */
export function setStyleSoon(map: MapLibreMap, styleUrl: string, removed: () => boolean) {
  return setTimeout(() => {
    if (!styleUrl) map.setStyle(offlineStyle(Math.min(3, Math.max(0.375, 1 / map.getPixelRatio()))));
    else
      void externalStyle(styleUrl).then((style) => {
        if (!removed()) map.setStyle(style);
      });
  }, 0);
}

/**
 * Resolves once the GPU has finished the commands issued so far, without waiting on the main thread: a WebGL 2
 * fence is polled between tasks. The first frame is the costly one (a software renderer compiles its shaders
 * then); while the canvas is hidden nothing reads it back, so that work runs off the main thread. Showing the
 * canvas only after it then costs one read back of a finished frame.
 */
export function gpuSettled(canvas: HTMLCanvasElement, timeoutMs = 5_000): Promise<void> {
  const gl = canvas.getContext("webgl2");
  const sync = gl?.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
  if (!gl || !sync) return Promise.resolve();
  gl.flush();
  const started = performance.now();
  return new Promise((resolve) => {
    const poll = () => {
      const done = gl.isContextLost() || gl.getSyncParameter(sync, gl.SYNC_STATUS) === gl.SIGNALED;
      if (done || performance.now() - started > timeoutMs) {
        if (!gl.isContextLost()) gl.deleteSync(sync);
        resolve();
      } else setTimeout(poll, 16);
    };
    setTimeout(poll, 16);
  });
}

/** A style's vector or raster sources that read a Protomaps archive through the `pmtiles` protocol. */
function pmtilesSources(style: StyleSpecification): { url?: string }[] {
  return Object.values(style.sources ?? {}).filter(
    (source): source is typeof source & { url: string } =>
      "url" in source && typeof source.url === "string" && source.url.startsWith("pmtiles://"),
  );
}

let pmtilesProtocol: Promise<void> | null = null;

/**
 * A style from MAP_STYLE_URL or the admin setting, read here rather than by MapLibre so that the `pmtiles` protocol
 * (a module of its own, loaded only for a style that needs it) is registered before MapLibre asks for a tile. A
 * `pmtiles:///path` source is an archive on this site (MAP_PMTILES_PATH): it is made absolute. A style that cannot
 * be read here is left to MapLibre, which reports why.
 */
export async function externalStyle(styleUrl: string): Promise<StyleSpecification | string> {
  const url = new URL(styleUrl, window.location.href).href;
  let style: StyleSpecification;
  try {
    const res = await fetch(url);
    if (!res.ok) return url;
    style = (await res.json()) as StyleSpecification;
  } catch {
    return url;
  }
  const archives = pmtilesSources(style);
  if (archives.length > 0) {
    pmtilesProtocol ??= import("pmtiles").then(({ Protocol }) => {
      addProtocol("pmtiles", new Protocol().tile);
    });
    await pmtilesProtocol;
    for (const source of archives) {
      if (source.url?.startsWith("pmtiles:///"))
        source.url = `pmtiles://${window.location.origin}/${source.url.slice(11)}`;
    }
  }
  return style;
}

/** Resolves in a later task, so the work before and after it are separate tasks. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
