/** Every cookie the site sets starts with this: better-auth's prefix for the session, and our own cookies. */
export const COOKIE_PREFIX = "pc";
/** The one-time confirmation message after a form (shown once, then cleared). */
export const TOAST_COOKIE = `${COOKIE_PREFIX}_toast`;

/** The visitor's chosen language (a year): read only where `/` picks a language, so pages stay shared. */
export const LANGUAGE_COOKIE = `${COOKIE_PREFIX}_lang`;

/**
 * Whether a request cookie can change what a page shows: only the site's own cookies (the session and the toast),
 * never one that something else set for the domain (a CDN's, a proxy's). Such requests bypass shared caches. The
 * language choice does not count: every page's language is in its address, and the choice only decides where `/`
 * sends a visitor, before any cache is asked.
 */
export function cookieChangesPage(name: string): boolean {
  const bare = name.replace(/^__(Secure|Host)-/, "");
  if (bare === LANGUAGE_COOKIE) return false;
  return bare.startsWith(`${COOKIE_PREFIX}.`) || bare.startsWith(`${COOKIE_PREFIX}_`);
}
