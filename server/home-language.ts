import type { IncomingMessage, ServerResponse } from "node:http";
import { DEFAULT_LANGUAGE, localizedPath } from "~/lib/i18n/languages";
import { homeLanguage } from "~/server-lib/negotiate.server";

/** `/` is the one address whose language depends on the visitor (their choice, else their browser's languages). */
export const NEGOTIATED_VARY = "Accept-Language, Cookie";

/**
 * Sends a visitor of `/` to the home page in their language (302), before the render cache or the app see the
 * request: the cookie's choice wins (an explicit English keeps `/`), then Accept-Language. Every other address is
 * exactly the language in its path. Returns "redirected" when it answered, "english" for a `/` that stays English
 * (its response must carry NEGOTIATED_VARY), null for any other request. Nothing is set on the response otherwise:
 * the render cache writes its stored headers in one go.
 */
export function negotiateHome(
  req: IncomingMessage,
  res: ServerResponse,
  extraHeaders: [string, string][] = [],
): "redirected" | "english" | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const url = req.url ?? "";
  const q = url.indexOf("?");
  if ((q === -1 ? url : url.slice(0, q)) !== "/") return null;
  const lang = homeLanguage({ cookie: req.headers.cookie, acceptLanguage: req.headers["accept-language"] });
  if (lang === DEFAULT_LANGUAGE) return "english";
  res.writeHead(302, [
    ...extraHeaders,
    ["Location", localizedPath("/", lang) + (q === -1 ? "" : url.slice(q))],
    ["Vary", NEGOTIATED_VARY],
    ["Cache-Control", "no-store"],
    ["Content-Length", "0"],
  ]);
  res.end();
  return "redirected";
}
