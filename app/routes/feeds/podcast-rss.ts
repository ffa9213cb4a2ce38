import { buildPodcastRss } from "~/lib/feeds/rss";
import { PUBLIC_CACHE_CONTROL } from "~/lib/public-cache";
import { serverTranslate } from "~/server-lib/messages.server";
import { listEpisodes } from "~/services/newsletter/podcast.server";
import { getPublicPageTexts } from "~/services/site/page-texts.server";
import type { Route } from "./+types/podcast-rss";

/**
 * The podcast's RSS 2.0 feed (with the iTunes namespace) for podcast apps. Only episodes with audio are listed: an
 * item without an enclosure is one a podcast app cannot play (the page still shows them, as coming soon).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.services;
  const [all, texts] = await Promise.all([listEpisodes(db), getPublicPageTexts(context.services)]);
  const episodes = all.filter((e) => Boolean(e.audioUrl));
  // The feed is in English, at one address: its texts are the English messages.
  const t = serverTranslate("en");
  const rss = buildPodcastRss({
    siteUrl: config.siteUrl,
    episodes,
    siteName: texts.siteName,
    title: t("feeds.podcastTitle", { siteName: texts.siteName }),
    description: t("feeds.podcastDescription"),
  });
  return new Response(rss, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": PUBLIC_CACHE_CONTROL,
    },
  });
}
