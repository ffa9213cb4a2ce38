import { facetCountsForForm, locationFilterForm, parseLocationQuery, resolveLocationFilters } from "~/lib/filters";
import type { Language } from "~/lib/i18n/languages";
import {
  DEFAULT_VIEW_CENTER,
  DEFAULT_VIEW_ZOOM,
  fitZoom,
  latToUnitY,
  lngToUnitX,
  SNAPSHOT_SIZE,
  unitXToLng,
  unitYToLat,
} from "~/lib/map-geometry";
import { toQueryString } from "~/lib/query-string";
import { countryChoices as countryOptions } from "~/lib/reference-names";
import { locationFacetCounts } from "~/queries/locations.server";
import { getClusterStore, mapSnapshot, parseMapPosition } from "./clusters.server";
import { getLocationCountries } from "./location-countries.server";
import { loadReferenceNames } from "./reference.server";
import type { Services } from "./services.server";

/** A single place is shown at a town's scale, not as close as the map goes. */
const FOUND_MAX_ZOOM = 10;

/** The view that shows a box of places whole. */
function fitView([w, s, e, n]: [number, number, number, number]) {
  const x = (lngToUnitX(w) + lngToUnitX(e)) / 2;
  const y = (latToUnitY(s) + latToUnitY(n)) / 2;
  return {
    center: { lng: unitXToLng(x), lat: unitYToLat(y) },
    zoom: Math.min(FOUND_MAX_ZOOM, Math.floor(fitZoom([w, s, e, n], SNAPSHOT_SIZE.width, SNAPSHOT_SIZE.height, 0.1))),
  };
}

/**
 * The full-screen map's page: its first view drawn by the server (the place asked for in the address, the box of
 * what the words found, or the world), the filters' choices in the page's language, and, with words, how many
 * places on the map each choice would give.
 */
export async function loadMapPage(services: Services, params: URLSearchParams, lang: Language) {
  const { db } = services;
  const query = parseLocationQuery(params);
  const [ref, countries] = await Promise.all([loadReferenceNames(services, lang), getLocationCountries(services)]);
  const filters = resolveLocationFilters(query, ref);
  const position = parseMapPosition(params);
  const store = getClusterStore(services);
  // Words and no position asked for: the map moves to what was found.
  const found = filters.q && position.lat === undefined ? await store.bounds(filters) : null;
  const view = found
    ? { ...fitView(found), ...SNAPSHOT_SIZE }
    : {
        center:
          position.lat !== undefined && position.lng !== undefined
            ? { lat: position.lat, lng: position.lng }
            : DEFAULT_VIEW_CENTER,
        zoom: position.zoom ?? DEFAULT_VIEW_ZOOM,
        ...SNAPSHOT_SIZE,
      };
  const [snapshot, facets] = await Promise.all([
    mapSnapshot(store, view, filters),
    // With words, each choice says how many places on the map it would give.
    filters.q ? locationFacetCounts(db, { ...filters, onMap: true }) : null,
  ]);
  const {
    values,
    regions,
    subRegions,
    focusAreas,
    countries: countryChoices,
  } = locationFilterForm(filters, ref, countries);
  return {
    siteUrl: services.config.siteUrl,
    snapshot,
    values,
    filterQuery: toQueryString(values).replace(/^\?/, ""),
    regions,
    subRegions,
    focusAreas,
    countries: countryOptions(countryChoices, lang),
    counts: facets ? facetCountsForForm(facets, ref) : null,
  };
}
