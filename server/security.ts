import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import onHeaders from "on-headers";
import { contentSecurityPolicy } from "~/lib/content-security-policy";
import { LANGUAGES, localizedPath } from "~/lib/i18n/languages";

/** The security headers every response carries, whatever its content (the CSP aside). */
export function constantSecurityHeaders(opts: { https: boolean }): [string, string][] {
  const headers: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), payment=(), geolocation=(self)"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
  ];
  if (opts.https) headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return headers;
}

/**
 * Security headers for every response. Pages rendered with a nonce (`usesNonce`: the admin area, development) get a
 * fresh one per response for the inline scripts SSR emits; public pages send a policy with the hashes of their own
 * inline scripts (set where the page is rendered), so the same bytes are valid for every visitor and may be cached.
 * A response that sets no policy of its own (feeds, files, errors) gets one that allows no inline script.
 */
export function securityHeaders(opts: { https: boolean; usesNonce: (pathname: string) => boolean }) {
  const constant = constantSecurityHeaders(opts);
  const fallbackPolicy = contentSecurityPolicy("none");
  return (req: Request, res: Response, next: NextFunction) => {
    if (opts.usesNonce(req.path)) {
      const nonce = randomBytes(16).toString("base64");
      res.locals.cspNonce = nonce;
      res.setHeader("Content-Security-Policy", contentSecurityPolicy({ nonce }));
    } else {
      onHeaders(res, () => {
        if (!res.hasHeader("Content-Security-Policy")) res.setHeader("Content-Security-Policy", fallbackPolicy);
      });
    }
    for (const [name, value] of constant) res.setHeader(name, value);
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** The unsubscribe pages in every language (a subscriber's messages link to their language's). */
const TOKEN_AUTHORISED_POSTS = new Set(
  ["/newsletter/unsubscribe", "/podcast/unsubscribe"].flatMap((page) =>
    LANGUAGES.map((lang) => localizedPath(page, lang)),
  ),
);

/** Posts authorised by a signed token in their address, which any site (a mail provider) may send. */
export function isTokenAuthorisedPost(pathname: string): boolean {
  return TOKEN_AUTHORISED_POSTS.has(pathname);
}

/**
 * Cross-site request forgery guard for every state-changing request: browsers send Sec-Fetch-Site and Origin,
 * and a request from another site is refused before it reaches any action.
 */
export function csrfGuard(opts: { siteUrl: string }) {
  const siteOrigin = new URL(opts.siteUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    // Authorised by the signed token in its address, not by a session: a mail client's one-click unsubscribe
    // (RFC 8058) is posted by the mail provider, from anywhere.
    if (isTokenAuthorisedPost(req.path)) return next();
    const fetchSite = req.get("sec-fetch-site");
    const origin = req.get("origin");
    const host = req.get("host");
    const sameOrigin =
      !origin ||
      origin === siteOrigin ||
      (host !== undefined && (origin === `http://${host}` || origin === `https://${host}`));
    if (fetchSite === "cross-site" || (fetchSite === "same-site" && !sameOrigin) || !sameOrigin || origin === "null") {
      res.status(403).type("text/plain").send("Cross-site request refused.");
      return;
    }
    next();
  };
}
