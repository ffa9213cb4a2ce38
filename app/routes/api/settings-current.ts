import { getPublicSettings } from "~/services/site/site-settings.server";
import type { Route } from "./+types/settings-current";

/**
 * GET /api/settings/current: the settings an open public page follows (which pages the navigation shows, the
 * contact address), as JSON. A page whose live stream (/api/settings/stream) was refused asks for them now and then
 * instead. Read from the instance's in-memory copy, so polling costs no query.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { logger } = context.services;
  const { navigation, general } = await getPublicSettings(context.services, (err) =>
    logger.warn({ err }, "settings unreadable; answering the defaults"),
  );
  return Response.json(
    { navigation, contactEmail: general.contactEmail },
    { headers: { "Cache-Control": "no-store" } },
  );
}
