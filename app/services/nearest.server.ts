import type { Database } from "~db/client";
import { parseLocationQuery, resolveLocationFilters } from "../lib/filters";
import type { Point } from "../queries/distance.server";
import { type NearestLocation, nearestLocations } from "../queries/locations.server";
import { loadReferenceData } from "../queries/reference.server";

/** How many places "Near me" names: enough to choose from, few enough to read on a phone. */
export const NEAR_ME_COUNT = 8;

/**
 * The places nearest to a visitor's position that the map's filters let through (the same parameters as
 * /locations; ones that do not parse are ignored, as there).
 */
export async function findNearestPlaces(
  services: { db: Database },
  from: Point,
  filterParams: URLSearchParams,
): Promise<NearestLocation[]> {
  const query = parseLocationQuery(filterParams);
  const hasFilters = Boolean(query.region || query.subRegion || query.focus || query.country || query.q);
  const filters = hasFilters ? resolveLocationFilters(query, await loadReferenceData(services.db)) : {};
  return nearestLocations(services.db, from, filters, NEAR_ME_COUNT);
}
