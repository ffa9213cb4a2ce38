/**
 * The read API's description as the site serves it (decision 074): the OpenAPI document at /api/v1/openapi.json and
 * the reference page at /api/v1/docs that shows it with Redoc, served from this site. Both take no parameters; like
 * every open-data answer they carry an ETag (304), CORS and the licence `Link`, and are not counted against the rate
 * budget (they are small, cached and the same for everyone).
 */
import { SITE_NAME } from "~/lib/constants";
import { ApiParamError, readParams } from "~/lib/open-data-params";
import { getSavedContactEmail } from "~/queries/settings.server";
import { etagMatches, openAnswer, openHeaders, preflightAnswer, problemAnswer } from "~/server-lib/open-http.server";
import { REDOC_BUNDLE_FILE, redocBundle } from "~/server-lib/redoc-bundle.server";
import type { Services } from "../services.server";
import { licenceMembers } from "./answer.server";
import { openApiDocument } from "./openapi.server";

/** The page's policy: Redoc's bundle from this site and no inline script; its styles are inline, its search a worker. */
const REFERENCE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

/** The answer made by `produce`, a 400 problem when the request has any parameter, or a preflight's answer. */
async function withoutParams(
  services: Pick<Services, "db" | "bus">,
  request: Request,
  produce: (licence: Awaited<ReturnType<typeof licenceMembers>>) => Response,
): Promise<Response> {
  // React Router hands OPTIONS to the loader: a CORS preflight, answered as the rest of the API answers it.
  if (request.method === "OPTIONS") return preflightAnswer();
  const licence = await licenceMembers(services);
  try {
    readParams(new URL(request.url).searchParams, []);
  } catch (err) {
    if (!(err instanceof ApiParamError)) throw err;
    const headers = openHeaders({ licence: { url: licence.license.url } });
    return problemAnswer(request, { status: 400, title: "Bad Request", detail: err.message, headers, extra: licence });
  }
  return produce(licence);
}

/** GET /api/v1/openapi.json. */
export async function answerOpenApiDocument(
  services: Pick<Services, "db" | "bus" | "config">,
  request: Request,
): Promise<Response> {
  const contactEmail = await getSavedContactEmail(services.db);
  return withoutParams(services, request, (licence) => {
    const document = openApiDocument({ siteUrl: services.config.siteUrl, siteName: SITE_NAME, licence, contactEmail });
    return openAnswer(request, {
      body: JSON.stringify(document),
      contentType: "application/json; charset=utf-8",
      headers: openHeaders({ licence: { url: licence.license.url } }),
    });
  });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** The reference page: a way back to the open-data page, and Redoc showing the document (a link to it without script). */
function referencePage(siteName: string): string {
  const title = escapeHtml(`API reference · ${siteName} open data`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="The reference of the open data API: every operation, parameter and answer.">
<style>
body { margin: 0; font-family: system-ui, sans-serif; }
.api-docs-bar { display: flex; gap: 1rem; align-items: center; padding: 0.75rem 1rem; border-bottom: 1px solid #d4d4d4; background: #f7f7f2; }
.api-docs-bar a { color: #1d4d2b; font-weight: 600; }
.api-docs-bar span { color: #333; }
/* JSON samples are shown whole (json-sample-expand-level="all"), so their tiny fold buttons, too small to touch
   (WCAG 2.2 target size), are not needed. */
.redoc-json .collapser { display: none !important; }
</style>
</head>
<body>
<header class="api-docs-bar">
<a href="/open-data">← Open data</a>
<span>${escapeHtml(siteName)} · API reference (<a href="/api/v1/openapi.json">OpenAPI 3.1 document</a>)</span>
</header>
<main>
<noscript><p>This page needs JavaScript to show the reference; read the <a href="/api/v1/openapi.json">OpenAPI document</a> itself instead.</p></noscript>
<redoc spec-url="/api/v1/openapi.json" hide-download-button="true" native-scrollbars="true" json-sample-expand-level="all"></redoc>
</main>
<script src="/api/v1/docs/${REDOC_BUNDLE_FILE}"></script>
</body>
</html>
`;
}

/** GET /api/v1/docs. */
export function answerApiReference(services: Pick<Services, "db" | "bus">, request: Request): Promise<Response> {
  return withoutParams(services, request, (licence) => {
    const headers = openHeaders({ licence: { url: licence.license.url } });
    headers.set("Content-Security-Policy", REFERENCE_CSP);
    return openAnswer(request, { body: referencePage(SITE_NAME), contentType: "text/html; charset=utf-8", headers });
  });
}

/** GET /api/v1/docs/{file}: Redoc's bundle under its versioned name, kept a year; any other name is a 404. */
export function answerReferenceAsset(request: Request, file: string): Response {
  if (file !== REDOC_BUNDLE_FILE)
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const { body, etag } = redocBundle();
  const headers = new Headers({
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
  });
  if (etagMatches(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : body, { headers });
}
