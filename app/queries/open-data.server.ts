/**
 * The open data's reads (decision 069): pages of each public collection by id, the changes since a time in change
 * order with the tombstones of what left, and the horizon below which every change is committed and visible.
 */
import { and, asc, eq, gt, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "~db/client";
import { changeMakers, locations, openDataTombstones, podcastEpisodes, programs, resources } from "~db/schema";
import { type LocationFilters, locationFilterSql, prepareLocationFilters } from "./locations.server";
import { searchOrderSql } from "./search.server";
import { publishedSql, rowsOf } from "./sql-helpers.server";

/** The collections whose entries can be created, changed and removed, by their names in the open data. */
export const OPEN_DATA_TABLES = {
  place: locations,
  program: programs,
  "change-maker": changeMakers,
  resource: resources,
  episode: podcastEpisodes,
} as const;
export type OpenDataKind = keyof typeof OPEN_DATA_TABLES;
export type OpenDataRow<K extends OpenDataKind> = (typeof OPEN_DATA_TABLES)[K]["$inferSelect"];

/** A tombstone as the changes list it: the entry's id, when it left, and the entry it was merged into. */
export type Tombstone = { id: string; deletedAt: Date; mergedInto: string | null };

/** One change, in change order: an entry's row as it is now, or its tombstone. */
export type OpenDataChange<K extends OpenDataKind> =
  | { deleted: false; at: Date; row: OpenDataRow<K> }
  | ({ deleted: true; at: Date } & Tombstone);

/** The key of a change: its time and its id. */
export type ChangeKey = { at: Date; id: string };

/**
 * How long after a change it is listed at the earliest: covers the moment between a transaction taking its start time
 * and announcing it to the other sessions (decision 069).
 */
export const CHANGE_SAFETY_LAG_MS = 1000;

function publicSql<K extends OpenDataKind>(kind: K): SQL | undefined {
  return kind === "episode" ? undefined : publishedSql((OPEN_DATA_TABLES[kind] as typeof locations).status);
}

/**
 * The time below which every change is committed and visible to a statement that starts after this one: now less
 * the safety lag, and no later than the start of the oldest transaction still open on this database (a transaction
 * stamps its rows with its start, `now()`, and they become visible only when it commits). Only client sessions count
 * (autovacuum's are not writing entries), and not the reader's own: call it outside a transaction.
 */
export async function readChangeHorizon(db: Executor): Promise<Date> {
  const [row] = rowsOf(
    await db.execute(sql`
      SELECT least(
        clock_timestamp() - make_interval(secs => ${CHANGE_SAFETY_LAG_MS / 1000}),
        (SELECT min(xact_start) FROM pg_stat_activity
          WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()
            AND xact_start IS NOT NULL)
      ) AS horizon
    `),
  );
  return new Date(String(row?.horizon));
}

/**
 * A page of a collection's public entries by id, after `afterId`, with the caller's extra condition (filters).
 * Keyset paging: an entry that exists unchanged during a walk is read exactly once, however many are written meanwhile.
 */
export async function pageEntriesById<K extends OpenDataKind>(
  db: Executor,
  kind: K,
  page: { afterId?: string; limit: number; where?: SQL },
): Promise<OpenDataRow<K>[]> {
  const table = OPEN_DATA_TABLES[kind] as typeof locations;
  const rows = await db
    .select()
    .from(table)
    .where(and(publicSql(kind), page.afterId ? gt(table.id, page.afterId) : undefined, page.where))
    .orderBy(asc(table.id))
    .limit(page.limit);
  return rows as OpenDataRow<K>[];
}

/** What the places' list may be narrowed by besides the site's own filters: a box and a set of focus areas. */
export type PlaceFilters = LocationFilters & {
  /** minLon, minLat, maxLon, maxLat; minLon > maxLon crosses the antimeridian. */
  bbox?: [number, number, number, number];
  /** Any of these focus areas (a category's). */
  anyFocusAreaIds?: string[];
};

/** The places' filters as a condition (published places only, as the site's filters always are). */
export function placeFilterSql(f: PlaceFilters): SQL | undefined {
  const conds: (SQL | undefined)[] = [locationFilterSql(f)];
  if (f.bbox) {
    const [minLon, minLat, maxLon, maxLat] = f.bbox;
    const lon =
      minLon <= maxLon
        ? sql`${locations.longitude} BETWEEN ${minLon} AND ${maxLon}`
        : sql`(${locations.longitude} >= ${minLon} OR ${locations.longitude} <= ${maxLon})`;
    conds.push(sql`${locations.latitude} BETWEEN ${minLat} AND ${maxLat} AND ${lon}`);
  }
  if (f.anyFocusAreaIds)
    conds.push(
      f.anyFocusAreaIds.length
        ? sql`${locations.focusAreas} && ARRAY[${sql.join(
            f.anyFocusAreaIds.map((id) => sql`${id}`),
            sql`, `,
          )}]::uuid[]`
        : sql`false`,
    );
  return and(...conds);
}

/** The programs' filters: overlapping a range of days (undated programs left out then) and held at a place. */
export function programFilterSql(f: { from?: string; to?: string; placeId?: string }): SQL | undefined {
  return and(
    f.from ? sql`coalesce(${programs.endDate}, ${programs.startDate}) >= ${f.from}::date` : undefined,
    f.to ? sql`${programs.startDate} <= ${f.to}::date` : undefined,
    f.placeId ? eq(programs.locationId, f.placeId) : undefined,
  );
}

/**
 * A page of the places matching search words (`q`) and the other filters, in the site's own search order (the same
 * matching and ranking as /search and /locations), from `offset`.
 */
export async function pageSearchedPlaces(
  db: Executor,
  filters: PlaceFilters,
  page: { offset: number; limit: number },
): Promise<OpenDataRow<"place">[]> {
  const prepared = { ...filters, ...(await prepareLocationFilters(db, filters)) };
  const order = prepared.search ? searchOrderSql("location", prepared.search, "locations").orderBy : undefined;
  return db
    .select()
    .from(locations)
    .where(placeFilterSql(prepared))
    .orderBy(...(order ? [order] : []), asc(locations.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** One public entry by id, or null (not there, or not public). */
export async function getPublicEntry<K extends OpenDataKind>(
  db: Executor,
  kind: K,
  id: string,
): Promise<OpenDataRow<K> | null> {
  const table = OPEN_DATA_TABLES[kind] as typeof locations;
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(table.id, id), publicSql(kind)))
    .limit(1);
  return (row as OpenDataRow<K> | undefined) ?? null;
}

/** The tombstone of an entry that left the open data, or null. */
export async function getTombstone(db: Executor, kind: OpenDataKind, id: string): Promise<Tombstone | null> {
  const [row] = await db
    .select({
      id: openDataTombstones.id,
      deletedAt: openDataTombstones.deletedAt,
      mergedInto: openDataTombstones.mergedInto,
    })
    .from(openDataTombstones)
    .where(and(eq(openDataTombstones.kind, kind), eq(openDataTombstones.id, id)))
    .limit(1);
  return row ?? null;
}

const keyAfter = (at: AnyPgColumn, id: AnyPgColumn, after: ChangeKey | undefined): SQL | undefined =>
  after ? sql`(${at}, ${id}) > (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined;

/**
 * The changes of a collection from `since` (inclusive) to `horizon` (exclusive), after the key `after`, in change
 * order (time, then id): public entries as they are now and the tombstones of those that left. Both lists are read in
 * one statement (one snapshot); the rows of the live ones are read after it, and an entry that changed or left in
 * between is listed again later, at its new time.
 */
export async function pageChanges<K extends OpenDataKind>(
  db: Executor,
  kind: K,
  page: { since: Date; horizon: Date; after?: ChangeKey; limit: number },
): Promise<OpenDataChange<K>[]> {
  const table = OPEN_DATA_TABLES[kind] as typeof locations;
  const t = openDataTombstones;
  const range = (at: AnyPgColumn) => sql`${at} >= ${page.since.toISOString()}::timestamptz
    AND ${at} < ${page.horizon.toISOString()}::timestamptz`;
  const liveWhere = and(publicSql(kind), range(table.changedAt), keyAfter(table.changedAt, table.id, page.after));
  const goneWhere = and(eq(t.kind, kind), range(t.deletedAt), keyAfter(t.deletedAt, t.id, page.after));
  const keys = rowsOf(
    await db.execute(sql`
      (SELECT ${table.id} AS id, ${table.changedAt} AS at, false AS deleted, NULL::uuid AS merged_into
        FROM ${table} WHERE ${liveWhere} ORDER BY ${table.changedAt}, ${table.id} LIMIT ${page.limit})
      UNION ALL
      (SELECT ${t.id}, ${t.deletedAt}, true, ${t.mergedInto}
        FROM ${t} WHERE ${goneWhere} ORDER BY ${t.deletedAt}, ${t.id} LIMIT ${page.limit})
      ORDER BY at, id
      LIMIT ${page.limit}
    `),
  );
  const liveIds = keys.filter((k) => k.deleted !== true).map((k) => String(k.id));
  const rows = liveIds.length
    ? ((await db
        .select()
        .from(table)
        .where(and(inArray(table.id, liveIds), publicSql(kind)))) as OpenDataRow<K>[])
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const changes: OpenDataChange<K>[] = [];
  for (const k of keys) {
    const id = String(k.id);
    const at = new Date(String(k.at));
    if (k.deleted === true) {
      changes.push({ deleted: true, at, id, deletedAt: at, mergedInto: k.merged_into ? String(k.merged_into) : null });
      continue;
    }
    const row = byId.get(id);
    // Changed again since the list was read: listed as it is now (its later change lists it again); gone: its
    // tombstone, later than the horizon, comes with a later page.
    if (row) changes.push({ deleted: false, at, row });
  }
  return changes;
}

/** Says which entry a merged one went into: its tombstone, written by the delete in the same transaction. */
export async function markMergedInto(db: Executor, kind: OpenDataKind, id: string, into: string): Promise<void> {
  await db
    .update(openDataTombstones)
    .set({ mergedInto: into })
    .where(and(eq(openDataTombstones.kind, kind), eq(openDataTombstones.id, id)));
}

/** Deletes tombstones older than `before` (the hourly maintenance keeps them 400 days); returns how many. */
export async function pruneTombstones(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(openDataTombstones)
    .where(lt(openDataTombstones.deletedAt, before))
    .returning({ id: openDataTombstones.id });
  return rows.length;
}
