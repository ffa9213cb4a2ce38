import { InteractiveMap } from "../components/map/interactive-map";
import { useMapStyleUrl } from "../components/map/use-map-style-url";
import { LocationFilters } from "../components/public/location-filters";
import { getClusterStore, mapSnapshot, parseMapPosition } from "../lib/clusters.server";
import { locationFilterForm, parseLocationQuery, resolveLocationFilters } from "../lib/filters";
import { DEFAULT_VIEW_CENTER, DEFAULT_VIEW_ZOOM, SNAPSHOT_SIZE } from "../lib/map-geometry";
import { pageMeta } from "../lib/meta";
import { formatInteger } from "../lib/numbers";
import { toQueryString } from "../lib/query-string";
import { listLocationCountries } from "../queries/locations.server";
import { loadReferenceData } from "../queries/reference.server";
import type { Route } from "./+types/map";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.services;
  const params = new URL(request.url).searchParams;
  const query = parseLocationQuery(params);
  const [ref, countries] = await Promise.all([loadReferenceData(db), listLocationCountries(db)]);
  const filters = resolveLocationFilters(query, ref);
  const position = parseMapPosition(params);
  const view = {
    center:
      position.lat !== undefined && position.lng !== undefined
        ? { lat: position.lat, lng: position.lng }
        : DEFAULT_VIEW_CENTER,
    zoom: position.zoom ?? DEFAULT_VIEW_ZOOM,
    ...SNAPSHOT_SIZE,
  };
  const snapshot = await mapSnapshot(getClusterStore(context.services), view, filters);
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
    countries: countryChoices,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: "Map",
    description:
      "Explore permaculture farms, schools and eco-villages worldwide on an interactive map, filtered by region, focus and country.",
    siteUrl: loaderData?.siteUrl,
    path: "/map",
  });
}

export default function MapPage({ loaderData }: Route.ComponentProps) {
  const { snapshot, values } = loaderData;
  const filtered = Object.values(values).some(Boolean);
  return (
    <main id="main">
      <InteractiveMap
        snapshot={snapshot}
        filterQuery={loaderData.filterQuery}
        styleUrl={useMapStyleUrl()}
        variant="full"
        activation="idle"
        label={`Map of ${formatInteger(snapshot.total)} ${filtered ? "matching " : ""}permaculture locations`}
        aside={
          <>
            <div>
              <h1 className="text-2xl font-bold text-leaf-900">Map</h1>
              <p className="mt-1 text-sm text-stone-700">
                {formatInteger(snapshot.total)} {filtered ? "matching " : ""}
                {snapshot.total === 1 ? "location" : "locations"} with a place on the map.
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
            />
          </>
        }
      />
    </main>
  );
}
