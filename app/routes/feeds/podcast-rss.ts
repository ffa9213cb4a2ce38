import { buildPodcastRss } from "../../lib/feeds/rss";
import { PUBLIC_CACHE_CONTROL } from "../../lib/public-cache";
import { listEpisodes } from "../../queries/podcast.server";
import type { Route } from "./+types/podcast-rss";

/** The podcast's RSS 2.0 feed (with the iTunes namespace) for podcast apps. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.services;
  const episodes = await listEpisodes(db);
  return new Response(buildPodcastRss({ siteUrl: config.siteUrl, episodes }), {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": PUBLIC_CACHE_CONTROL,
    },
  });
}
