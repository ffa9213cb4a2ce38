/** Cache-Control for public pages: a CDN may keep them a minute and serve a stale copy while it refreshes. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

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
  return { "Cache-Control": PUBLIC_CACHE_CONTROL };
}
