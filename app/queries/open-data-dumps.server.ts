import { and, asc, eq, getTableColumns, gt, inArray, lt, or, type SQL, sql, type Table } from "drizzle-orm";
import type { AnyPgColumn, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Executor } from "~db/client";
import {
  changeMakers,
  dataDumpFiles,
  dataDumpRetiredBlobs,
  dataDumpState,
  locations,
  programs,
  resources,
} from "~db/schema";
import { publishedSql } from "./sql-helpers.server";

/*
 * The rows of the open-data dumps (decision 071) and the table that says which dump files are current. Only
 * published entries, and only their public columns: no e-mail address and no phone number is ever selected.
 * One small module on purpose, so the dumps can later read through the read API's queries instead.
 */

/** How many rows one read takes: a few MB at most, whatever the size of the directory. */
export const DUMP_BATCH_ROWS = 2000;

/** Named columns of a table: an allow-list, so a column added later reaches the dumps only when named here. */
function columnsOf<T extends Table, K extends keyof T["_"]["columns"] & string>(
  table: T,
  names: readonly K[],
): Pick<T["_"]["columns"], K> {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((n) => [n, all[n]])) as Pick<T["_"]["columns"], K>;
}

const ENTRY_TAIL = ["focusAreas", "language", "createdAt", "updatedAt"] as const;

const placeColumns = {
  ...columnsOf(locations, [
    "id",
    "name",
    "latitude",
    "longitude",
    "shortDescription",
    "longDescription",
    "website",
    "country",
    "regionId",
    "regionName",
    "subRegionId",
    "markerType",
    ...ENTRY_TAIL,
  ]),
  // The postal address, as the place's page shows it; never its e-mail address or phone number.
  address: locations.contactAddress,
  city: locations.contactCity,
  state: locations.contactState,
  postalCode: locations.contactZipCode,
  imageUrl: locations.originalImageUrl,
};

/** Ids of published places only: an unpublished place's id is not public. */
const publishedPlaceIds = (ids: SQL | AnyPgColumn) =>
  sql<
    string[]
  >`array(select l.id from ${locations} l where l.id = any(${ids}) and ${publishedSql(sql`l.status`)} order by l.id)`;

const programColumns = {
  ...columnsOf(programs, [
    "id",
    "name",
    "summary",
    "description",
    "startDate",
    "endDate",
    "format",
    "priceCents",
    "currency",
    "educators",
    "applicationUrl",
    "capacity",
    "instructionLanguages",
    "imageUrl",
    ...ENTRY_TAIL,
  ]),
  /** Its place (none, or one) when that place is published. */
  placeIds: publishedPlaceIds(sql`array[${programs.locationId}]`),
};

const changeMakerColumns = {
  ...columnsOf(changeMakers, ["id", "name", "role", "bio", "country", "photoUrl", "links", ...ENTRY_TAIL]),
  relatedPlaceIds: publishedPlaceIds(changeMakers.relatedLocationIds),
};

const resourceColumns = columnsOf(resources, [
  "id",
  "title",
  "type",
  "url",
  "description",
  "author",
  "imageUrl",
  ...ENTRY_TAIL,
]);

/** Every published row of a table, a batch at a time in id order, each read after the last id seen (no offset). */
function publishedBatches<C extends SelectedFields>(
  table: typeof locations | typeof programs | typeof changeMakers | typeof resources,
  columns: C,
) {
  return async function* (db: Executor, batch = DUMP_BATCH_ROWS): AsyncGenerator<SelectResultFields<C>[]> {
    let after: string | null = null;
    for (;;) {
      const where = after ? and(publishedSql(table.status), gt(table.id, after)) : publishedSql(table.status);
      const rows = (await db
        .select(columns as SelectedFields)
        .from(table)
        .where(where)
        .orderBy(asc(table.id))
        .limit(batch)) as unknown as (SelectResultFields<C> & { id: string })[];
      if (rows.length > 0) yield rows;
      if (rows.length < batch) return;
      after = (rows[rows.length - 1] as { id: string }).id;
    }
  };
}

/** The published places in id order, a batch at a time. */
export const dumpPlaceBatches = publishedBatches(locations, placeColumns);
/** The published programs in id order, a batch at a time. */
export const dumpProgramBatches = publishedBatches(programs, programColumns);
/** The published change-makers in id order, a batch at a time. */
export const dumpChangeMakerBatches = publishedBatches(changeMakers, changeMakerColumns);
/** The published resources in id order, a batch at a time. */
export const dumpResourceBatches = publishedBatches(resources, resourceColumns);

type BatchOf<F extends (db: Executor) => AsyncGenerator<unknown[]>> = F extends (
  db: Executor,
) => AsyncGenerator<(infer R)[]>
  ? R
  : never;
export type DumpPlaceRow = BatchOf<typeof dumpPlaceBatches>;
export type DumpProgramRow = BatchOf<typeof dumpProgramBatches>;
export type DumpChangeMakerRow = BatchOf<typeof dumpChangeMakerBatches>;
export type DumpResourceRow = BatchOf<typeof dumpResourceBatches>;

// ---------------------------------------------------------------------------
// Which files are current, and who generates the next set
// ---------------------------------------------------------------------------

export type DumpFileRow = typeof dataDumpFiles.$inferSelect;

/** The current dump files (none before the first generation finished). */
export function listDumpFiles(db: Executor): Promise<DumpFileRow[]> {
  return db.select().from(dataDumpFiles).orderBy(asc(dataDumpFiles.name));
}

/** One current dump file by its name, or null. */
export async function getDumpFile(db: Executor, name: string): Promise<DumpFileRow | null> {
  const [row] = await db.select().from(dataDumpFiles).where(eq(dataDumpFiles.name, name)).limit(1);
  return row ?? null;
}

/**
 * Claims the right to generate: true for exactly one caller across instances when the last set is older than
 * `intervalMs` (or there is none) and no other instance holds an unexpired lease. The lease outlives a generation
 * by far, and runs out by itself when the instance that held it died.
 */
export async function claimDumpLease(db: Executor, intervalMs: number, leaseMs: number): Promise<boolean> {
  await db.insert(dataDumpState).values({ id: 1 }).onConflictDoNothing();
  const due = or(
    sql`${dataDumpState.generatedAt} is null`,
    lt(dataDumpState.generatedAt, sql`now() - make_interval(secs => ${intervalMs / 1000})`),
  );
  const free = or(sql`${dataDumpState.leaseUntil} is null`, lt(dataDumpState.leaseUntil, sql`now()`));
  const claimed = await db
    .update(dataDumpState)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(and(eq(dataDumpState.id, 1), due, free))
    .returning({ id: dataDumpState.id });
  return claimed.length === 1;
}

/** Gives the lease back without a new set (the generation failed): the next due check may try again. */
export async function releaseDumpLease(db: Executor) {
  await db.update(dataDumpState).set({ leaseUntil: null }).where(eq(dataDumpState.id, 1));
}

/**
 * Puts a new set of files in place of the old one, in one transaction: every instance serves either the whole old
 * set or the whole new one. The replaced blobs are listed for deletion later (a download may still be reading them).
 */
export async function swapDumpFiles(db: Executor, files: readonly DumpFileRow[], generatedAt: Date) {
  await db.transaction(async (tx) => {
    const old = await tx.select({ blobKey: dataDumpFiles.blobKey, gzipKey: dataDumpFiles.gzipKey }).from(dataDumpFiles);
    const retired = old.flatMap((r) => [r.blobKey, r.gzipKey]);
    if (retired.length > 0)
      await tx
        .insert(dataDumpRetiredBlobs)
        .values(retired.map((blobKey) => ({ blobKey })))
        .onConflictDoNothing();
    await tx.delete(dataDumpFiles);
    if (files.length > 0) await tx.insert(dataDumpFiles).values([...files]);
    await tx.update(dataDumpState).set({ generatedAt, leaseUntil: null }).where(eq(dataDumpState.id, 1));
  });
}

/** Blobs replaced before `before`: nothing reads them any more. */
export async function listRetiredDumpBlobs(db: Executor, before: Date): Promise<string[]> {
  const rows = await db
    .select({ blobKey: dataDumpRetiredBlobs.blobKey })
    .from(dataDumpRetiredBlobs)
    .where(lt(dataDumpRetiredBlobs.retiredAt, before));
  return rows.map((r) => r.blobKey);
}

/** Forgets retired blobs once they are deleted. */
export async function forgetRetiredDumpBlobs(db: Executor, keys: readonly string[]) {
  if (keys.length === 0) return;
  await db.delete(dataDumpRetiredBlobs).where(inArray(dataDumpRetiredBlobs.blobKey, [...keys]));
}

/** When the current set was generated, or null before the first. */
export async function getDumpGeneratedAt(db: Executor): Promise<Date | null> {
  const [row] = await db.select({ at: dataDumpState.generatedAt }).from(dataDumpState).where(eq(dataDumpState.id, 1));
  return row?.at ?? null;
}
