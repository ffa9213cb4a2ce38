import { sitemapResponse } from "../services/site/sitemap.server";
import type { Route } from "./+types/sitemap";

/** Every public URL with its last change: one file, or an index of parts on a large site (decision 018). */
export function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context.services;
  return sitemapResponse(context.services, config.siteUrl, request);
}
