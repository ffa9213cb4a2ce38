import { absolute } from "~/lib/feeds/xml";
import { parseFeedPage, parseLocationQuery, resolveLocationFilters } from "~/lib/filters";
import { PUBLIC_CACHE_CONTROL } from "~/lib/public-cache";
import { toQueryString } from "~/lib/query-string";
import { listLocationFeatures } from "~/services/entries/reads.server";
import { ENTRY_KINDS } from "~/services/entries/registry.server";
import { getLocationTotal } from "~/services/map/location-countries.server";
import { loadReferenceData } from "~/services/site/reference.server";
import type { Route } from "./+types/locations-geojson";

/**
 * Open data: locations as a GeoJSON FeatureCollection of points, filtered like /locations (region, subRegion,
 * focus, country, q). Large sets come in pages: `limit` (1-5000, default 1000) and `offset`; the response says
 * how many match in total and links the next page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.services;
  const params = new URL(request.url).searchParams;
  const query = parseLocationQuery(params);
  const { limit, offset } = parseFeedPage(params);
  const ref = await loadReferenceData(context.services);
  const filters = resolveLocationFilters(query, ref);
  const { rows, total } = await listLocationFeatures(
    db,
    filters,
    { limit, offset },
    getLocationTotal(context.services, { ...filters, onMap: true }),
  );
  const filterQs = {
    region: filters.regionId ? ref.regionsById.get(filters.regionId)?.key : undefined,
    subRegion: filters.subRegionId,
    focus: filters.focusAreaId,
    country: filters.country,
    q: filters.q,
  };
  const next =
    offset + rows.length < total
      ? absolute(config.siteUrl, `/locations.geojson${toQueryString({ ...filterQs, limit, offset: offset + limit })}`)
      : null;
  const body = {
    type: "FeatureCollection",
    // Foreign members (RFC 7946 section 6.1) describing the paging.
    total,
    limit,
    offset,
    next,
    documentation:
      "Filter with region, subRegion, focus, country and q as on /locations; page with limit (1-5000, default 1000) and offset.",
    features: rows.map((r) => ({
      type: "Feature",
      id: r.id,
      geometry: { type: "Point", coordinates: [r.longitude, r.latitude] },
      properties: {
        name: r.name,
        url: absolute(config.siteUrl, ENTRY_KINDS.location.publicPath(r)),
        country: r.country,
        region: (r.regionId ? ref.regionsById.get(r.regionId)?.name : undefined) ?? r.regionName,
        focusAreas: r.focusAreas.map((id) => ref.focusAreasById.get(id)?.name ?? "").filter((n) => n.trim() !== ""),
        markerType: r.markerType || "standard",
        updatedAt: r.updatedAt.toISOString(),
      },
    })),
  };
  return new Response(JSON.stringify(body), {
    headers: {
      "Content-Type": "application/geo+json; charset=utf-8",
      "Access-Control-Allow-Origin": "*",
      "Cache-Control": PUBLIC_CACHE_CONTROL,
    },
  });
}
