/**
 * Where a redirect that names its target in the address (`?to=`) may go: only a path of this site. The check is made
 * on what a browser will make of the target, not on its text: browsers drop tabs and line breaks anywhere in a URL
 * and control characters and spaces at its ends, read `\` as `/`, and take `//host` (or `/\host`, or `/<tab>/host`)
 * as another site. So the target is resolved as the browser would, against the site's origin, and accepted only when
 * the origin is unchanged; what is sent back is its path and query alone, never a scheme or host.
 */

/** C0 control characters (NUL to US) and DEL: no link the site makes contains one. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** A slash or backslash written as a percent escape: no path of this site has one, and a later decoding would make
 *  `//host` of it. */
const ENCODED_SLASH = /%(?:2f|5c)/i;

/**
 * The same-site path and query `to` leads to (`/locations?region=Europe`), or null when it leads anywhere else, is
 * not a path (`https://…`, `javascript:…`, `?page=2`), or could be read as another site's address.
 */
export function sameSitePath(to: string, siteOrigin: string): string | null {
  // What the WHATWG URL parser removes before it reads a URL (so `/\t/evil.example` is `//evil.example`).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const cleaned = to.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  if (!cleaned.startsWith("/") || ENCODED_SLASH.test(cleaned)) return null;
  let base: URL;
  let url: URL;
  try {
    base = new URL(siteOrigin);
    url = new URL(cleaned, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin) return null;
  const path = url.pathname + url.search;
  // `/.//evil.example` resolves to the path `//evil.example`, which a browser would read as a host again.
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return null;
  return path;
}
