import { and, asc, gt, isNotNull } from "drizzle-orm";
import type { Executor } from "~db/client";
import { locations } from "~db/schema";
import { type LocationFilters, locationFilterSql, prepareLocationFilters } from "./locations.server";
import { publishedSql } from "./sql-helpers.server";

export type LocatedRow = {
  id: string;
  name: string;
  country: string;
  markerType: string;
  lat: number | null;
  lng: number | null;
};

/** One page of the published places with coordinates, in id order after `afterId` (keyset pagination on the primary key). */
export function readLocatedPage(db: Executor, afterId: string | null, limit: number): Promise<LocatedRow[]> {
  const located = and(isNotNull(locations.latitude), isNotNull(locations.longitude), publishedSql(locations.status));
  return db
    .select({
      id: locations.id,
      name: locations.name,
      country: locations.country,
      markerType: locations.markerType,
      lat: locations.latitude,
      lng: locations.longitude,
    })
    .from(locations)
    .where(afterId === null ? located : and(located, gt(locations.id, afterId)))
    .orderBy(asc(locations.id))
    .limit(limit);
}

/** The ids of the places a /locations filter keeps (the same SQL as the list). */
export async function matchingLocationIds(db: Executor, filters: LocationFilters): Promise<string[]> {
  const prepared = await prepareLocationFilters(db, filters);
  const rows = await db.select({ id: locations.id }).from(locations).where(locationFilterSql(prepared));
  return rows.map((r) => r.id);
}
