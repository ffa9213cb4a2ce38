/**
 * Public pages: browsers always revalidate (an editor sees a change at once); shared caches may keep a page a minute.
 * Serving a stale copy while refreshing is offered to CDNs only (CDN-Cache-Control), never to browsers.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, must-revalidate";
export const CDN_CACHE_CONTROL = "public, s-maxage=60, stale-while-revalidate=300";

/**
 * The `headers` export of a public page: shared caching for normal renders, none for error pages or
 * responses to a form post (they carry one visitor's outcome), and the loader's own when it says `private`
 * (staff previewing an unpublished entry).
 */
export function publicPageHeaders({
  errorHeaders,
  actionHeaders,
  loaderHeaders,
}: {
  errorHeaders?: Headers;
  actionHeaders?: Headers;
  loaderHeaders?: Headers;
}): HeadersInit {
  if (errorHeaders || (actionHeaders && [...actionHeaders.keys()].length > 0)) {
    return { "Cache-Control": "no-store" };
  }
  if (loaderHeaders?.get("Cache-Control")?.startsWith("private")) {
    return {
      "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store",
      "X-Robots-Tag": loaderHeaders.get("X-Robots-Tag") ?? "noindex",
    };
  }
  return { "Cache-Control": PUBLIC_CACHE_CONTROL, "CDN-Cache-Control": CDN_CACHE_CONTROL };
}
