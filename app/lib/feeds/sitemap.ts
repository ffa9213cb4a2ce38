import { absolute, escapeXml } from "./xml";

export type SitemapEntry = { path: string; lastmod?: Date | string | null };

export const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
export const URLSET_CLOSE = "</urlset>\n";

function isoDay(value: Date | string): string {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? new Date().toISOString().slice(0, 10) : d.toISOString().slice(0, 10);
}

/** One <url> element (with its line break), for writing a urlset piece by piece. */
export function sitemapUrl(siteUrl: string, e: SitemapEntry): string {
  const loc = `    <loc>${escapeXml(absolute(siteUrl, e.path))}</loc>`;
  const lastmod = e.lastmod ? `\n    <lastmod>${isoDay(e.lastmod)}</lastmod>` : "";
  return `  <url>\n${loc}${lastmod}\n  </url>\n`;
}

/** A sitemaps.org urlset with absolute, XML-escaped URLs. */
export function buildSitemap(siteUrl: string, entries: SitemapEntry[]): string {
  return URLSET_OPEN + entries.map((e) => sitemapUrl(siteUrl, e)).join("") + URLSET_CLOSE;
}

/** A sitemaps.org sitemap index: where each part is, and its newest change. */
export function buildSitemapIndex(siteUrl: string, parts: SitemapEntry[]): string {
  const items = parts.map((p) => {
    const lastmod = p.lastmod ? `\n    <lastmod>${isoDay(p.lastmod)}</lastmod>` : "";
    return `  <sitemap>\n    <loc>${escapeXml(absolute(siteUrl, p.path))}</loc>${lastmod}\n  </sitemap>\n`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("")}</sitemapindex>\n`;
}
