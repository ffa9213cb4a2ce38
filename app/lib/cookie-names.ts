/** Every cookie the site sets starts with this: better-auth's prefix for the session, and our own cookies. */
export const COOKIE_PREFIX = "pc";
/** The one-time confirmation message after a form (shown once, then cleared). */
export const TOAST_COOKIE = `${COOKIE_PREFIX}_toast`;

/**
 * Whether a request cookie can change what a page shows: only the site's own cookies (the session and the toast),
 * never one that something else set for the domain (a CDN's, a proxy's). Such requests bypass shared caches.
 */
export function cookieChangesPage(name: string): boolean {
  const bare = name.replace(/^__(Secure|Host)-/, "");
  return bare.startsWith(`${COOKIE_PREFIX}.`) || bare.startsWith(`${COOKIE_PREFIX}_`);
}
