import { parseLocationQuery, resolveLocationFilters } from "~/lib/filters";
import type { Language } from "~/lib/i18n/languages";
import type { Point } from "~/queries/distance.server";
import {
  type NearbyLocation,
  type NearestLocation,
  nearbyLocations,
  nearestLocations,
} from "~/queries/locations.server";
import type { Services } from "../services.server";
import { loadReferenceData } from "../site/reference.server";
import { resolvePlace } from "./distance.server";

/** How many places "Near me" names: enough to choose from, few enough to read on a phone. */
export const NEAR_ME_COUNT = 8;

/**
 * The places nearest to a visitor's position that the map's filters let through (the same parameters as
 * /locations; ones that do not parse are ignored, as there).
 */
export async function findNearestPlaces(
  services: Pick<Services, "db" | "bus">,
  from: Point,
  filterParams: URLSearchParams,
): Promise<NearestLocation[]> {
  const query = parseLocationQuery(filterParams);
  const hasFilters = Boolean(query.region || query.subRegion || query.focus || query.country || query.q);
  const filters = hasFilters ? resolveLocationFilters(query, await loadReferenceData(services)) : {};
  return nearestLocations(services.db, from, filters, NEAR_ME_COUNT);
}

/**
 * The places nearest to a town or place a visitor typed (see resolvePlace: any town of the built-in list, in any of
 * the site's languages), with where that is and its name in the page's language; null when nothing is known by it.
 */
export async function findNearestPlacesTo(
  services: Pick<Services, "db" | "bus">,
  typed: string,
  filterParams: URLSearchParams,
  lang: Language,
): Promise<{ origin: Point & { label: string }; places: NearestLocation[] } | null> {
  const origin = await resolvePlace(services, typed, lang);
  if (!origin) return null;
  return { origin, places: await findNearestPlaces(services, origin, filterParams) };
}

/** How many neighbours a place page names, and how far a neighbour may be. */
export const NEARBY_COUNT = 4;
export const NEARBY_MAX_KM = 500;

/**
 * A place page's neighbours: the published places nearest to it, itself left out, within NEARBY_MAX_KM, by the
 * search's own distance (decision 029).
 */
export function findNearbyPlaces(
  services: Pick<Services, "db">,
  place: Point & { id: string },
): Promise<NearbyLocation[]> {
  return nearbyLocations(services.db, place, NEARBY_COUNT, NEARBY_MAX_KM);
}
