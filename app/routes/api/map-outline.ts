import { z } from "zod";
import { MAX_ZOOM } from "~/lib/map-geometry";
import { basemapOutlineSvg, basemapVersion } from "~/services/map/basemap.server";
import type { Route } from "./+types/map-outline";

/**
 * GET /api/map/outline?lat&lng&zoom&width&height&v -> the land and borders of one map view as an SVG image on a
 * transparent background (the server-drawn maps of / and /map lay it over their water; see outlineHref).
 * With v equal to the current basemap version the response never changes, so it is cached for good; any other
 * v (a page rendered before a deploy) still gets the current drawing, cached briefly.
 */

const IMMUTABLE = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=3600";

const num = (label: string, min: number, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .transform(Number)
    .refine(Number.isFinite, { message: `${label} must be a number`, abort: true })
    .refine((n) => n >= min && n <= max, `${label} must be between ${min} and ${max}`);

const size = (label: string) =>
  num(label, 16, 2048).refine(Number.isInteger, `${label} must be a whole number of pixels`);

const OutlineQuerySchema = z.object({
  lat: num("lat", -85.06, 85.06),
  lng: num("lng", -180, 180),
  zoom: num("zoom", 0, MAX_ZOOM),
  width: size("width"),
  height: size("height"),
  v: z
    .string()
    .max(64, "v is too long")
    .regex(/^[\w-]*$/, "v must be a basemap version")
    .optional(),
});

export async function loader({ request }: Route.LoaderArgs) {
  const parsed = OutlineQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    return Response.json(
      { error: parsed.error.issues.map((i) => i.message).join("; ") },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const { lat, lng, zoom, width, height, v } = parsed.data;
  const svg = await basemapOutlineSvg({ center: { lat, lng }, zoom, width, height });
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": v === basemapVersion() ? IMMUTABLE : SHORT,
    },
  });
}
