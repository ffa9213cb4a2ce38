import { countLocationsMatching, type LocationFilters, listLocationCountries } from "~/queries/locations.server";
import { contentCache } from "../entries/content-cache.server";
import type { Services } from "../services.server";

const countries = contentCache<string[]>(["locations"], 1);
const totals = contentCache<number>(["locations"], 1000);

/**
 * The countries that have places (the country filter of /locations and /map), read once and kept until locations
 * change. Reading it was a scan of every location on each request (132 ms at 500,000).
 */
export function getLocationCountries(services: Pick<Services, "db" | "bus">): Promise<string[]> {
  return countries(services, "all", () => listLocationCountries(services.db));
}

/**
 * How many locations a list filter gives (region, sub-region, focus area, country), kept until locations change: the
 * unfiltered total was a count of every row on each request (55 ms at 500,000; decision 019). Filters with words or
 * a distance are not kept (too many combinations, and bounded by their matches): undefined, and the caller counts.
 */
export function getLocationTotal(
  services: Pick<Services, "db" | "bus">,
  filters: LocationFilters,
): Promise<number> | undefined {
  if (filters.q || filters.contains || filters.near || filters.withinKm) return undefined;
  const key = JSON.stringify([
    filters.regionId ?? "",
    filters.subRegionId ?? "",
    filters.focusAreaId ?? "",
    filters.country ?? "",
    filters.onMap ? 1 : 0,
  ]);
  return totals(services, key, () => countLocationsMatching(services.db, filters));
}
