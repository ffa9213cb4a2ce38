import { absolute, escapeXml } from "./xml";

export type SitemapEntry = { path: string; lastmod?: Date | string | null };

function isoDay(value: Date | string): string {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? new Date().toISOString().slice(0, 10) : d.toISOString().slice(0, 10);
}

/** A sitemaps.org urlset with absolute, XML-escaped URLs. */
export function buildSitemap(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const loc = `    <loc>${escapeXml(absolute(siteUrl, e.path))}</loc>`;
    const lastmod = e.lastmod ? `\n    <lastmod>${isoDay(e.lastmod)}</lastmod>` : "";
    return `  <url>\n${loc}${lastmod}\n  </url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
