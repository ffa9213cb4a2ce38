import { createHash } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { createGzip } from "node:zlib";
import { stringify } from "csv-stringify/sync";
import { SITE_NAME } from "~/lib/constants";
import { dataTerms } from "~/lib/data-licences";
import {
  claimDumpLease,
  type DumpFileRow,
  forgetRetiredDumpBlobs,
  listRetiredDumpBlobs,
  releaseDumpLease,
  swapDumpFiles,
} from "~/queries/open-data-dumps.server";
import { DUMP_FILES, type DumpFileName } from "~/server-lib/open-data-files.server";
import type { Services } from "../services.server";
import { loadReferenceData } from "../site/reference.server";
import { getGeneralSettings } from "../site/site-settings.server";
import type { ByteRange } from "../storage.server";
import { coordinate, DUMP_TABLES, type DumpContext, type DumpTable, PLACES, rowValues } from "./dump-tables.server";

export { type DumpFileRow, getDumpFile, listDumpFiles } from "~/queries/open-data-dumps.server";

/**
 * Where the dump files are kept, shared by every instance (decision 071): a folder of DATA_DIR or the S3 bucket. The
 * server makes it from its storage configuration; declared here so that no service imports `server/`.
 */
export interface DumpStore {
  /** Stores a finished file (consumed: moved or copied away) under a fresh key, and returns the key. */
  put(file: string, size: number, mediaType: string): Promise<string>;
  /** The bytes under a key (a range of them when asked). */
  get(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
}

/**
 * How long a claim keeps other instances from generating: several times what 500,000 places take (about 100 s), and
 * short enough that an instance stopped mid-way holds the others back briefly. Should a slow generation outlive it,
 * a second instance makes a set too: wasted work, never a broken set (each swap is whole).
 */
export const DUMP_LEASE_MS = 15 * 60_000;
/** A replaced file stays this long for downloads that started before the swap. */
export const RETIRED_BLOB_GRACE_MS = 60 * 60_000;

/** Rows turned into text between two yields to the event loop: a few milliseconds of work at most. */
const SLICE_ROWS = 100;

type Written = { file: string; rows: number; bytes: number; sha256: string; gzipBytes: number };

/**
 * One dump file being written: its bytes go to the file, to its SHA-256 and to its gzip copy (`<file>.gz`, compressed
 * on libuv's threads) in the same pass, and every write waits when a stream asks to (backpressure), so memory stays
 * flat whatever the size of the directory.
 */
class DumpFileWriter {
  readonly file: string;
  private readonly out: fs.WriteStream;
  private readonly gzip = createGzip({ level: 6 });
  private readonly gzipped: Promise<void>;
  private readonly hash = createHash("sha256");
  private bytes = 0;
  rows = 0;

  constructor(file: string) {
    this.file = file;
    this.out = fs.createWriteStream(file);
    this.gzipped = pipeline(this.gzip, fs.createWriteStream(`${file}.gz`));
  }

  async write(text: string) {
    const chunk = Buffer.from(text);
    this.hash.update(chunk);
    this.bytes += chunk.length;
    const fileOk = this.out.write(chunk);
    const gzipOk = this.gzip.write(chunk);
    await Promise.all([fileOk ? null : once(this.out, "drain"), gzipOk ? null : once(this.gzip, "drain")]);
  }

  async close(): Promise<Written> {
    this.out.end();
    this.gzip.end();
    await Promise.all([once(this.out, "finish"), this.gzipped]);
    const gz = await fsp.stat(`${this.file}.gz`);
    return { file: this.file, rows: this.rows, bytes: this.bytes, sha256: this.hash.digest("hex"), gzipBytes: gz.size };
  }

  /** Gives up: the streams are closed and the files left for the caller to remove. */
  destroy() {
    this.out.destroy();
    this.gzip.destroy();
  }
}

/** Each slice of a batch, with a turn of the event loop before the next: requests are served meanwhile. */
async function* slices<R>(batch: R[]): AsyncGenerator<R[]> {
  for (let i = 0; i < batch.length; i += SLICE_ROWS) {
    yield batch.slice(i, i + SLICE_ROWS);
    await yieldToEventLoop();
  }
}

/** The columns' names as the CSV's header row. */
function csvHeader<R>(table: DumpTable<R>): string {
  return stringify([table.fields.map((f) => f.name)]);
}

/** Writes the files of `writers` from `fill`, closing them all, or destroying them all when it fails. */
async function writeAll<K extends string>(
  writers: Record<K, DumpFileWriter>,
  fill: () => Promise<void>,
): Promise<Record<K, Written>> {
  try {
    await fill();
  } catch (err) {
    for (const w of Object.values<DumpFileWriter>(writers)) w.destroy();
    throw err;
  }
  const entries = Object.entries<DumpFileWriter>(writers);
  const closed = await Promise.all(entries.map(([, w]) => w.close()));
  return Object.fromEntries(entries.map(([k], i) => [k, closed[i]])) as Record<K, Written>;
}

/** One table as CSV, a batch at a time (RFC 4180, UTF-8, a header row, empty for a missing value). */
async function writeCsv<R>(db: Services["db"], table: DumpTable<R>, ctx: DumpContext, file: string): Promise<Written> {
  const csv = new DumpFileWriter(file);
  const { csv: written } = await writeAll({ csv }, async () => {
    await csv.write(csvHeader(table));
    for await (const batch of table.batches(db)) {
      for await (const slice of slices(batch)) {
        await csv.write(stringify(slice.map((r) => rowValues(table, r, ctx))));
        csv.rows += slice.length;
      }
    }
  });
  return written;
}

/** A place as a GeoJSON Feature: [lon, lat] with at most 6 decimals, its columns as properties. */
function placeFeature(row: Parameters<(typeof PLACES.fields)[number]["value"]>[0], ctx: DumpContext) {
  const properties: Record<string, string | number | null> = {};
  for (const f of PLACES.fields) {
    if (f.name === "id" || f.name === "latitude" || f.name === "longitude") continue;
    properties[f.name] = f.value(row, ctx);
  }
  const lon = coordinate(row.longitude);
  const lat = coordinate(row.latitude);
  return {
    type: "Feature",
    id: row.id,
    geometry: lon === null || lat === null ? null : { type: "Point", coordinates: [lon, lat] },
    properties,
  };
}

/** Places three ways in one pass over the table: GeoJSON, NDJSON (one Feature a line) and CSV. */
function writePlaces(
  db: Services["db"],
  ctx: DumpContext,
  dir: string,
  terms: { license: string; attribution: string },
): Promise<Record<"places.geojson" | "places.ndjson" | "places.csv", Written>> {
  const writers = {
    "places.geojson": new DumpFileWriter(path.join(dir, "places.geojson")),
    "places.ndjson": new DumpFileWriter(path.join(dir, "places.ndjson")),
    "places.csv": new DumpFileWriter(path.join(dir, "places.csv")),
  };
  const { "places.geojson": geojson, "places.ndjson": ndjson, "places.csv": csv } = writers;
  return writeAll(writers, async () => {
    // Foreign members (RFC 7946 section 6.1) carry the licence and the credit with the data.
    await geojson.write(
      `{"type":"FeatureCollection","license":${JSON.stringify(terms.license)},"attribution":${JSON.stringify(terms.attribution)},"features":[\n`,
    );
    await csv.write(csvHeader(PLACES));
    for await (const batch of PLACES.batches(db)) {
      for await (const slice of slices(batch)) {
        const lines = slice.map((r) => JSON.stringify(placeFeature(r, ctx)));
        await geojson.write((geojson.rows === 0 ? "" : ",\n") + lines.join(",\n"));
        await ndjson.write(`${lines.join("\n")}\n`);
        await csv.write(stringify(slice.map((r) => rowValues(PLACES, r, ctx))));
        for (const w of [geojson, ndjson, csv]) w.rows += slice.length;
      }
    }
    await geojson.write("\n]}\n");
  });
}

type Described = { name: DumpFileName; rows: number; bytes: number; sha256: string; gzipBytes: number; file: string };

/**
 * The Frictionless Data Package (https://specs.frictionlessdata.io/data-package/) describing every file: the CSV
 * files as tabular resources with their Table Schema, the GeoJSON ones as plain resources; each with its bytes, its
 * hash and its row count, so a mirror can check what it downloaded.
 */
export function dataPackage(opts: {
  siteUrl: string;
  generatedAt: Date;
  licence: { spdx: string; url: string; name: string };
  attribution: string;
  files: readonly Omit<Described, "file" | "gzipBytes">[];
}) {
  const generated = opts.generatedAt.toISOString();
  const byName = new Map(opts.files.map((f) => [f.name, f]));
  const stats = (name: DumpFileName) => {
    const f = byName.get(name);
    if (!f) throw new Error(`dump file ${name} missing`);
    return { bytes: f.bytes, hash: `sha256:${f.sha256}`, rows: f.rows, generated };
  };
  return {
    profile: "data-package",
    name: "permaculture-directory",
    title: `${SITE_NAME}: the directory's open data`,
    description: `Every published place, program, change-maker and resource of ${SITE_NAME}. E-mail addresses and phone numbers are left out.`,
    homepage: `${opts.siteUrl}/open-data`,
    version: generated,
    created: generated,
    licenses: [{ name: opts.licence.spdx, path: opts.licence.url, title: opts.licence.name }],
    attribution: opts.attribution,
    sources: [{ title: SITE_NAME, path: opts.siteUrl }],
    resources: [
      ...DUMP_TABLES.map((t) => ({
        name: t.name,
        title: t.title,
        path: `${t.name}.csv`,
        profile: "tabular-data-resource",
        format: "csv",
        mediatype: "text/csv",
        encoding: "utf-8",
        ...stats(`${t.name}.csv`),
        dialect: { delimiter: ",", header: true, doubleQuote: true, lineTerminator: "\n" },
        schema: {
          fields: t.fields.map((f) => ({
            name: f.name,
            type: f.type,
            description: f.description,
            // Times keep their milliseconds (RFC 3339, as the API gives them), which the default format does not take.
            ...(f.format ? { format: f.format } : f.type === "datetime" ? { format: "any" } : {}),
            ...(f.required ? { constraints: { required: true, ...(f.name === "id" ? { unique: true } : {}) } } : {}),
          })),
          primaryKey: ["id"],
          missingValues: [""],
          // A program's place is a row of places.csv (only published places are named).
          ...(t.name === "programs"
            ? { foreignKeys: [{ fields: ["place_id"], reference: { resource: "places", fields: ["id"] } }] }
            : {}),
        },
      })),
      {
        name: "places-geojson",
        title: "Places (GeoJSON)",
        path: "places.geojson",
        profile: "data-resource",
        format: "geojson",
        mediatype: "application/geo+json",
        encoding: "utf-8",
        ...stats("places.geojson"),
      },
      {
        name: "places-ndjson",
        title: "Places (one GeoJSON Feature a line)",
        path: "places.ndjson",
        profile: "data-resource",
        format: "ndjson",
        mediatype: "application/x-ndjson",
        encoding: "utf-8",
        ...stats("places.ndjson"),
      },
    ],
  };
}

/**
 * Writes every dump file into `dir` (which must exist): the four tables, the places as GeoJSON and NDJSON, each
 * with a gzip copy, and datapackage.json last, describing them. Reads in batches and yields to the event loop
 * between them, so requests are served meanwhile and memory stays flat whatever the size of the directory.
 */
export async function writeDumpFiles(
  services: Pick<Services, "db" | "bus" | "config">,
  dir: string,
  generatedAt: Date,
): Promise<Described[]> {
  const { db } = services;
  const siteUrl = services.config.siteUrl;
  const ref = await loadReferenceData(services);
  const general = await getGeneralSettings(db);
  const { licence, attribution } = dataTerms(general, SITE_NAME);
  const ctx: DumpContext = { siteUrl, ref };
  const written: Partial<Record<DumpFileName, Written>> = {
    ...(await writePlaces(db, ctx, dir, { license: licence.url, attribution })),
  };
  for (const table of DUMP_TABLES) {
    if (table === PLACES) continue;
    written[`${table.name}.csv`] = await writeCsv(
      db,
      table as DumpTable<unknown>,
      ctx,
      path.join(dir, `${table.name}.csv`),
    );
  }
  const described: Described[] = DUMP_FILES.flatMap((f) => {
    if (f.name === "datapackage.json") return [];
    const w = written[f.name];
    if (!w) throw new Error(`dump file ${f.name} was not written`);
    return [{ ...w, name: f.name }];
  });
  const pkg = dataPackage({ siteUrl, generatedAt, licence, attribution, files: described });
  const pkgWriter = new DumpFileWriter(path.join(dir, "datapackage.json"));
  const { pkg: pkgWritten } = await writeAll({ pkg: pkgWriter }, () =>
    pkgWriter.write(`${JSON.stringify(pkg, null, 2)}\n`),
  );
  described.push({ ...pkgWritten, name: "datapackage.json" });
  return described;
}

/**
 * Generates the dumps when they are due and no other instance is at it (decision 071): claims the lease, writes the
 * files into a folder of its own under `workDir`, stores them and their gzip copies, then swaps the whole set in at
 * once. Files of a set replaced over an hour ago are deleted. Returns whether this call generated.
 */
export async function generateDumpsIfDue(
  services: Pick<Services, "db" | "bus" | "config" | "logger">,
  store: DumpStore,
  opts: { intervalMs: number; workDir: string; now?: () => Date },
): Promise<{ generated: boolean; files?: number; rows?: Record<string, number> }> {
  const { db } = services;
  await deleteRetiredBlobs(services, store, (opts.now?.() ?? new Date()).getTime());
  if (!(await claimDumpLease(db, opts.intervalMs, DUMP_LEASE_MS))) return { generated: false };
  await fsp.mkdir(opts.workDir, { recursive: true });
  const dir = await fsp.mkdtemp(path.join(opts.workDir, "dump-"));
  const stored: string[] = [];
  try {
    const generatedAt = opts.now?.() ?? new Date();
    const files = await writeDumpFiles(services, dir, generatedAt);
    const rows: DumpFileRow[] = [];
    for (const f of files) {
      const mediaType = DUMP_FILES.find((d) => d.name === f.name)?.mediaType ?? "application/octet-stream";
      const blobKey = await store.put(f.file, f.bytes, mediaType);
      stored.push(blobKey);
      const gzipKey = await store.put(`${f.file}.gz`, f.gzipBytes, "application/gzip");
      stored.push(gzipKey);
      rows.push({
        name: f.name,
        blobKey,
        gzipKey,
        mediaType,
        bytes: f.bytes,
        gzipBytes: f.gzipBytes,
        sha256: f.sha256,
        rows: f.rows,
        generatedAt,
      });
    }
    await swapDumpFiles(db, rows, generatedAt);
    return { generated: true, files: rows.length, rows: Object.fromEntries(files.map((f) => [f.name, f.rows])) };
  } catch (err) {
    await Promise.all(stored.map((k) => store.delete(k).catch(() => {})));
    await releaseDumpLease(db).catch(() => {});
    throw err;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** Deletes the blobs of sets replaced long enough ago that no download still reads them. */
async function deleteRetiredBlobs(services: Pick<Services, "db" | "logger">, store: DumpStore, nowMs: number) {
  const keys = await listRetiredDumpBlobs(services.db, new Date(nowMs - RETIRED_BLOB_GRACE_MS));
  const gone: string[] = [];
  for (const key of keys) {
    try {
      await store.delete(key);
      gone.push(key);
    } catch (err) {
      services.logger.warn({ err, key }, "a replaced dump file could not be deleted");
    }
  }
  await forgetRetiredDumpBlobs(services.db, gone);
}
