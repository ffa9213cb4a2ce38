import { locationFacetCounts } from "~/services/locations.server";
import { loadReferenceNames } from "~/services/reference.server";
import { AppLink } from "../components/app-link";
import { InteractiveMap } from "../components/map/interactive-map";
import { useMapStyleUrl } from "../components/map/use-map-style-url";
import { LocationFilters } from "../components/public/location-filters";
import { facetCountsForForm, locationFilterForm, parseLocationQuery, resolveLocationFilters } from "../lib/filters";
import { requestTranslate } from "../lib/i18n/messages.server";
import { useTranslation } from "../lib/i18n/react";
import {
  DEFAULT_VIEW_CENTER,
  DEFAULT_VIEW_ZOOM,
  fitZoom,
  latToUnitY,
  lngToUnitX,
  SNAPSHOT_SIZE,
  unitXToLng,
  unitYToLat,
} from "../lib/map-geometry";
import { metaTranslate, pageMeta } from "../lib/meta";
import { toQueryString } from "../lib/query-string";
import { countryChoices as countryOptions } from "../lib/reference-names";
import { getClusterStore, mapSnapshot, parseMapPosition } from "../services/clusters.server";
import { getLocationCountries } from "../services/location-countries.server";
import type { Route } from "./+types/map";

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

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.services;
  const params = new URL(request.url).searchParams;
  const query = parseLocationQuery(params);
  const { lang } = requestTranslate(request);
  const [ref, countries] = await Promise.all([
    loadReferenceNames(context.services, lang),
    getLocationCountries(context.services),
  ]);
  const filters = resolveLocationFilters(query, ref);
  const position = parseMapPosition(params);
  const store = getClusterStore(context.services);
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
    siteUrl: context.services.config.siteUrl,
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

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslate(matches);
  return pageMeta({
    matches,
    title: t("map.title"),
    description: t("map.description"),
    siteUrl: loaderData?.siteUrl,
    path: "/map",
  });
}

export default function MapPage({ loaderData }: Route.ComponentProps) {
  const { snapshot, values } = loaderData;
  const filtered = Object.values(values).some(Boolean);
  const { t } = useTranslation();
  const count = snapshot.total;
  return (
    <main id="main">
      <InteractiveMap
        snapshot={snapshot}
        filterQuery={loaderData.filterQuery}
        styleUrl={useMapStyleUrl()}
        variant="full"
        activation="idle"
        label={filtered ? t("map.labelMatching", { count }) : t("map.label", { count })}
        aside={
          <>
            <div>
              <h1 className="text-2xl font-bold text-leaf-900">{t("map.title")}</h1>
              <p className="mt-1 text-sm text-stone-700">
                {filtered ? t("map.totalMatching", { count }) : t("map.total", { count })}
              </p>
              <p className="mt-1 text-sm">
                <AppLink to="/suggest-a-place" className="font-semibold text-leaf-800 underline">
                  {t("map.suggestPlace")}
                </AppLink>
              </p>
            </div>
            <LocationFilters
              variant="map"
              hasFilters={filtered}
              values={values}
              regions={loaderData.regions}
              subRegions={loaderData.subRegions}
              focusAreas={loaderData.focusAreas}
              countries={loaderData.countries}
              counts={loaderData.counts}
            />
          </>
        }
      />
    </main>
  );
}
