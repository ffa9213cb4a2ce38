import { SITE_NAME } from "../constants";
import { absolute, escapeXml, rfc822 } from "./xml";

export type RssEpisode = {
  id: string;
  number: number;
  title: string;
  summary: string;
  showNotes: string;
  guest: string;
  audioUrl: string | null;
  audioType: string;
  audioBytes: number | null;
  durationSeconds: number;
  imageUrl: string | null;
  publishedAt: Date;
};

/** The square cover the server writes at start (under DATA_DIR, served from /media) for podcast apps. */
export const PODCAST_COVER_PATH = "/media/podcast/cover.jpg";

function hms(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h, m, s].map((n) => String(n).padStart(2, "0")).join(":");
}

/**
 * The podcast as RSS 2.0 with the iTunes namespace; an enclosure only for episodes that have audio. The channel's
 * title and description are the caller's (the messages' English texts: the feed is in English).
 */
export function buildPodcastRss(opts: {
  siteUrl: string;
  episodes: RssEpisode[];
  title: string;
  description: string;
  now?: Date;
  /** The site's name as written in the admin's Pages section. */
  siteName?: string;
}): string {
  const { siteUrl, episodes } = opts;
  const siteName = opts.siteName ?? SITE_NAME;
  const page = absolute(siteUrl, "/podcast");
  const self = absolute(siteUrl, "/podcast.xml");
  const newest = episodes[0]?.publishedAt ?? opts.now ?? new Date();
  const items = episodes.map((e) => {
    const link = `${page}#episode-${e.number}`;
    const description = [e.summary, e.showNotes].filter(Boolean).join("\n\n");
    const lines = [
      "    <item>",
      `      <title>${escapeXml(e.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="false">${escapeXml(`${siteUrl}/podcast/episodes/${e.id}`)}</guid>`,
      `      <pubDate>${rfc822(e.publishedAt)}</pubDate>`,
      `      <description>${escapeXml(description)}</description>`,
      `      <itunes:episode>${e.number}</itunes:episode>`,
      `      <itunes:summary>${escapeXml(e.summary)}</itunes:summary>`,
      e.guest ? `      <itunes:author>${escapeXml(e.guest)}</itunes:author>` : "",
      e.durationSeconds > 0 ? `      <itunes:duration>${hms(e.durationSeconds)}</itunes:duration>` : "",
      e.imageUrl ? `      <itunes:image href="${escapeXml(absolute(siteUrl, e.imageUrl))}"/>` : "",
      e.audioUrl
        ? `      <enclosure url="${escapeXml(absolute(siteUrl, e.audioUrl))}" length="${e.audioBytes ?? 0}" type="${escapeXml(
            e.audioType || "audio/mpeg",
          )}"/>`
        : "",
      "    </item>",
    ];
    return lines.filter(Boolean).join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(opts.title)}</title>`,
    `    <link>${escapeXml(page)}</link>`,
    `    <atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeXml(opts.description)}</description>`,
    "    <language>en</language>",
    `    <lastBuildDate>${rfc822(newest)}</lastBuildDate>`,
    `    <itunes:author>${escapeXml(siteName)}</itunes:author>`,
    `    <itunes:summary>${escapeXml(opts.description)}</itunes:summary>`,
    `    <itunes:image href="${escapeXml(absolute(siteUrl, PODCAST_COVER_PATH))}"/>`,
    '    <itunes:category text="Education"/>',
    "    <itunes:explicit>false</itunes:explicit>",
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
