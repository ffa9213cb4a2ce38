import { z } from "zod";
import { parseLocationQuery, resolveLocationFilters } from "~/lib/filters";
import { clamp, MINI_MAP, outlineHref } from "~/lib/map-geometry";
import { basemapGeoJsonText, basemapVersion } from "~/services/map/basemap.server";
import { ClustersQuerySchema, getClusterStore } from "~/services/map/clusters.server";
import { loadReferenceData } from "~/services/site/reference.server";
import type { Route } from "./+types/map-clusters";

/**
 * GET /api/map/clusters?bbox=w,s,e,n&zoom=z[&region&subRegion&focus&country&q]
 *   -> { zoom, clusters: [lng, lat, count, id, expansionZoom][], points: [lng, lat, slug, name, markerType][], total, truncated }
 * GET /api/map/clusters?basemap=1 -> the self-contained basemap (land + borders) as GeoJSON for MapLibre
 * GET /api/map/clusters?basemap=svg&lat&lng&zoom&width&height -> redirects to that view's image at /api/map/outline
 *   (pages rendered before the outline endpoint served every map still link here)
 */

const CLUSTERS_CACHE = "public, max-age=30, stale-while-revalidate=300";
// The basemap only changes with a deploy of a new world-atlas, so clients may keep it for a day.
const BASEMAP_CACHE = "public, max-age=86400, stale-while-revalidate=604800";

function badRequest(message: string) {
  return Response.json({ error: message }, { status: 400, headers: { "Cache-Control": "no-store" } });
}

const SvgViewSchema = z.object({
  lat: z.coerce.number().min(-85).max(85),
  lng: z.coerce.number().min(-180).max(180),
  zoom: z.coerce.number().min(0).max(8),
  width: z.coerce.number().int().min(16).max(1024).default(MINI_MAP.width),
  height: z.coerce.number().int().min(16).max(1024).default(MINI_MAP.height),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const basemap = params.get("basemap");
  if (basemap === "1" || basemap === "geojson") {
    return new Response(basemapGeoJsonText(), {
      headers: { "Content-Type": "application/geo+json; charset=utf-8", "Cache-Control": BASEMAP_CACHE },
    });
  }
  if (basemap === "svg") {
    const parsed = SvgViewSchema.safeParse(Object.fromEntries(params));
    if (!parsed.success) return badRequest("basemap=svg needs lat (-85..85), lng (-180..180) and zoom (0..8)");
    const { lat, lng, zoom, width, height } = parsed.data;
    return new Response(null, {
      status: 301,
      headers: {
        Location: outlineHref({ center: { lat, lng }, zoom, width, height }, basemapVersion()),
        "Cache-Control": BASEMAP_CACHE,
      },
    });
  }
  if (basemap !== null) return badRequest("basemap must be 1 (GeoJSON) or svg");

  const parsed = ClustersQuerySchema.safeParse({
    bbox: params.get("bbox") ?? undefined,
    zoom: params.get("zoom") ?? undefined,
  });
  if (!parsed.success) {
    return badRequest(parsed.error.issues.map((i) => i.message).join("; "));
  }
  const { bbox, zoom } = parsed.data;
  const query = parseLocationQuery(params);
  const hasFilters = Boolean(query.region || query.subRegion || query.focus || query.country || query.q);
  const filters = hasFilters ? resolveLocationFilters(query, await loadReferenceData(context.services)) : {};
  const store = getClusterStore(context.services);
  const result = await store.query(bbox, clamp(zoom, 0, 24), filters);
  return Response.json(
    { zoom: Math.floor(zoom), ...result },
    { headers: { "Cache-Control": CLUSTERS_CACHE, Vary: "Accept-Encoding" } },
  );
}
