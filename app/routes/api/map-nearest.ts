import { z } from "zod";
import { findNearestPlaces } from "~/services/nearest.server";
import type { Route } from "./+types/map-nearest";

/**
 * GET /api/map/nearest?lat=&lng=[&region&subRegion&focus&country&q]
 *   -> { places: { slug, name, lat, lng, markerType, distanceKm }[] } nearest first
 * What "Near me" shows: the visitor's position stays in their browser and this answer in no shared cache.
 */

const PositionSchema = z.object({
  lat: z.coerce.number({ error: "lat must be a number" }).min(-90).max(90),
  lng: z.coerce.number({ error: "lng must be a number" }).min(-180).max(180),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = PositionSchema.safeParse({ lat: params.get("lat") || undefined, lng: params.get("lng") || undefined });
  if (!parsed.success) {
    return Response.json(
      { error: "Give a position: lat between -90 and 90 and lng between -180 and 180." },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const places = await findNearestPlaces(context.services, parsed.data, params);
  return Response.json({ places }, { headers: { "Cache-Control": "private, no-store" } });
}
