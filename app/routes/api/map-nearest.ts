import { z } from "zod";
import { isLanguage } from "~/lib/i18n/languages";
import { findNearestPlaces, findNearestPlacesTo } from "~/services/map/nearest.server";
import type { Route } from "./+types/map-nearest";

/**
 * GET /api/map/nearest?lat=&lng=[&region&subRegion&focus&country&q]
 *   -> { places: { slug, name, lat, lng, markerType, distanceKm }[] } nearest first
 * GET /api/map/nearest?near=Berlin[&lang=de][&filters]
 *   -> { origin: { lat, lng, label }, places } (label in `lang`), or 404 { error, places: [] } for a name nothing has
 * What "Near me" shows: the visitor's position stays in their browser and this answer in no shared cache.
 */

const PositionSchema = z.object({
  lat: z.coerce.number({ error: "lat must be a number" }).min(-90).max(90),
  lng: z.coerce.number({ error: "lng must be a number" }).min(-180).max(180),
});

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const near = params.get("near")?.trim().slice(0, 200);
  if (near) {
    const lang = params.get("lang") ?? "";
    const found = await findNearestPlacesTo(context.services, near, params, isLanguage(lang) ? lang : "en");
    if (!found)
      return Response.json(
        { error: "No town or place is known by that name.", places: [] },
        { status: 404, headers: PRIVATE },
      );
    return Response.json(found, { headers: PRIVATE });
  }
  const parsed = PositionSchema.safeParse({ lat: params.get("lat") || undefined, lng: params.get("lng") || undefined });
  if (!parsed.success) {
    return Response.json(
      { error: "Give a position (lat between -90 and 90 and lng between -180 and 180), or a town: near." },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const places = await findNearestPlaces(context.services, parsed.data, params);
  return Response.json({ places }, { headers: PRIVATE });
}
