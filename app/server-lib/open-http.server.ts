/**
 * HTTP for the open data (decision 070), one kit for `/api/v1` and, after it, `/ogc`, `/data` and the feeds: an ETag on
 * every answer and 304 for a matching If-None-Match, a short public Cache-Control, CORS for any origin (no cookies are
 * read or set), the IETF rate-limit header fields, errors as RFC 9457 problem details, and the data licence in a
 * `Link` header. Pure: the caller counts the request and reads the licence.
 */
import { createHash } from "node:crypto";

/** Shared caches may keep an answer a minute, and serve it stale while they revalidate with its ETag. */
export const OPEN_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=60";

/** Headers a browser script on another site may read from an answer. */
const EXPOSED_HEADERS = ["ETag", "Link", "RateLimit", "RateLimit-Policy", "Retry-After", "Content-Language"];

/** The rate-limit state of this request's client address (draft-ietf-httpapi-ratelimit-headers). */
export type RateState = {
  /** Requests per window, the window in seconds, what is left in it and the seconds until it ends. */
  quota: number;
  windowS: number;
  remaining: number;
  resetS: number;
};

/** The data licence every answer states. */
export type LicenceLink = { url: string };

/** A weak entity tag of a body: the same bytes, the same tag, on every instance. */
export function entityTag(body: string | Uint8Array): string {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** Whether If-None-Match names this tag (weak comparison, RFC 9110 13.1.2), or is `*`. */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}

/** The headers every open-data answer carries, whatever its status. */
export function openHeaders(opts: { licence: LicenceLink; rate?: RateState; links?: string[] }): Headers {
  const h = new Headers();
  h.set("Access-Control-Allow-Origin", "*");
  h.set("Access-Control-Expose-Headers", EXPOSED_HEADERS.join(", "));
  h.set("Link", [`<${opts.licence.url}>; rel="license"`, ...(opts.links ?? [])].join(", "));
  if (opts.rate) {
    const { quota, windowS, remaining, resetS } = opts.rate;
    h.set("RateLimit-Policy", `"per-address";q=${quota};w=${windowS}`);
    h.set("RateLimit", `"per-address";r=${Math.max(0, remaining)};t=${Math.max(0, resetS)}`);
  }
  return h;
}

/**
 * A 200 (or the status given) with its ETag, or a 304 without a body when the client already has it. `headers` are
 * openHeaders' (and any the caller adds). `etagBasis`: what the tag is made of when parts of the body move without
 * the data changing (a page's links carry a signed cursor and the time a mirror polls from; an older copy of them is
 * still right for the client that holds it).
 */
export function openAnswer(
  request: Request,
  opts: { body: string; etagBasis?: string; contentType: string; headers: Headers; status?: number },
): Response {
  const { headers } = opts;
  const etag = entityTag(opts.etagBasis ?? opts.body);
  headers.set("ETag", etag);
  headers.set("Cache-Control", OPEN_CACHE_CONTROL);
  // Compression depends on it; a cache must not give a gzip body to a client that did not ask for one.
  headers.set("Vary", "Accept-Encoding");
  if ((opts.status ?? 200) === 200 && etagMatches(request.headers.get("If-None-Match"), etag))
    return new Response(null, { status: 304, headers });
  headers.set("Content-Type", opts.contentType);
  return new Response(request.method === "HEAD" ? null : opts.body, { status: opts.status ?? 200, headers });
}

/** An RFC 9457 problem: its type names the status's meaning; `detail` says what to change. */
export function problemAnswer(
  request: Request,
  opts: { status: number; title: string; detail: string; headers: Headers; extra?: Record<string, unknown> },
): Response {
  const body = JSON.stringify({
    type: `about:blank`,
    title: opts.title,
    status: opts.status,
    detail: opts.detail,
    instance: new URL(request.url).pathname,
    ...opts.extra,
  });
  const { headers } = opts;
  headers.set("Content-Type", "application/problem+json");
  headers.set("Cache-Control", "no-store");
  return new Response(request.method === "HEAD" ? null : body, { status: opts.status, headers });
}

/** The answer to a CORS preflight: any origin may GET and HEAD with the conditional and language headers. */
export function preflightAnswer(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
      "Access-Control-Allow-Headers": "Accept, Accept-Language, If-None-Match, If-Modified-Since, Cache-Control",
      "Access-Control-Max-Age": "86400",
      Allow: "GET, HEAD, OPTIONS",
    },
  });
}

/** The `Link` header value for a link of the answer. */
export function linkHeader(href: string, rel: string): string {
  return `<${href}>; rel="${rel}"`;
}
