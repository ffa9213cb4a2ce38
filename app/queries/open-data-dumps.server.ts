import { and, asc, eq, gt, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
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

const placeColumns = {
  id: locations.id,
  name: locations.name,
  latitude: locations.latitude,
  longitude: locations.longitude,
  shortDescription: locations.shortDescription,
  longDescription: locations.longDescription,
  website: locations.website,
  country: locations.country,
  regionId: locations.regionId,
  regionName: locations.regionName,
  subRegionId: locations.subRegionId,
  address: locations.contactAddress,
  city: locations.contactCity,
  state: locations.contactState,
  postalCode: locations.contactZipCode,
  focusAreas: locations.focusAreas,
  imageUrl: locations.originalImageUrl,
  markerType: locations.markerType,
  language: locations.language,
  createdAt: locations.createdAt,
  updatedAt: locations.updatedAt,
};

const programColumns = {
  id: programs.id,
  name: programs.name,
  summary: programs.summary,
  description: programs.description,
  // A program's place only when that place is published: an unpublished place's id is not public.
  placeId: sql<
    string | null
  >`(select l.id from ${locations} l where l.id = ${programs.locationId} and ${publishedSql(sql`l.status`)})`,
  startDate: programs.startDate,
  endDate: programs.endDate,
  format: programs.format,
  priceCents: programs.priceCents,
  currency: programs.currency,
  educators: programs.educators,
  applicationUrl: programs.applicationUrl,
  capacity: programs.capacity,
  focusAreas: programs.focusAreas,
  instructionLanguages: programs.instructionLanguages,
  imageUrl: programs.imageUrl,
  language: programs.language,
  createdAt: programs.createdAt,
  updatedAt: programs.updatedAt,
};

const changeMakerColumns = {
  id: changeMakers.id,
  name: changeMakers.name,
  role: changeMakers.role,
  bio: changeMakers.bio,
  country: changeMakers.country,
  photoUrl: changeMakers.photoUrl,
  links: changeMakers.links,
  relatedPlaceIds: sql<
    string[]
  >`array(select l.id from ${locations} l where l.id = any(${changeMakers.relatedLocationIds}) and ${publishedSql(sql`l.status`)} order by l.id)`,
  focusAreas: changeMakers.focusAreas,
  language: changeMakers.language,
  createdAt: changeMakers.createdAt,
  updatedAt: changeMakers.updatedAt,
};

const resourceColumns = {
  id: resources.id,
  title: resources.title,
  type: resources.type,
  url: resources.url,
  description: resources.description,
  author: resources.author,
  imageUrl: resources.imageUrl,
  focusAreas: resources.focusAreas,
  language: resources.language,
  createdAt: resources.createdAt,
  updatedAt: resources.updatedAt,
};

/** Published rows after the last id seen (keyset paging in id order, never an offset). */
function publishedAfter(table: { id: AnyPgColumn; status: AnyPgColumn }, after: string | null): SQL | undefined {
  return after ? and(publishedSql(table.status), gt(table.id, after)) : publishedSql(table.status);
}

/** Every row `read` gives, a batch at a time, each read starting after the last id of the one before. */
async function* inIdOrder<R extends { id: string }>(
  read: (after: string | null) => Promise<R[]>,
  batch: number,
): AsyncGenerator<R[]> {
  let after: string | null = null;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    after = (rows[rows.length - 1] as R).id;
  }
}

/** The published places in id order, a batch at a time. */
export function dumpPlaceBatches(db: Executor, batch = DUMP_BATCH_ROWS) {
  return inIdOrder(
    (after) =>
      db
        .select(placeColumns)
        .from(locations)
        .where(publishedAfter(locations, after))
        .orderBy(asc(locations.id))
        .limit(batch),
    batch,
  );
}

/** The published programs in id order, a batch at a time. */
export function dumpProgramBatches(db: Executor, batch = DUMP_BATCH_ROWS) {
  return inIdOrder(
    (after) =>
      db
        .select(programColumns)
        .from(programs)
        .where(publishedAfter(programs, after))
        .orderBy(asc(programs.id))
        .limit(batch),
    batch,
  );
}

/** The published change-makers in id order, a batch at a time. */
export function dumpChangeMakerBatches(db: Executor, batch = DUMP_BATCH_ROWS) {
  return inIdOrder(
    (after) =>
      db
        .select(changeMakerColumns)
        .from(changeMakers)
        .where(publishedAfter(changeMakers, after))
        .orderBy(asc(changeMakers.id))
        .limit(batch),
    batch,
  );
}

/** The published resources in id order, a batch at a time. */
export function dumpResourceBatches(db: Executor, batch = DUMP_BATCH_ROWS) {
  return inIdOrder(
    (after) =>
      db
        .select(resourceColumns)
        .from(resources)
        .where(publishedAfter(resources, after))
        .orderBy(asc(resources.id))
        .limit(batch),
    batch,
  );
}

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
