import { PassThrough, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { appCssHref, InlineCssContext } from "./components/shell/app-stylesheet";
import { contentSecurityPolicy } from "./lib/content-security-policy";
import { isDatabaseBusy, OVERLOAD_RETRY_AFTER_S } from "./lib/overload";
import { deferHydrationInDocument, hydratesAfterPaint } from "./server-lib/defer-hydration.server";
import { inlineScriptHashes } from "./server-lib/script-hashes.server";

export const streamTimeout = 5_000;

/** Requests whose loaders failed for want of a database connection (the errors handed to the page are sanitised). */
const overloaded = new WeakSet<Request>();

/** React Router calls this with each original server error; it is logged as before by the caller's default. */
export function handleError(error: unknown, { request, context }: { request: Request; context?: AppLoadContext }) {
  if (isDatabaseBusy(error)) {
    overloaded.add(request);
    return;
  }
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    // A client's mistake that React Router answers itself (a POST to a page with no form: 405): one line at info,
    // no stack, so the error log keeps only real errors.
    const line = { status: error.status, method: request.method, path: new URL(request.url).pathname };
    const logger = context?.services?.logger;
    if (logger) logger.info(line, error.statusText || "client error");
    else console.info(JSON.stringify(line));
    return;
  }
  // Through the JSON logger, never printed raw: an error's message may quote the request (undici's "Headers.set:
  // "<value>" is an invalid header value" does), and a line feed in it would write a forged line into the log.
  const logger = context?.services?.logger;
  if (logger)
    logger.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "unhandled error");
  else console.error(error);
}

/** What a whole page's inline stylesheet holds until the stylesheet's bytes take its place. */
const CSS_PLACEHOLDER = "/*app.css*/";
let encodedCss: { text: string; bytes: Buffer<ArrayBuffer> } | null = null;

/** The page's bytes with the stylesheet in its place (the stylesheet encoded once per build, not per page). */
function withStylesheet(html: string, css: string): Buffer<ArrayBuffer> {
  const at = html.indexOf(CSS_PLACEHOLDER);
  if (at < 0) return Buffer.from(html, "utf8");
  if (encodedCss?.text !== css) encodedCss = { text: css, bytes: Buffer.from(css, "utf8") };
  // Buffer.concat always allocates a plain ArrayBuffer.
  return Buffer.concat([
    Buffer.from(html.slice(0, at), "utf8"),
    encodedCss.bytes,
    Buffer.from(html.slice(at + CSS_PLACEHOLDER.length), "utf8"),
  ]) as Buffer<ArrayBuffer>;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Every database connection was busy for longer than the pool's wait: overloaded, not broken.
  if (overloaded.has(request)) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(OVERLOAD_RETRY_AFTER_S));
    responseHeaders.set("Cache-Control", "no-store");
  }
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const nonce = loadContext.cspNonce || undefined;
    // Public pages in production are built whole and sent with the hashes of their inline scripts in their policy
    // (no per-response nonce), so the same bytes serve every visitor: the render cache and a CDN may keep them.
    // They paint before their scripts load (decision 009).
    const whole = import.meta.env.PROD && !nonce && hydratesAfterPaint(new URL(request.url).pathname);
    // Crawlers get the whole document at once too; browsers get the admin area's shell as soon as it is ready.
    const readyOption =
      whole || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const css = loadContext.readClientAsset?.(appCssHref) ?? null;
    // A whole page gets its stylesheet (about half of its bytes) after rendering, as bytes encoded once: React, the
    // paint-first rewrite and the script-hash scan then never handle those 47 KB.
    const splice = whole && css ? css : null;

    const { pipe, abort } = renderToPipeableStream(
      <InlineCssContext.Provider value={splice ? CSS_PLACEHOLDER : css}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineCssContext.Provider>,
      {
        nonce,
        // React 19.2+ moves any finished Suspense boundary over 500 bytes to the end of the document once 12.8 KB
        // have been sent, and a script puts it in place. Our pages are complete when the shell is (islands render
        // synchronously on the server), so keep everything in document order: the HTML reads right without
        // JavaScript and nothing shifts when the script runs.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (whole) {
            const chunks: Buffer[] = [];
            const sink = new Writable({
              write(chunk: Buffer, _encoding, callback) {
                chunks.push(chunk);
                callback();
              },
              final(callback) {
                // The starter also sends the page view of a visitor who leaves before the app is live.
                const html = deferHydrationInDocument(Buffer.concat(chunks).toString("utf8"), {
                  pageViewHostname: loadContext.services.config.siteHostname,
                });
                const body = splice ? withStylesheet(html, splice) : Buffer.from(html, "utf8");
                responseHeaders.set(
                  "Content-Security-Policy",
                  contentSecurityPolicy({ hashes: inlineScriptHashes(html) }),
                );
                responseHeaders.set("Content-Length", String(body.length));
                resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
                callback();
              },
            });
            sink.once("error", reject);
            pipe(sink);
            return;
          }
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (!shellRendered) return;
          const logger = loadContext.services?.logger;
          if (logger) logger.error({ err: error, path: new URL(request.url).pathname }, "render failed");
          else console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
