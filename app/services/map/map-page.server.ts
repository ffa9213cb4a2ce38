import { facetCountsForForm, locationFilterForm, parseLocationQuery, resolveLocationFilters } from "~/lib/filters";
import type { Language } from "~/lib/i18n/languages";
import {
  BUILTIN_MAX_ZOOM,
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
import type { Services } from "../services.server";
import { loadReferenceNames } from "../site/reference.server";
import { getClusterStore, mapSnapshot, parseMapPosition } from "./clusters.server";
import { getLocationCountries } from "./location-countries.server";

/** A single place is shown at a town's scale, not as close as the map goes. */
const FOUND_MAX_ZOOM = 10;

/**
 * The part of the server-drawn frame (1024 × 512, scaled to cover its box) that a computer's map box shows whole:
 * /map's box is about 930 × 730 at 1280 px, a ratio of 1.27, so 650 × 512 of the frame. The first view fits all the
 * places into it; a box narrower than that (a phone held upright) fits them again in the browser.
 */
const FIRST_VIEW_FRAME = { width: 640, height: SNAPSHOT_SIZE.height } as const;

/** The view that shows a box of places whole: in whole zoom steps for a search's places, as closely as fits for all. */
function fitView(
  [w, s, e, n]: [number, number, number, number],
  frame: { width: number; height: number },
  whole = true,
) {
  const x = (lngToUnitX(w) + lngToUnitX(e)) / 2;
  const y = (latToUnitY(s) + latToUnitY(n)) / 2;
  const zoom = fitZoom([w, s, e, n], frame.width, frame.height, 0.1);
  return {
    center: { lng: unitXToLng(x), lat: unitYToLat(y) },
    zoom: Math.min(FOUND_MAX_ZOOM, whole ? Math.floor(zoom) : Math.floor(zoom * 4) / 4),
  };
}

/**
 * The full-screen map's page: its first view drawn by the server (the place asked for in the address, the box of
 * what the words found, or the world), the filters' choices in the page's language, and, with words, how many
 * places on the map each choice would give.
 */
export async function loadMapPage(
  services: Pick<Services, "db" | "bus" | "mapIndex" | "config">,
  params: URLSearchParams,
  lang: Language,
) {
  const { db } = services;
  const query = parseLocationQuery(params);
  const [ref, countries] = await Promise.all([loadReferenceNames(services, lang), getLocationCountries(services)]);
  const filters = resolveLocationFilters(query, ref);
  const position = parseMapPosition(params);
  const store = getClusterStore(services);
  // Words and no position asked for: the map moves to what was found. No position at all: the first view shows
  // every place (the world view hid 19 of the demo's 76 at 1280 px).
  const positioned = position.lat !== undefined && position.lng !== undefined;
  const found = filters.q && !positioned ? await store.bounds(filters) : null;
  const all = !found && !positioned && position.zoom === undefined ? await store.bounds(filters) : null;
  const view = found
    ? { ...fitView(found, SNAPSHOT_SIZE), ...SNAPSHOT_SIZE }
    : all
      ? { ...fitView(all, FIRST_VIEW_FRAME, false), ...SNAPSHOT_SIZE }
      : {
          center: positioned ? { lat: position.lat as number, lng: position.lng as number } : DEFAULT_VIEW_CENTER,
          // The server-drawn map is the built-in basemap, whatever the style: no closer than its data goes.
          zoom: Math.min(position.zoom ?? DEFAULT_VIEW_ZOOM, BUILTIN_MAX_ZOOM),
          ...SNAPSHOT_SIZE,
        };
  const [drawn, facets] = await Promise.all([
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
  const snapshot = all ? { ...drawn, fit: all } : drawn;
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
