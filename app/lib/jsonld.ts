/**
 * schema.org JSON-LD: the site's own (home page) and the helpers every kind uses; the entries' kinds are in
 * jsonld-entries.ts, so the home page's JavaScript carries only what it draws. The JSON is embedded in HTML, so
 * `<`, `>` and `&` (and the JavaScript line separators) are written as \u escapes: a value containing "</script>" cannot end the element.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Absolute URL for a site path (or the value itself when it is already absolute). */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${siteUrl.replace(/\/$/, "")}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** Drops undefined, null and empty-string values so the output only claims what is known. */
export function compact<T extends Record<string, unknown>>(obj: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined && v !== null && v !== ""));
}

/** The site itself (home page): its name as the owner wrote it in the admin's Pages section. */
export function websiteJsonLd(p: { siteUrl: string; name: string; description: string }) {
  const url = absoluteUrl(p.siteUrl, "/");
  return compact({
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": url,
    name: p.name,
    description: p.description,
    url,
    publisher: { "@type": "Organization", name: p.name, url },
  });
}
