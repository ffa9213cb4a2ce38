/**
 * OGC API – Features' reads (decision 073): which places and programs are features (those with a position: a place
 * that has one, a program held at such a place), how many match a request, the extents of each collection, and the
 * positions of programs' places. Pages are read with the open data's keyset (`pageEntriesById`).
 */
import { and, count, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import { locations, programs } from "~db/schema";
import { type OpenDataRow, placeFilterSql, programFilterSql } from "./open-data.server";
import { publishedSql, rowsOf } from "./sql-helpers.server";

/** minLon, minLat, maxLon, maxLat; minLon > maxLon crosses the antimeridian. */
type Box = [number, number, number, number];

/** The features' filters: a box (of the place's position) and, for programs, days their dates overlap. */
export type FeatureFilters = { bbox?: Box; from?: string; to?: string };

/** Published places with a position, in the box when one is given. */
export function placeFeatureSql(f: FeatureFilters): SQL | undefined {
  return placeFilterSql({ status: "published", onMap: true, bbox: f.bbox });
}

/** Published programs held at a published place with a position (in the box), overlapping the days given. */
export function programFeatureSql(f: FeatureFilters): SQL | undefined {
  const place = placeFeatureSql({ bbox: f.bbox });
  return and(
    publishedSql(programs.status),
    sql`EXISTS (SELECT 1 FROM ${locations} WHERE ${locations.id} = ${programs.locationId} AND ${place})`,
    programFilterSql({ from: f.from, to: f.to }),
  );
}

/** The condition a kind's features meet. */
export function featureSql(kind: "place" | "program", f: FeatureFilters): SQL | undefined {
  return kind === "place" ? placeFeatureSql(f) : programFeatureSql(f);
}

/** How many features of a kind match the filters (an OGC answer's `numberMatched`). */
export async function countFeatures(db: Executor, kind: "place" | "program", f: FeatureFilters): Promise<number> {
  const table = kind === "place" ? locations : programs;
  const [row] = await db.select({ n: count() }).from(table).where(featureSql(kind, f));
  return row?.n ?? 0;
}

/** A collection's extent: the box of its features' positions and, for programs, the first and last day. */
export type FeatureExtent = { bbox: Box | null; firstDay: string | null; lastDay: string | null };

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const day = (v: unknown) => (v === null || v === undefined ? null : String(v).slice(0, 10));

/** The extent of a kind's features (no box when there are none; no days for places, or for undated programs). */
export async function featureExtent(db: Executor, kind: "place" | "program"): Promise<FeatureExtent> {
  const positions =
    kind === "place"
      ? sql`SELECT ${locations.longitude} AS lon, ${locations.latitude} AS lat, NULL::date AS first, NULL::date AS last
          FROM ${locations} WHERE ${placeFeatureSql({})}`
      : sql`SELECT l.longitude AS lon, l.latitude AS lat, ${programs.startDate} AS first,
            coalesce(${programs.endDate}, ${programs.startDate}) AS last
          FROM ${programs} JOIN ${locations} l ON l.id = ${programs.locationId} WHERE ${programFeatureSql({})}`;
  const [row] = rowsOf(
    await db.execute(sql`
      SELECT min(lon) AS min_lon, min(lat) AS min_lat, max(lon) AS max_lon, max(lat) AS max_lat,
        min(first)::text AS first_day, max(last)::text AS last_day
      FROM (${positions}) AS f
    `),
  );
  const box = [num(row?.min_lon), num(row?.min_lat), num(row?.max_lon), num(row?.max_lat)];
  return {
    bbox: box.every((n) => n !== null) ? (box as Box) : null,
    firstDay: day(row?.first_day),
    lastDay: day(row?.last_day),
  };
}

/** The positions of these places, by id ([lon, lat]); places without one are left out. */
export async function placePositions(db: Executor, ids: string[]): Promise<Map<string, [number, number]>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: locations.id, lon: locations.longitude, lat: locations.latitude })
    .from(locations)
    .where(and(inArray(locations.id, ids), placeFeatureSql({})));
  return new Map(rows.flatMap((r) => (r.lon === null || r.lat === null ? [] : [[r.id, [r.lon, r.lat]] as const])));
}

/** One feature's row by id, or null (not there, not public, or without a position). */
export async function featureById<K extends "place" | "program">(
  db: Executor,
  kind: K,
  id: string,
): Promise<OpenDataRow<K> | null> {
  const table = kind === "place" ? locations : programs;
  const [row] = await db
    .select()
    .from(table as typeof locations)
    .where(and(sql`${table.id} = ${id}::uuid`, featureSql(kind, {})))
    .limit(1);
  return (row as OpenDataRow<K> | undefined) ?? null;
}
