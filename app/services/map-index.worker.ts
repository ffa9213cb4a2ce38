// The map's cluster index, in its own thread (decision 017). The server's main thread reads the located places in
// small pages and posts them here; this thread builds the supercluster index (seconds at 500,000 places) and then
// answers viewport queries, while the main thread keeps serving requests. One worker per build: the previous
// worker keeps answering until the new one is ready, then it is retired.
import { parentPort, workerData } from "node:worker_threads";
import pg from "pg";
import Supercluster, { type PointFeature } from "supercluster";
import {
  type BBox,
  CLUSTER_MAX_ZOOM,
  type ClusterTuple,
  MAX_ZOOM,
  type PointTuple,
  roundTo,
} from "../lib/map-geometry";
import { slugFromName } from "../lib/slug";
import { DEFAULT_MARKER_TYPE, MARKER_TYPES, type MarkerType } from "../lib/taxonomy";

/** What the index keeps per place (the slug is made from the name when a place is answered, not kept). */
export type MapPointProps = { id: string; name: string; country: string; markerType: MarkerType };
export type ClusterView = {
  clusters: ClusterTuple[];
  points: PointTuple[];
  /** Locations in this filter (whole world), so a client can say "N of M". */
  total: number;
  /** True when a (pathological) request matched more items than one response carries. */
  truncated: boolean;
};

/** One page of located places, column by column (cheap to copy between threads). */
export type RowPage = {
  ids: string[];
  names: string[];
  countries: string[];
  markerTypes: string[];
  lats: Float64Array;
  lngs: Float64Array;
};

/** Messages to the worker; each with an id answered by exactly one reply. */
export type IndexRequest =
  | { id: number; type: "rows"; page: RowPage }
  | { id: number; type: "build" }
  | { id: number; type: "load"; postgresUrl: string; pageSize: number }
  | { id: number; type: "query"; key: string | null; bbox: BBox; zoom: number }
  | { id: number; type: "bounds"; key: string | null }
  | { id: number; type: "filter"; key: string; ids: string[] };

export type IndexReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; missing?: true; error?: string };

/** Hard cap on items per response: normal views return a few dozen; this bounds abuse (world bbox at zoom 18). */
export const MAX_ITEMS_PER_VIEW = 1500;
const FILTERED_CACHE_SIZE = 24;
const SUPERCLUSTER_OPTIONS = { radius: 60, extent: 512, maxZoom: CLUSTER_MAX_ZOOM, minPoints: 2 } as const;

type Feature = PointFeature<MapPointProps>;
/** An index, how many places it holds, and the box around them (null when empty). */
export type Index = { index: Supercluster<MapPointProps>; total: number; bbox: BBox | null };

/** The shared constant for a marker type, so 500,000 places do not each hold a copy of the word. */
function toMarkerType(value: string): MarkerType {
  return MARKER_TYPES.find((t) => t === value) ?? DEFAULT_MARKER_TYPE;
}

/** One copy of each distinct string (countries repeat across thousands of places). */
export class Interner {
  private readonly seen = new Map<string, string>();
  get(value: string): string {
    const known = this.seen.get(value);
    if (known !== undefined) return known;
    this.seen.set(value, value);
    return value;
  }
}

export function buildIndex(features: Feature[]): Index {
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

/** Features from a page of rows, skipping coordinates no map can show. */
export function featuresOf(page: RowPage, into: Feature[] = [], countries = new Interner()): Feature[] {
  for (let i = 0; i < page.ids.length; i++) {
    const lat = page.lats[i] as number;
    const lng = page.lngs[i] as number;
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) continue;
    into.push({
      type: "Feature",
      geometry: { type: "Point", coordinates: [lng, lat] },
      properties: {
        id: page.ids[i] as string,
        name: page.names[i] as string,
        country: countries.get(page.countries[i] as string),
        markerType: toMarkerType(page.markerTypes[i] as string),
      },
    });
  }
  return into;
}

/** Clusters and single points in a bounding box at a zoom level. */
export function queryIndex({ index, total }: Index, bbox: BBox, zoom: number): ClusterView {
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
      points.push([roundTo(lng, 5), roundTo(lat, 5), slugFromName(props.name), props.name, props.markerType]);
    }
  }
  // Biggest clusters first: screen readers and the in-view list reach the densest areas first.
  clusters.sort((a, b) => b[2] - a[2]);
  points.sort((a, b) => a[3].localeCompare(b[3]));
  return { clusters, points, total, truncated };
}

type LocatedPgRow = {
  id: string;
  name: string;
  country: string;
  marker_type: string;
  latitude: number;
  longitude: number;
};

/** The state of one worker: the places it was given, its full index, and filtered indexes (least recent first). */
export class IndexState {
  private features: Feature[] = [];
  private readonly countries = new Interner();
  private full: Index | null = null;
  private byId: Map<string, Feature> | null = null;
  private filtered = new Map<string, Index>();

  /** Reads every located place straight from Postgres, in pages, in this thread (the main thread reads nothing). */
  async load(postgresUrl: string, pageSize: number): Promise<void> {
    const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 10_000 });
    await client.connect();
    try {
      let after: string | null = null;
      for (;;) {
        const result: pg.QueryResult<LocatedPgRow> = await client.query<LocatedPgRow>(
          `SELECT id, name, country, marker_type, latitude, longitude FROM locations
           WHERE latitude IS NOT NULL AND longitude IS NOT NULL AND ($1::uuid IS NULL OR id > $1::uuid)
           ORDER BY id LIMIT $2`,
          [after, pageSize],
        );
        const rows = result.rows;
        featuresOf(
          {
            ids: rows.map((r) => r.id),
            names: rows.map((r) => r.name),
            countries: rows.map((r) => r.country),
            markerTypes: rows.map((r) => r.marker_type),
            lats: Float64Array.from(rows, (r) => r.latitude),
            lngs: Float64Array.from(rows, (r) => r.longitude),
          },
          this.features,
          this.countries,
        );
        if (rows.length < pageSize) break;
        after = rows[rows.length - 1]?.id ?? null;
      }
    } finally {
      await client.end().catch(() => {});
    }
  }

  handle(msg: Exclude<IndexRequest, { type: "load" }>): IndexReply {
    switch (msg.type) {
      case "rows":
        featuresOf(msg.page, this.features, this.countries);
        return { id: msg.id, ok: true, value: null };
      case "build": {
        const started = performance.now();
        this.full = buildIndex(this.features);
        return { id: msg.id, ok: true, value: { total: this.full.total, buildMs: performance.now() - started } };
      }
      case "filter": {
        if (!this.byId) this.byId = new Map(this.features.map((f) => [f.properties.id, f]));
        const subset: Feature[] = [];
        for (const id of msg.ids) {
          const f = this.byId.get(id);
          if (f) subset.push(f);
        }
        this.filtered.set(msg.key, buildIndex(subset));
        while (this.filtered.size > FILTERED_CACHE_SIZE) {
          const oldest = this.filtered.keys().next().value;
          if (oldest === undefined) break;
          this.filtered.delete(oldest);
        }
        return { id: msg.id, ok: true, value: null };
      }
      case "query":
      case "bounds": {
        const index = this.lookup(msg.key);
        if (!index) return { id: msg.id, ok: false, missing: true };
        const value = msg.type === "query" ? queryIndex(index, msg.bbox, msg.zoom) : index.bbox;
        return { id: msg.id, ok: true, value };
      }
    }
  }

  private lookup(key: string | null): Index | null {
    if (key === null) return this.full;
    const hit = this.filtered.get(key);
    if (!hit) return null;
    this.filtered.delete(key);
    this.filtered.set(key, hit);
    return hit;
  }
}

// Only in a thread started as the map index (importing this module elsewhere, for its types, starts nothing).
if (parentPort && (workerData as { mapIndex?: boolean } | null)?.mapIndex) {
  const port = parentPort;
  const state = new IndexState();
  const failure = (id: number, err: unknown): IndexReply => ({
    id,
    ok: false,
    error: err instanceof Error ? err.message : String(err),
  });
  port.on("message", (msg: IndexRequest) => {
    if (msg.type === "load") {
      state.load(msg.postgresUrl, msg.pageSize).then(
        () => port.postMessage({ id: msg.id, ok: true, value: null } satisfies IndexReply),
        (err: unknown) => port.postMessage(failure(msg.id, err)),
      );
      return;
    }
    let reply: IndexReply;
    try {
      reply = state.handle(msg);
    } catch (err) {
      reply = failure(msg.id, err);
    }
    port.postMessage(reply);
  });
}
