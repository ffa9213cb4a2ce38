// The map's cluster index, in its own thread (decision 017). The server's main thread reads the located places in
// small pages and posts them here; this thread builds the supercluster index (seconds at 500,000 places) and then
// answers viewport queries, while the main thread keeps serving requests. One worker per build: the previous
// worker keeps answering until the new one is ready, then it is retired.
import { parentPort, workerData } from "node:worker_threads";
import type { GeoJsonProperties } from "geojson";
import Supercluster, { type PointFeature } from "supercluster";
import { isUuid } from "~/lib/ids";
import { type BBox, CLUSTER_MAX_ZOOM, type ClusterTuple, MAX_ZOOM, type PointTuple, roundTo } from "~/lib/map-geometry";
import { slugFromName } from "~/lib/slug";
import { DEFAULT_MARKER_TYPE, MARKER_TYPES, type MarkerType } from "~/lib/taxonomy";
import { type LocatedColumns, readLocatedColumns } from "~/queries/located-pages.server";
import { describeGroup, sampleGroup } from "../entries/group-names.server";
import { populatedPlaces } from "./populated-places.server";

/** What a point of the map shows (the slug is made from the name when a place is answered, not kept). */
export type MapPointProps = { id: string; name: string; markerType: MarkerType };
export type ClusterView = {
  clusters: ClusterTuple[];
  points: PointTuple[];
  /** Locations in this filter (whole world), so a client can say "N of M". */
  total: number;
  /** True when a (pathological) request matched more items than one response carries. */
  truncated: boolean;
};

/** One page of located places, column by column (cheap to copy between threads). */
export type RowPage = LocatedColumns;

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

/**
 * Each point of an index carries only its row number in the worker's `Places` (a small integer, no object per
 * place): at 500,000 places, feature objects kept for the life of the index cost about 375 MB, columns about 60 MB.
 */
type Feature = PointFeature<RowRef>;
/** A row number where supercluster's types expect a properties object (it only stores and returns the value). */
type RowRef = number & NonNullable<GeoJsonProperties>;
/**
 * An index, how many places it holds, the box around them (null when empty), and the names of its groups given so
 * far (by cluster id, which is unique within an index: it encodes the zoom).
 */
export type Index = { index: Supercluster<RowRef>; total: number; bbox: BBox | null; names: Map<number, string> };

/** Groups named per answer: the in-view list shows at most 150 entries, the largest groups first. */
export const NAMED_GROUPS_PER_VIEW = 150;
/** Names kept per index; past this the oldest half is dropped (a name costs a few dozen bytes). */
const NAMES_KEPT = 20_000;

/** Bytes per id: a UUID as four 32-bit words, most significant first (their order is the text's order). */
const ID_WORDS = 4;

/** A UUID's four words, or null when the text is not a UUID (no location can have that id). */
function idWords(id: string): [number, number, number, number] | null {
  if (!isUuid(id)) return null;
  const hex = id.replaceAll("-", "");
  return [0, 8, 16, 24].map((at) => Number.parseInt(hex.slice(at, at + 8), 16)) as [number, number, number, number];
}

/** A typed array that grows by doubling while pages arrive, and is cut to its length when the index is built. */
function grown<T extends Uint8Array | Uint32Array | Float64Array>(array: T, need: number): T {
  if (need <= array.length) return array;
  const bigger = new (array.constructor as new (n: number) => T)(Math.max(need, array.length * 2, 1024));
  bigger.set(array);
  return bigger;
}

/**
 * The located places a worker was given, column by column, in typed arrays outside the JavaScript heap: ids as
 * four 32-bit words, names as UTF-8 bytes with offsets, marker types as bytes. At 500,000 places this is about
 * 35 MB, against about 83 MB of strings and number arrays, and nothing in it for the collector to walk.
 */
export class Places {
  private count = 0;
  private idWords = new Uint32Array(0);
  private nameBytes = Buffer.alloc(0);
  private nameUsed = 0;
  /** Where row i's name starts in `nameBytes`; entry i + 1 is where it ends. */
  private nameStarts = new Uint32Array(1);
  /** Index into MARKER_TYPES. */
  private types = new Uint8Array(0);
  private latitudes = new Float64Array(0);
  private longitudes = new Float64Array(0);
  /** Row numbers ordered by id, made when a filter first needs to find rows by id. */
  private byId: Uint32Array | null = null;

  get size(): number {
    return this.count;
  }

  lat(row: number): number {
    return this.latitudes[row] as number;
  }

  lng(row: number): number {
    return this.longitudes[row] as number;
  }

  /** Adds a page of rows, skipping coordinates no map can show and ids that are not UUIDs. */
  add(page: RowPage): void {
    const n = this.count + page.ids.length;
    this.idWords = grown(this.idWords, n * ID_WORDS);
    this.types = grown(this.types, n);
    this.latitudes = grown(this.latitudes, n);
    this.longitudes = grown(this.longitudes, n);
    this.nameStarts = grown(this.nameStarts, n + 1);
    for (let i = 0; i < page.ids.length; i++) {
      const lat = page.lats[i] as number;
      const lng = page.lngs[i] as number;
      if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) continue;
      const words = idWords(page.ids[i] as string);
      if (!words) continue;
      const row = this.count;
      this.idWords.set(words, row * ID_WORDS);
      const name = page.names[i] as string;
      const bytes = Buffer.byteLength(name);
      if (this.nameUsed + bytes > this.nameBytes.length) {
        const bigger = Buffer.alloc(Math.max(this.nameUsed + bytes, this.nameBytes.length * 2, 64 * 1024));
        this.nameBytes.copy(bigger, 0, 0, this.nameUsed);
        this.nameBytes = bigger;
      }
      this.nameUsed += this.nameBytes.write(name, this.nameUsed);
      this.nameStarts[row + 1] = this.nameUsed;
      this.types[row] = markerTypeIndex(page.markerTypes[i] as string);
      this.latitudes[row] = lat;
      this.longitudes[row] = lng;
      this.count++;
    }
    this.byId = null;
  }

  /** Cuts every column to what it holds (after the last page, so no doubling headroom stays for the index's life). */
  compact(): void {
    const n = this.count;
    this.idWords = this.idWords.slice(0, n * ID_WORDS);
    this.types = this.types.slice(0, n);
    this.latitudes = this.latitudes.slice(0, n);
    this.longitudes = this.longitudes.slice(0, n);
    this.nameStarts = this.nameStarts.slice(0, n + 1);
    this.nameBytes = Buffer.from(this.nameBytes.subarray(0, this.nameUsed));
  }

  /** The row holding this id, or -1. */
  find(id: string): number {
    const key = idWords(id);
    if (!key) return -1;
    const words = this.idWords;
    const compare = (row: number): number => {
      for (let w = 0; w < ID_WORDS; w++) {
        const d = (words[row * ID_WORDS + w] as number) - (key[w] as number);
        if (d !== 0) return d;
      }
      return 0;
    };
    if (!this.byId) {
      const order = new Uint32Array(this.count);
      for (let i = 0; i < order.length; i++) order[i] = i;
      order.sort((a, b) => {
        for (let w = 0; w < ID_WORDS; w++) {
          const d = (words[a * ID_WORDS + w] as number) - (words[b * ID_WORDS + w] as number);
          if (d !== 0) return d;
        }
        return 0;
      });
      this.byId = order;
    }
    let lo = 0;
    let hi = this.byId.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const row = this.byId[mid] as number;
      const d = compare(row);
      if (d === 0) return row;
      if (d < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  id(row: number): string {
    const hex = Array.from(this.idWords.subarray(row * ID_WORDS, (row + 1) * ID_WORDS), (w) =>
      w.toString(16).padStart(8, "0"),
    ).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  name(row: number): string {
    return this.nameBytes.toString("utf8", this.nameStarts[row], this.nameStarts[row + 1]);
  }

  markerType(row: number): MarkerType {
    return MARKER_TYPES[this.types[row] as number] ?? DEFAULT_MARKER_TYPE;
  }

  props(row: number): MapPointProps {
    return { id: this.id(row), name: this.name(row), markerType: this.markerType(row) };
  }
}

function markerTypeIndex(value: string): number {
  const i = (MARKER_TYPES as readonly string[]).indexOf(value);
  return i >= 0 ? i : MARKER_TYPES.indexOf(DEFAULT_MARKER_TYPE);
}

/**
 * An index of the given rows (all of them when `rows` is omitted). Supercluster reads each feature once, keeping
 * its coordinates and its properties value (here the row number) and not the feature, so one feature object is
 * filled in turn for every row: no 500,000 short-lived objects for the collector to sweep after each build.
 */
export function buildIndex(places: Places, rows?: ArrayLike<number>): Index {
  const count = rows ? rows.length : places.size;
  const coordinates: [number, number] = [0, 0];
  const feature = { type: "Feature", geometry: { type: "Point", coordinates }, properties: 0 as RowRef } as Feature;
  let bbox: BBox | null = null;
  const features = {
    length: count,
    *[Symbol.iterator]() {
      for (let k = 0; k < count; k++) {
        const row = rows ? (rows[k] as number) : k;
        const lng = places.lng(row);
        const lat = places.lat(row);
        coordinates[0] = lng;
        coordinates[1] = lat;
        feature.properties = row as RowRef;
        bbox = bbox
          ? [Math.min(bbox[0], lng), Math.min(bbox[1], lat), Math.max(bbox[2], lng), Math.max(bbox[3], lat)]
          : [lng, lat, lng, lat];
        yield feature;
      }
    },
  };
  const index = new Supercluster<RowRef>(SUPERCLUSTER_OPTIONS);
  // Typed as an array; supercluster only takes its length and iterates it.
  index.load(features as unknown as Feature[]);
  return { index, total: count, bbox, names: new Map() };
}

/**
 * Where a group is, in words (group-names.server.ts), once per cluster of an index. The populated places are read
 * on the first group named, not before: a worker that is never asked for a view never holds them.
 */
export function groupName(target: Index, id: number, lng: number, lat: number, count: number, zoom: number): string {
  const known = target.names.get(id);
  if (known !== undefined) return known;
  const name = describeGroup(populatedPlaces(), { lng, lat }, sampleGroup(target.index, id, count), zoom);
  if (target.names.size >= NAMES_KEPT) {
    let drop = NAMES_KEPT / 2;
    for (const key of target.names.keys()) {
      if (drop-- <= 0) break;
      target.names.delete(key);
    }
  }
  target.names.set(id, name);
  return name;
}

/**
 * Time one answer may spend naming groups it has not named before (a few dozen groups on a loaded machine). The
 * groups left over are named right after the answer is sent, so the next answer (the next pan or zoom) has them;
 * until then the list gives their centre in degrees.
 */
export const NAMING_BUDGET_MS = 30;
/**
 * The largest groups of an answer are named whatever the budget: a world or continent view has about this many, and
 * the first answer after a start also reads the towns (once), which alone can pass the budget on a busy machine.
 */
export const ALWAYS_NAMED_GROUPS = 24;

function nameLater(target: Index, groups: [number, number, number, number, number][]): void {
  if (groups.length === 0) return;
  setImmediate(() => {
    const started = performance.now();
    while (groups.length > 0 && performance.now() - started < NAMING_BUDGET_MS) {
      const [id, lng, lat, count, zoom] = groups.shift() as [number, number, number, number, number];
      groupName(target, id, lng, lat, count, zoom);
    }
    nameLater(target, groups);
  });
}

/** Clusters and single points in a bounding box at a zoom level. */
export function queryIndex(target: Index, places: Places, bbox: BBox, zoom: number): ClusterView {
  const { index, total } = target;
  const z = Math.max(0, Math.min(MAX_ZOOM, Math.floor(zoom)));
  const found = total === 0 ? [] : index.getClusters(bbox, z);
  const clusters: ClusterTuple[] = [];
  const points: PointTuple[] = [];
  const truncated = found.length > MAX_ITEMS_PER_VIEW;
  for (const f of truncated ? found.slice(0, MAX_ITEMS_PER_VIEW) : found) {
    const [lng, lat] = f.geometry.coordinates as [number, number];
    const p = f.properties;
    if (typeof p === "number") {
      const name = places.name(p);
      const markerType = places.markerType(p);
      points.push([roundTo(lng, 5), roundTo(lat, 5), slugFromName(name), name, markerType]);
    } else {
      const id = p.cluster_id;
      const expansion = Math.min(index.getClusterExpansionZoom(id), MAX_ZOOM);
      clusters.push([roundTo(lng, 5), roundTo(lat, 5), p.point_count, id, expansion]);
    }
  }
  // Biggest clusters first: screen readers and the in-view list reach the densest areas first.
  clusters.sort((a, b) => b[2] - a[2]);
  const started = performance.now();
  const later: [number, number, number, number, number][] = [];
  for (const [i, cluster] of clusters.slice(0, NAMED_GROUPS_PER_VIEW).entries()) {
    const [lng, lat, count, id] = cluster;
    const known = target.names.get(id);
    if (known !== undefined) cluster[5] = known;
    else if (i < ALWAYS_NAMED_GROUPS || performance.now() - started < NAMING_BUDGET_MS)
      cluster[5] = groupName(target, id, lng, lat, count, z);
    else later.push([id, lng, lat, count, z]);
  }
  nameLater(target, later);
  points.sort((a, b) => a[3].localeCompare(b[3]));
  return { clusters, points, total, truncated };
}

/** The state of one worker: the places it was given, its full index, and filtered indexes (least recent first). */
export class IndexState {
  readonly places = new Places();
  private full: Index | null = null;
  private filtered = new Map<string, Index>();

  /** Reads every located place straight from Postgres, in pages, in this thread (the main thread reads nothing). */
  async load(postgresUrl: string, pageSize: number): Promise<void> {
    await readLocatedColumns(postgresUrl, pageSize, (page) => this.places.add(page));
  }

  handle(msg: Exclude<IndexRequest, { type: "load" }>): IndexReply {
    switch (msg.type) {
      case "rows":
        this.places.add(msg.page);
        return { id: msg.id, ok: true, value: null };
      case "build": {
        const started = performance.now();
        this.places.compact();
        this.full = buildIndex(this.places);
        return { id: msg.id, ok: true, value: { total: this.full.total, buildMs: performance.now() - started } };
      }
      case "filter": {
        const rows: number[] = [];
        for (const id of msg.ids) {
          const row = this.places.find(id);
          if (row >= 0) rows.push(row);
        }
        this.filtered.set(msg.key, buildIndex(this.places, rows));
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
        const value = msg.type === "query" ? queryIndex(index, this.places, msg.bbox, msg.zoom) : index.bbox;
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
