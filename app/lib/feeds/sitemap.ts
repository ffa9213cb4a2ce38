import { DEFAULT_LANGUAGE, LANGUAGES, localizeHref } from "../i18n/languages";
import { absolute, escapeXml } from "./xml";

export type SitemapEntry = { path: string; lastmod?: Date | string | null };

export const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
export const URLSET_CLOSE = "</urlset>\n";

function isoDay(value: Date | string): string {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? new Date().toISOString().slice(0, 10) : d.toISOString().slice(0, 10);
}

/** Each sitemap entry (a page) is listed once per language: this many <url> elements. */
export const URLS_PER_ENTRY = LANGUAGES.length;

/**
 * One page's <url> elements (with their line breaks), one per language, each naming every language's version and
 * `x-default` (the English one) as `xhtml:link` alternates; for writing a urlset piece by piece. `path` is the
 * page's English address.
 */
export function sitemapUrl(siteUrl: string, e: SitemapEntry): string {
  const href = (lang: (typeof LANGUAGES)[number]) => escapeXml(absolute(siteUrl, localizeHref(e.path, lang)));
  const lastmod = e.lastmod ? `\n    <lastmod>${isoDay(e.lastmod)}</lastmod>` : "";
  const alternates =
    LANGUAGES.map((lang) => `\n    <xhtml:link rel="alternate" hreflang="${lang}" href="${href(lang)}"/>`).join("") +
    `\n    <xhtml:link rel="alternate" hreflang="x-default" href="${href(DEFAULT_LANGUAGE)}"/>`;
  return LANGUAGES.map((lang) => `  <url>\n    <loc>${href(lang)}</loc>${lastmod}${alternates}\n  </url>\n`).join("");
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
