/**
 * Web-Mercator projection math shared by the server-rendered SVG maps and MapLibre (which uses the same
 * projection), so the SVG first paint and the MapLibre view line up when one replaces the other.
 * Pixel coordinates follow MapLibre: the world is TILE_SIZE * 2^zoom pixels wide.
 */

/** MapLibre's tile size: world width in pixels at zoom 0. */
export const TILE_SIZE = 512;
export const MAX_LATITUDE = 85.051129;
export const MIN_ZOOM = 0;
export const MAX_ZOOM = 18;
/**
 * Beyond this zoom the map shows single places, not clusters (like Leaflet.markercluster's
 * `disableClusteringAtZoom`). At 12 a cluster's radius is about 1 km; above it, places further apart than a marker
 * (about 200 m at zoom 13) stand apart anyway. Each cluster level holds nearly every place at large sizes (36 bytes
 * each), so stopping at 12 instead of 16 keeps ~70 MB less per 500,000 places (decision 023).
 */
export const CLUSTER_MAX_ZOOM = 12;
/**
 * How far the built-in basemap zooms: its data (Natural Earth coasts and borders, towns of 15,000 inhabitants) ends
 * around zoom 10, beyond which it is a plain colour; it still goes to the first zoom where every place stands apart
 * from its neighbours (one past CLUSTER_MAX_ZOOM), so every group can be opened. A tile style goes to MAX_ZOOM.
 */
export const BUILTIN_MAX_ZOOM = CLUSTER_MAX_ZOOM + 1;
/** From this zoom (the server-drawn map's) the built-in basemap says it has no streets. */
export const BUILTIN_DETAIL_END_ZOOM = 10;

export type LngLat = { lng: number; lat: number };
/** [west, south, east, north] in degrees. */
export type BBox = [number, number, number, number];

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Normalised Mercator x in [0, 1] for a longitude. */
export function lngToUnitX(lng: number): number {
  return (lng + 180) / 360;
}

/** Normalised Mercator y in [0, 1] (0 = north) for a latitude. */
export function latToUnitY(lat: number): number {
  const phi = (clamp(lat, -MAX_LATITUDE, MAX_LATITUDE) * Math.PI) / 180;
  return 0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI);
}

export function unitXToLng(x: number): number {
  return x * 360 - 180;
}

export function unitYToLat(y: number): number {
  const n = Math.PI - 2 * Math.PI * y;
  return (180 / Math.PI) * Math.atan(Math.sinh(n));
}

export function worldSize(zoom: number): number {
  return TILE_SIZE * 2 ** zoom;
}

/** A rectangular view: a centre, a zoom and a pixel size, as MapLibre describes its camera. */
export type View = { center: LngLat; zoom: number; width: number; height: number };

/** Projects a point into the pixel space of a view (origin top-left). */
export function project(view: View, lng: number, lat: number): [number, number] {
  const size = worldSize(view.zoom);
  const cx = lngToUnitX(view.center.lng) * size;
  const cy = latToUnitY(view.center.lat) * size;
  return [lngToUnitX(lng) * size - cx + view.width / 2, latToUnitY(lat) * size - cy + view.height / 2];
}

/** The geographic box a view covers (longitudes may exceed ±180 when the view wraps). */
export function viewBounds(view: View): BBox {
  const size = worldSize(view.zoom);
  const cx = lngToUnitX(view.center.lng) * size;
  const cy = latToUnitY(view.center.lat) * size;
  const west = unitXToLng((cx - view.width / 2) / size);
  const east = unitXToLng((cx + view.width / 2) / size);
  const north = unitYToLat(clamp((cy - view.height / 2) / size, 0, 1));
  const south = unitYToLat(clamp((cy + view.height / 2) / size, 0, 1));
  return [west, south, east, north];
}

/** The largest zoom at which the whole bbox fits the given pixel size (with padding). */
export function fitZoom(bbox: BBox, width: number, height: number, padding = 0.05): number {
  const [w, s, e, n] = bbox;
  const dx = Math.max(lngToUnitX(e) - lngToUnitX(w), 1e-9);
  const dy = Math.max(latToUnitY(s) - latToUnitY(n), 1e-9);
  const zx = Math.log2((width * (1 - padding * 2)) / (dx * TILE_SIZE));
  const zy = Math.log2((height * (1 - padding * 2)) / (dy * TILE_SIZE));
  return clamp(Math.min(zx, zy), MIN_ZOOM, MAX_ZOOM);
}

/** Rounds to a fixed number of decimals (used to keep URLs and cache keys short and shareable). */
export function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** Wraps a longitude into [-180, 180). */
export function wrapLng(lng: number): number {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  return wrapped;
}

/** A link that opens the full map centred on a place. */
export function fullMapHref(lat: number, lng: number, zoom: number, filterQuery = ""): string {
  const position = `/map?lat=${roundTo(lat, 4)}&lng=${roundTo(lng, 4)}&zoom=${roundTo(zoom, 2)}`;
  return filterQuery ? `${position}&${filterQuery}` : position;
}

/**
 * The mini map's fixed frame: what the basemap endpoint draws and where the marker sits. Its zoom is chosen per place
 * between minZoom and maxZoom (the place's surroundings with the nearest towns named; see miniMapZoom on the server);
 * `zoom` is used when none was chosen.
 */
export const MINI_MAP = { width: 320, height: 200, zoom: 8, minZoom: 7, maxZoom: 11 } as const;

/**
 * Centre used for a mini map: rounded to a grid that keeps the place within 6 pixels of the middle at any zoom, so
 * the image is the same for places that close together.
 */
export function miniMapCenter(lat: number, lng: number, zoom: number = MINI_MAP.zoom): LngLat {
  const step = 2 ** -(Math.round(zoom) - 3);
  const snap = (v: number) => roundTo(Math.round(v / step) * step, 6);
  return { lat: snap(clamp(lat, -80, 80)), lng: snap(wrapLng(lng)) };
}

/**
 * Compact wire format of the clusters endpoint: [lng, lat, count, clusterId, expansionZoom, where]. `where` says
 * where the group is in no language ("KE,TZ", "@AU:Adelaide"; see group-place.ts, which words it for a page);
 * absent or "" when it has no name.
 */
export type ClusterTuple = [number, number, number, number, number, string?];
/** [lng, lat, slug, name, markerType] */
export type PointTuple = [number, number, string, string, string];

/** What a server-rendered map needs: its view, where its country outlines are drawn, and its clusters and points. */
export type MapSnapshot = {
  view: View;
  /** URL of the view's land and borders as an SVG image (see outlineHref). */
  outline: string;
  clusters: ClusterTuple[];
  points: PointTuple[];
  total: number;
  /**
   * The box of all the places shown, when the view was fitted to them (the first view of /map): a box narrower than
   * the one the server fitted for (a phone held upright) fits them again when the interactive map starts.
   */
  fit?: BBox;
};

/** The country outlines of a view as a separate, cacheable SVG image (app/routes/api/map-outline.ts). */
const OUTLINE_PATH = "/api/map/outline";

/**
 * A view with its numbers rounded as they are written in URLs (well under a pixel even at the highest zoom), so
 * a drawing made from the URL lines up exactly with one made from the view.
 */
export function roundView(view: View): View {
  return {
    center: { lng: roundTo(view.center.lng, 6), lat: roundTo(view.center.lat, 6) },
    zoom: roundTo(view.zoom, 4),
    width: Math.round(view.width),
    height: Math.round(view.height),
  };
}

/**
 * The outline image of a view. The outline is most of a map's bytes and the same for every visitor, so it
 * is not inlined in the HTML (and so not repeated in the hydration data either): the URL carries the
 * basemap's version, so the response may be cached for good.
 */
export function outlineHref(view: View, version: string): string {
  const v = roundView(view);
  const q = new URLSearchParams({
    lat: String(v.center.lat),
    lng: String(v.center.lng),
    zoom: String(v.zoom),
    width: String(v.width),
    height: String(v.height),
    v: version,
  });
  return `${OUTLINE_PATH}?${q}`;
}

/** The logical size the server draws the SVG at; the box scales it ("slice"), MapLibre then matches that scale. */
export const SNAPSHOT_SIZE = { width: 1024, height: 512 } as const;
/** The world view the home page and /map open with (Europe, Africa and the Americas in frame). */
export const DEFAULT_VIEW_CENTER: LngLat = { lng: 10, lat: 22 };
export const DEFAULT_VIEW_ZOOM = 1;

/** MapLibre zoom that shows what the SVG shows in a box of this pixel size. */
export function zoomForBox(snapshotZoom: number, boxWidth: number, boxHeight: number): number {
  const scale = Math.max(boxWidth / SNAPSHOT_SIZE.width, boxHeight / SNAPSHOT_SIZE.height);
  return clamp(snapshotZoom + Math.log2(Math.max(scale, 1e-3)), MIN_ZOOM, MAX_ZOOM);
}

const decimalMarks = new Map<string, string>();

/** The decimal mark of a language's numbers ("." in English, "," in Spanish, Portuguese, French and German). */
export function decimalMark(lang: string): string {
  let mark = decimalMarks.get(lang);
  if (mark === undefined) {
    mark = new Intl.NumberFormat(lang).formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
    decimalMarks.set(lang, mark);
  }
  return mark;
}

/**
 * Short counts for cluster labels: "1.2k" in English, "1,2k" in languages that write decimals with a comma. The
 * "k" for thousands stays in every language: the language's own short forms ("1,2 mil", "1,2 Tsd.") do not fit in
 * a cluster's circle, and counts under 1,000 need no grouping.
 */
export function formatCount(count: number, lang = "en"): string {
  if (count < 1000) return String(count);
  if (count < 10_000) {
    const short = (count / 1000).toFixed(1).replace(/\.0$/, "");
    return `${lang === "en" ? short : short.replace(".", decimalMark(lang))}k`;
  }
  return `${Math.round(count / 1000)}k`;
}

/** Cluster circle radius in logical pixels: grows with the log of the count, within bounds. */
export function clusterRadius(count: number): number {
  return clamp(11 + Math.log2(count) * 3, 13, 30);
}

/** Sum of locations represented by a view's clusters and points. */
export function countInView(clusters: ClusterTuple[], points: PointTuple[]): number {
  return clusters.reduce((n, c) => n + c[2], 0) + points.length;
}

/**
 * A ring or line cut at the antimeridian (world-atlas keeps such rings whole, jumping from +180 to -180) made
 * continuous: each longitude is shifted by whole turns to stay within half a turn of the one before, so the ring runs
 * past the map's edge instead of straight back across the map; the drawing code adds a copy one world away.
 */
export function unwrapLongitudes(coords: readonly (readonly number[])[]): [lng: number, lat: number][] {
  let offset = 0;
  let prev: number | null = null;
  return coords.map(([rawLng = 0, lat = 0]) => {
    let lng = rawLng + offset;
    if (prev !== null && lng - prev > 180) {
      offset -= 360;
      lng -= 360;
    } else if (prev !== null && prev - lng > 180) {
      offset += 360;
      lng += 360;
    }
    prev = lng;
    return [lng, lat];
  });
}
