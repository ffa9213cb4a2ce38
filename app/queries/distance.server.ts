import { and, type SQL, sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import { locations } from "~db/schema";
import { EARTH_RADIUS_KM } from "../lib/geo";
import { parseSearch } from "../lib/search-query";
import { tsquerySql } from "./search.server";
import { publishedSql } from "./sql-helpers.server";

export type Point = { lat: number; lng: number };

/**
 * The great-circle distance in kilometres from a point to each location (haversine, as `distanceKm` in lib/geo.ts):
 * the one distance the search sort, the "within" filter and "Near me" use.
 */
export function distanceKmSql(from: Point): SQL<number> {
  // least() skips NULLs, so a place without a position is handled first: it has no distance.
  return sql<number>`(CASE WHEN ${locations.latitude} IS NULL OR ${locations.longitude} IS NULL THEN NULL
    ELSE 2 * ${EARTH_RADIUS_KM} * asin(least(1, sqrt(
      power(sin(radians(${locations.latitude} - ${from.lat}) / 2), 2)
      + cos(radians(${from.lat})) * cos(radians(${locations.latitude}))
        * power(sin(radians(${locations.longitude} - ${from.lng}) / 2), 2)))) END)`;
}

/** Locations within `km` of a point: a box first (cheap, index-friendly), then the exact distance. */
export function withinKmSql(from: Point, km: number): SQL {
  const dLat = km / 111.2;
  const dLng =
    Math.abs(Math.cos((from.lat * Math.PI) / 180)) < 1e-6 ? 180 : dLat / Math.cos((from.lat * Math.PI) / 180);
  const box = and(
    sql`${locations.latitude} BETWEEN ${from.lat - dLat} AND ${from.lat + dLat}`,
    Math.abs(dLng) >= 180
      ? sql`true`
      : sql`${locations.longitude} BETWEEN ${from.lng - Math.abs(dLng)} AND ${from.lng + Math.abs(dLng)}`,
  ) as SQL;
  return and(sql`${locations.latitude} IS NOT NULL`, box, sql`${distanceKmSql(from)} <= ${km}`) as SQL;
}

/**
 * A place the directory knows, by what a visitor typed: a town where locations are (their city), else a location
 * by name. Returns its position and the name to show, or null.
 */
export async function resolvePlace(db: Executor, typed: string): Promise<(Point & { label: string }) | null> {
  const [town] = await db
    .select({
      lat: sql<number>`avg(${locations.latitude})`,
      lng: sql<number>`avg(${locations.longitude})`,
      label: sql<string>`min(${locations.contactCity}) || ', ' || min(${locations.country})`,
    })
    .from(locations)
    .where(
      and(
        sql`search_fold(${locations.contactCity}) = search_fold(${typed})`,
        sql`${locations.latitude} IS NOT NULL AND ${locations.longitude} IS NOT NULL`,
        publishedSql(locations.status),
      ),
    )
    .groupBy(sql`search_fold(${locations.contactCity})`)
    .limit(1);
  if (town && town.lat !== null) return { lat: Number(town.lat), lng: Number(town.lng), label: town.label };
  const parsed = parseSearch(typed);
  if (!parsed.ok) return null;
  const [place] = await db
    .select({ lat: locations.latitude, lng: locations.longitude, label: locations.name })
    .from(locations)
    .where(
      and(
        sql`search_vector @@ ${tsquerySql(parsed.terms, "A")}`,
        sql`${locations.latitude} IS NOT NULL AND ${locations.longitude} IS NOT NULL`,
        publishedSql(locations.status),
      ),
    )
    .orderBy(sql`(search_name = search_fold(${parsed.text})) DESC`, locations.name)
    .limit(1);
  return place && place.lat !== null && place.lng !== null
    ? { lat: place.lat, lng: place.lng, label: place.label }
    : null;
}
