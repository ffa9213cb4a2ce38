import fs from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { z } from "zod";
import {
  type BBox,
  MAX_ZOOM,
  type MapSnapshot,
  outlineHref,
  roundView,
  type View,
  viewBounds,
} from "~/lib/map-geometry";
import { readContentVersions } from "~/queries/content-versions.server";
import type { LocationFilters } from "~/queries/locations.server";
import { type LocatedRow, matchingLocationIds, readLocatedPage } from "~/queries/map-points.server";
import type { ChangeBus, Database } from "~db/client";
import { onContentChanged } from "../entries/content-events.server";
import { basemapVersion } from "./basemap.server";
import type { ClusterView, IndexReply, IndexRequest, RowPage } from "./map-index.worker";

export type { ClusterView, MapPointProps } from "./map-index.worker";
export { MAX_ITEMS_PER_VIEW } from "./map-index.worker";

/**
 * Map clusters computed on the server (decisions 010 and 017): one supercluster index of every located place, built
 * in a worker thread from pages of rows the main thread reads, and queried there. A content change for locations
 * starts a new build in a new worker; the previous one keeps answering until the new one is ready (a request waits
 * at most a moment for it, so a small site shows an edit at once), then retires. Filtered views (the /locations
 * filters) get their own small indexes in the same worker, built from the ids the filter's SQL matches.
 */

type WithoutId<T> = T extends unknown ? Omit<T, "id"> : never;

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

/**
 * How to start the worker: the script built next to the server bundle, or else (tests, `npm run dev`) the TypeScript
 * source through tsx's loader, registered inside the new thread.
 */
function workerScript(): { code: string | URL; eval: boolean } {
  for (const rel of ["./map-index-worker.js", "../map-index-worker.js"]) {
    const url = new URL(rel, import.meta.url);
    if (url.protocol === "file:" && fs.existsSync(fileURLToPath(url))) return { code: url, eval: false };
  }
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs"),
  );
  const source = new URL("./map-index.worker.ts", import.meta.url);
  return {
    code: `import(${JSON.stringify(tsx.href)}).then((m) => { m.register(); return import(${JSON.stringify(source.href)}); });`,
    eval: true,
  };
}

function toPage(rows: LocatedRow[]): RowPage {
  const page: RowPage = {
    ids: new Array(rows.length),
    names: new Array(rows.length),
    markerTypes: new Array(rows.length),
    lats: new Float64Array(rows.length),
    lngs: new Float64Array(rows.length),
  };
  rows.forEach((r, i) => {
    page.ids[i] = r.id;
    page.names[i] = r.name;
    page.markerTypes[i] = r.markerType;
    page.lats[i] = r.lat ?? Number.NaN;
    page.lngs[i] = r.lng ?? Number.NaN;
  });
  return page;
}

/**
 * The worker's young generation. Its data is long-lived (the index) and its garbage is the rows of a build; V8's
 * default (up to 48 MB, kept once grown by a build) cost ~35 MB of resident memory at rest for nothing the worker
 * needs. Measured at 500,000 places (decision 023): no slower build, the crawl bar's margin.
 */
const WORKER_YOUNG_GENERATION_MB = 6;

/** The main thread's handle on one worker: requests by id, and the filtered indexes being loaded into it. */
class IndexWorker {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (r: IndexReply) => void; reject: (e: Error) => void }>();
  private readonly filterLoads = new Map<string, Promise<void>>();
  private retiring = false;
  private stopping = false;
  failed: Error | null = null;

  constructor(
    readonly generation: number,
    readonly builtFrom: string,
  ) {
    const script = workerScript();
    this.worker = new Worker(script.code, {
      workerData: { mapIndex: true },
      eval: script.eval,
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
    // The index never keeps the process alive on its own (the server closes; tests end).
    this.worker.unref();
    this.worker.on("message", (reply: IndexReply) => {
      const w = this.waiting.get(reply.id);
      if (!w) return;
      this.waiting.delete(reply.id);
      w.resolve(reply);
      if (this.stopping && this.waiting.size === 0) void this.worker.terminate();
    });
    this.worker.on("error", (err) => this.fail(err));
    this.worker.on("exit", (code) => this.fail(new Error(`The map index worker stopped (exit code ${code}).`)));
  }

  private fail(err: Error) {
    this.failed ??= err;
    for (const w of this.waiting.values()) w.reject(this.failed);
    this.waiting.clear();
  }

  request(msg: WithoutId<IndexRequest>, transfer: ArrayBuffer[] = []): Promise<IndexReply> {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...msg, id }, transfer);
    });
  }

  async value<T>(msg: WithoutId<IndexRequest>, transfer?: ArrayBuffer[]): Promise<T> {
    const reply = await this.request(msg, transfer);
    if (!reply.ok) throw new Error(reply.error ?? "The map index could not answer.");
    return reply.value as T;
  }

  /** Loads a filter's index once, however many requests ask for it at the same time. */
  loadFilter(key: string, ids: () => Promise<string[]>): Promise<void> {
    let load = this.filterLoads.get(key);
    if (!load) {
      load = (async () => {
        await this.value({ type: "filter", key, ids: await ids() });
      })().finally(() => this.filterLoads.delete(key));
      this.filterLoads.set(key, load);
    }
    return load;
  }

  /**
   * Stops once the requests sent to it are answered (a newer index has taken over). A request that picked this worker
   * a moment ago may still be on its way: the worker lingers a second first.
   */
  retire(graceMs = 1000): void {
    if (this.retiring) return;
    this.retiring = true;
    const stop = () => {
      this.stopping = true;
      if (this.waiting.size === 0) void this.worker.terminate();
    };
    if (graceMs <= 0) stop();
    else setTimeout(stop, graceMs).unref();
  }
}

export type ClusterStoreOptions = {
  /** Rows per page read for the worker: small enough that reading one never holds the event loop long. */
  pageSize?: number;
  /** How long a request waits for a rebuild that is under way before the previous index answers it. */
  freshWaitMs?: number;
  /**
   * On Postgres, the worker reads the places itself over its own connection, so the main thread (which serves every
   * request) reads nothing. Without it (the embedded database lives in the main thread) the main thread reads pages.
   */
  postgresUrl?: string;
};

export class ClusterStore {
  private generation = 0;
  private current: IndexWorker | null = null;
  private building: { generation: number; promise: Promise<IndexWorker> } | null = null;
  private queued: Promise<IndexWorker> | null = null;
  private readonly pageSize: number;
  private readonly freshWaitMs: number;
  private readonly postgresUrl: string | undefined;
  /** How many full index builds completed (tests, metrics). */
  builds = 0;
  /** The last completed build: when, how long it took from the first read to the index, and how many places. */
  lastBuild: { at: number; ms: number; total: number } | null = null;

  constructor(
    private readonly db: Database,
    options: ClusterStoreOptions = {},
  ) {
    this.pageSize = options.pageSize ?? 10_000;
    this.freshWaitMs = options.freshWaitMs ?? 250;
    this.postgresUrl = options.postgresUrl;
  }

  /** Marks the index stale. Once the map is in use, the rebuild starts at once rather than on the next request. */
  invalidate(): void {
    this.generation++;
    if (this.current) this.rebuild().catch(() => {});
  }

  /** True when the current index was read at these content versions (a change it already contains). */
  isBuiltFrom(versions: Record<string, number>): boolean {
    return this.current?.generation === this.generation && this.current.builtFrom === versionKey(versions);
  }

  /** Figures for the operator: builds, the last build, and whether a newer index is being built. */
  stats() {
    return {
      builds: this.builds,
      lastBuild: this.lastBuild,
      stale: this.current !== null && this.current.generation !== this.generation,
    };
  }

  private rebuild(): Promise<IndexWorker> {
    const generation = this.generation;
    if (this.building) {
      if (this.building.generation === generation) return this.building.promise;
      // Changed again while building: one more build once this one is done (never two at a time).
      this.queued ??= this.building.promise
        .catch(() => undefined)
        .then(() => {
          this.queued = null;
          return this.rebuild();
        });
      return this.queued;
    }
    const promise = (async () => {
      try {
        const worker = await this.build(generation);
        const previous = this.current;
        this.current = worker;
        previous?.retire();
        return worker;
      } finally {
        this.building = null;
      }
    })();
    this.building = { generation, promise };
    return promise;
  }

  private async build(generation: number): Promise<IndexWorker> {
    const started = performance.now();
    // Versions first, then rows: the rows are at least as new as the versions recorded.
    const versions = await readContentVersions(this.db);
    const worker = new IndexWorker(generation, versionKey(versions));
    try {
      if (this.postgresUrl)
        await worker.value({ type: "load", postgresUrl: this.postgresUrl, pageSize: this.pageSize });
      let after: string | null = null;
      while (!this.postgresUrl) {
        const rows = await readLocatedPage(this.db, after, this.pageSize);
        if (rows.length === 0) break;
        const page = toPage(rows);
        await worker.value({ type: "rows", page }, [page.lats.buffer as ArrayBuffer, page.lngs.buffer as ArrayBuffer]);
        after = rows[rows.length - 1]?.id ?? null;
        if (rows.length < this.pageSize) break;
      }
      const { total } = await worker.value<{ total: number }>({ type: "build" });
      this.builds++;
      this.lastBuild = { at: Date.now(), ms: performance.now() - started, total };
      return worker;
    } catch (err) {
      worker.retire(0);
      throw err;
    }
  }

  /** The worker to ask: the current index, or the new one when it is ready within a moment. */
  private async ready(): Promise<IndexWorker> {
    if (this.current?.failed) this.current = null;
    const current = this.current;
    if (current && current.generation === this.generation) return current;
    const next = this.rebuild();
    if (!current) return next;
    let timer: NodeJS.Timeout | undefined;
    const previous = new Promise<IndexWorker>((resolve) => {
      timer = setTimeout(() => resolve(current), this.freshWaitMs);
    });
    try {
      return await Promise.race([next.catch(() => current), previous]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async ask<T>(
    filters: LocationFilters,
    msg: { type: "query"; bbox: BBox; zoom: number } | { type: "bounds" },
  ): Promise<T> {
    let worker = await this.ready();
    const key = hasFilters(filters) ? filterKey(filters) : null;
    for (let attempt = 0; ; attempt++) {
      let reply: IndexReply;
      try {
        reply = await worker.request({ ...msg, key });
      } catch (err) {
        // That worker stopped (it crashed, or it was retired as the request set out): ask the current one, once.
        if (attempt > 0) throw err;
        worker = await this.ready();
        continue;
      }
      if (reply.ok) return reply.value as T;
      if (!reply.missing || key === null || attempt > 1)
        throw new Error(reply.error ?? "The map index could not answer.");
      await worker.loadFilter(key, () => matchingLocationIds(this.db, filters));
    }
  }

  /** The box around the places a filter keeps (west, south, east, north), or null when it keeps none. */
  bounds(filters: LocationFilters = {}): Promise<BBox | null> {
    return this.ask(filters, { type: "bounds" });
  }

  /** Clusters and single points in a bounding box at a zoom level. */
  query(bbox: BBox, zoom: number, filters: LocationFilters = {}): Promise<ClusterView> {
    return this.ask(filters, { type: "query", bbox, zoom });
  }

  /** Stops the workers (server shutdown). */
  close(): void {
    this.current?.retire(0);
    this.current = null;
  }
}

const stores = new WeakMap<Database, ClusterStore>();

/** A store that follows content changes on the bus: location or reference-data changes start a rebuild. */
export function createClusterStore(services: { db: Database; bus: ChangeBus }, options: ClusterStoreOptions = {}) {
  const store = new ClusterStore(services.db, options);
  onContentChanged(services.bus, (entity, change) => {
    // Reference data (regions, focus areas) changes what filters match, so it invalidates too.
    if (entity !== "locations" && entity !== "reference") return;
    // A change found by the version check that this index already contains (it was built after the edit's
    // notification) needs no second build.
    if (change.versions && store.isBuiltFrom(change.versions)) return;
    store.invalidate();
  });
  return store;
}

/**
 * The process-wide store: the one the server created at boot and hands every request as `services.mapIndex`, or
 * (tests that build their own services) one per database.
 */
export function getClusterStore(services: { db: Database; bus: ChangeBus; mapIndex?: ClusterStore }): ClusterStore {
  if (services.mapIndex) return services.mapIndex;
  let store = stores.get(services.db);
  if (!store) {
    store = createClusterStore(services);
    stores.set(services.db, store);
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
