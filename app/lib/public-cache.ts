/**
 * Public pages: browsers always revalidate (an editor sees a change at once); shared caches may keep a page a minute.
 * Serving a stale copy while refreshing is offered to CDNs only (CDN-Cache-Control), never to browsers.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, must-revalidate";
export const CDN_CACHE_CONTROL = "public, s-maxage=60, stale-while-revalidate=300";

/**
 * The `headers` export of a public page: shared caching for normal renders, none for error pages or
 * responses to a form post (they carry one visitor's outcome).
 */
export function publicPageHeaders({
  errorHeaders,
  actionHeaders,
}: {
  errorHeaders?: Headers;
  actionHeaders?: Headers;
}): HeadersInit {
  if (errorHeaders || (actionHeaders && [...actionHeaders.keys()].length > 0)) {
    return { "Cache-Control": "no-store" };
  }
  return { "Cache-Control": PUBLIC_CACHE_CONTROL, "CDN-Cache-Control": CDN_CACHE_CONTROL };
}
