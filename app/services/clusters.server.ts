import { and, isNotNull } from "drizzle-orm";
import Supercluster, { type PointFeature } from "supercluster";
import { z } from "zod";
import type { ChangeBus, Database } from "../../db/client";
import { locations } from "../../db/schema";
import {
  type BBox,
  CLUSTER_MAX_ZOOM,
  type ClusterTuple,
  MAX_ZOOM,
  type MapSnapshot,
  outlineHref,
  type PointTuple,
  roundTo,
  roundView,
  type View,
  viewBounds,
} from "../lib/map-geometry";
import { slugFromName } from "../lib/slug";
import { DEFAULT_MARKER_TYPE, MARKER_TYPES, type MarkerType } from "../lib/taxonomy";
import { readContentVersions } from "../queries/content-versions.server";
import { type LocationFilters, locationFilterSql } from "../queries/locations.server";
import { basemapVersion } from "./basemap.server";
import { onContentChanged } from "./content-events.server";

/**
 * Map clusters computed on the server (docs/decisions/010-map-first-frame.md): one supercluster index of
 * every located place, built lazily on first use and kept per process; a content-change notification for
 * locations marks it stale and the next request rebuilds it (concurrent requests share one rebuild).
 * Filtered views (the /locations filters) get their own small indexes, built on demand and kept in an LRU.
 */

export type MapPointProps = { id: string; slug: string; name: string; country: string; markerType: MarkerType };
export type ClusterView = {
  clusters: ClusterTuple[];
  points: PointTuple[];
  /** Locations in this filter (whole world), so a client can say "N of M". */
  total: number;
  /** True when a (pathological) request matched more items than one response carries. */
  truncated: boolean;
};

/** Hard cap on items per response: normal views return a few dozen; this bounds abuse (world bbox at zoom 18). */
export const MAX_ITEMS_PER_VIEW = 1500;
const FILTERED_CACHE_SIZE = 24;

type Feature = PointFeature<MapPointProps>;
/** An index, how many places it holds, and the box around them (null when empty). */
type Index = { index: Supercluster<MapPointProps>; total: number; bbox: BBox | null };

const SUPERCLUSTER_OPTIONS = { radius: 60, extent: 512, maxZoom: CLUSTER_MAX_ZOOM, minPoints: 2 } as const;

function toMarkerType(value: string): MarkerType {
  return (MARKER_TYPES as readonly string[]).includes(value) ? (value as MarkerType) : DEFAULT_MARKER_TYPE;
}

function buildIndex(features: Feature[]): Index {
  const index = new Supercluster<MapPointProps>(SUPERCLUSTER_OPTIONS);
  index.load(features);
  let bbox: BBox | null = null;
  for (const f of features) {
    const [lng, lat] = f.geometry.coordinates as [number, number];
    bbox = bbox
      ? [Math.min(bbox[0], lng), Math.min(bbox[1], lat), Math.max(bbox[2], lng), Math.max(bbox[3], lat)]
      : [lng, lat, lng, lat];
  }
  return { index, total: features.length, bbox };
}

function hasFilters(f: LocationFilters): boolean {
  return Boolean(f.q || f.regionId || f.subRegionId || f.focusAreaId || f.country);
}

function filterKey(f: LocationFilters): string {
  return JSON.stringify([f.regionId ?? "", f.subRegionId ?? "", f.focusAreaId ?? "", f.country ?? "", f.q ?? ""]);
}

/** What the map index depends on: the versions of locations and of reference data. */
function versionKey(v: Record<string, number>): string {
  return `${v.locations ?? 0}:${v.reference ?? 0}`;
}

export class ClusterStore {
  private generation = 0;
  private base: { generation: number; promise: Promise<{ features: Feature[]; index: Index }> } | null = null;
  /** Filtered indexes, least recently used first (a Map keeps insertion order). */
  private filtered = new Map<string, { generation: number; promise: Promise<Index> }>();
  /** How many full index builds ran (for tests and diagnostics). */
  builds = 0;
  /** The content versions (locations and reference data) the current full index was read at. */
  private builtFrom: string | null = null;

  constructor(private readonly db: Database) {}

  /** Marks every index stale; the next request rebuilds. */
  invalidate(): void {
    this.generation++;
    this.filtered.clear();
  }

  /** True when the current index was read at these content versions (a change it already contains). */
  isBuiltFrom(versions: Record<string, number>): boolean {
    return this.base?.generation === this.generation && this.builtFrom === versionKey(versions);
  }

  private baseIndex() {
    if (this.base && this.base.generation === this.generation) return this.base.promise;
    const generation = this.generation;
    const promise = (async () => {
      // Versions first, then rows: the rows are at least as new as the versions recorded.
      const versions = await readContentVersions(this.db);
      const features = await this.loadFeatures();
      this.builds++;
      if (this.generation === generation) this.builtFrom = versionKey(versions);
      return { features, index: buildIndex(features) };
    })();
    this.base = { generation, promise };
    // A failed build must not be cached forever.
    promise.catch(() => {
      if (this.base?.promise === promise) this.base = null;
    });
    return promise;
  }

  private async loadFeatures(): Promise<Feature[]> {
    const rows = await this.db
      .select({
        id: locations.id,
        name: locations.name,
        country: locations.country,
        markerType: locations.markerType,
        lat: locations.latitude,
        lng: locations.longitude,
      })
      .from(locations)
      .where(and(isNotNull(locations.latitude), isNotNull(locations.longitude)));
    const features: Feature[] = [];
    for (const r of rows) {
      if (r.lat === null || r.lng === null || !Number.isFinite(r.lat) || !Number.isFinite(r.lng)) continue;
      if (Math.abs(r.lat) > 90 || Math.abs(r.lng) > 180) continue;
      features.push({
        type: "Feature",
        geometry: { type: "Point", coordinates: [r.lng, r.lat] },
        properties: {
          id: r.id,
          name: r.name,
          slug: slugFromName(r.name),
          country: r.country,
          markerType: toMarkerType(r.markerType),
        },
      });
    }
    return features;
  }

  /** The index for a filter: the full one, or a subset's (matching ids from the same SQL as /locations). */
  async index(filters: LocationFilters = {}): Promise<Index> {
    if (!hasFilters(filters)) return (await this.baseIndex()).index;
    const key = filterKey(filters);
    const hit = this.filtered.get(key);
    if (hit && hit.generation === this.generation) {
      this.filtered.delete(key);
      this.filtered.set(key, hit);
      return hit.promise;
    }
    const generation = this.generation;
    const promise = (async () => {
      const [{ features }, matching] = await Promise.all([
        this.baseIndex(),
        this.db.select({ id: locations.id }).from(locations).where(locationFilterSql(filters)),
      ]);
      const ids = new Set(matching.map((r) => r.id));
      return buildIndex(features.filter((f) => ids.has(f.properties.id)));
    })();
    this.filtered.delete(key);
    this.filtered.set(key, { generation, promise });
    while (this.filtered.size > FILTERED_CACHE_SIZE) {
      const oldest = this.filtered.keys().next().value;
      if (oldest === undefined) break;
      this.filtered.delete(oldest);
    }
    promise.catch(() => this.filtered.delete(key));
    return promise;
  }

  /** The box around the places a filter keeps (west, south, east, north), or null when it keeps none. */
  async bounds(filters: LocationFilters = {}): Promise<BBox | null> {
    return (await this.index(filters)).bbox;
  }

  /** Clusters and single points in a bounding box at a zoom level. */
  async query(bbox: BBox, zoom: number, filters: LocationFilters = {}): Promise<ClusterView> {
    const { index, total } = await this.index(filters);
    const z = Math.max(0, Math.min(MAX_ZOOM, Math.floor(zoom)));
    const found = total === 0 ? [] : index.getClusters(bbox, z);
    const clusters: ClusterTuple[] = [];
    const points: PointTuple[] = [];
    const truncated = found.length > MAX_ITEMS_PER_VIEW;
    for (const f of truncated ? found.slice(0, MAX_ITEMS_PER_VIEW) : found) {
      const [lng, lat] = f.geometry.coordinates as [number, number];
      const p = f.properties;
      if ("cluster" in p && p.cluster) {
        const id = p.cluster_id;
        const expansion = Math.min(index.getClusterExpansionZoom(id), MAX_ZOOM);
        clusters.push([roundTo(lng, 5), roundTo(lat, 5), p.point_count, id, expansion]);
      } else {
        const props = p as MapPointProps;
        points.push([roundTo(lng, 5), roundTo(lat, 5), props.slug, props.name, props.markerType]);
      }
    }
    // Biggest clusters first: screen readers and the in-view list reach the densest areas first.
    clusters.sort((a, b) => b[2] - a[2]);
    points.sort((a, b) => a[3].localeCompare(b[3]));
    return { clusters, points, total, truncated };
  }
}

const stores = new WeakMap<Database, ClusterStore>();

/** The process-wide store for a database; subscribes once to location changes on its bus. */
export function getClusterStore(services: { db: Database; bus: ChangeBus }): ClusterStore {
  let store = stores.get(services.db);
  if (!store) {
    const created = new ClusterStore(services.db);
    onContentChanged(services.bus, (entity, change) => {
      // Reference data (regions, focus areas) changes what filters match, so it invalidates too.
      if (entity !== "locations" && entity !== "reference") return;
      // A change found by the version check that this index already contains (it was built after the edit's
      // notification) needs no second build.
      if (change.versions && created.isBuiltFrom(change.versions)) return;
      created.invalidate();
    });
    stores.set(services.db, created);
    store = created;
  }
  return store;
}

// ---------------------------------------------------------------------------
// Request parsing (the clusters endpoint) and the first-paint snapshot (home and /map)
// ---------------------------------------------------------------------------

const finite = (label: string) =>
  z.coerce.number({ message: `${label} must be a number` }).refine(Number.isFinite, `${label} must be a finite number`);

/** "west,south,east,north" in degrees; longitudes may run past ±180 when the view wraps around the world. */
export const BBoxSchema = z
  .string({ message: "bbox is required (west,south,east,north)" })
  .max(200, "bbox is too long")
  .transform((value, ctx) => {
    const parts = value.split(",");
    if (parts.length !== 4 || parts.some((p) => p.trim() === "")) {
      ctx.addIssue({ code: "custom", message: "bbox must be four numbers: west,south,east,north" });
      return z.NEVER;
    }
    const nums = parts.map(Number);
    if (nums.some((n) => !Number.isFinite(n))) {
      ctx.addIssue({ code: "custom", message: "bbox must be four numbers: west,south,east,north" });
      return z.NEVER;
    }
    return nums as BBox;
  })
  .refine(([w, , e]) => w >= -720 && w <= 720 && e >= -720 && e <= 720, "bbox longitudes must be between -720 and 720")
  .refine(([, s, , n]) => s >= -90 && s <= 90 && n >= -90 && n <= 90, "bbox latitudes must be between -90 and 90")
  .refine(([, s, , n]) => s <= n, "bbox south must not be greater than north")
  .refine(([w, , e]) => w <= e, "bbox west must not be greater than east");

export const ZoomSchema = finite("zoom").pipe(
  z.number().min(0, "zoom must be between 0 and 24").max(24, "zoom must be between 0 and 24"),
);

export const ClustersQuerySchema = z.object({ bbox: BBoxSchema, zoom: ZoomSchema });

/** A shareable map position from ?lat&lng&zoom; each value that does not parse is ignored. */
export const MapPositionSchema = z.object({
  lat: finite("lat").pipe(z.number().min(-85).max(85)).optional().catch(undefined),
  lng: finite("lng").pipe(z.number().min(-180).max(180)).optional().catch(undefined),
  zoom: finite("zoom").pipe(z.number().min(0).max(MAX_ZOOM)).optional().catch(undefined),
});

export function parseMapPosition(params: URLSearchParams): { lat?: number; lng?: number; zoom?: number } {
  const raw: Record<string, string> = {};
  for (const k of ["lat", "lng", "zoom"]) {
    const v = params.get(k);
    if (v !== null && v.trim() !== "") raw[k] = v;
  }
  const parsed = MapPositionSchema.parse(raw);
  // lat and lng only mean something together.
  if (parsed.lat === undefined || parsed.lng === undefined) return { zoom: parsed.zoom };
  return parsed;
}

/**
 * Everything the server-rendered SVG needs for a view: that view's clusters, and the URL of its country outlines
 * (an image the browser fetches and caches, so the outline's bytes are neither in the HTML nor in the loader data).
 * The SVG draws at a fixed logical size; the container keeps its aspect ratio, so nothing shifts.
 */
export async function mapSnapshot(
  store: ClusterStore,
  view: View,
  filters: LocationFilters = {},
): Promise<MapSnapshot> {
  // Rounded as in the outline's URL, so the image and the clusters are projected from the same numbers.
  const rounded = roundView(view);
  const [w, s, e, n] = viewBounds(rounded);
  const result = await store.query([w, s, e, n], rounded.zoom, filters);
  return {
    view: rounded,
    outline: outlineHref(rounded, basemapVersion()),
    clusters: result.clusters,
    points: result.points,
    total: result.total,
  };
}
