import { PassThrough, pipeline } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { appCssHref, InlineCssContext } from "./components/shell/app-stylesheet";
import { deferHydration, hydratesAfterPaint } from "./lib/defer-hydration.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and the render cache get the whole document at once; browsers get the shell as soon as it is ready.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const nonce = loadContext.cspNonce || undefined;
    const css = loadContext.readClientAsset?.(appCssHref) ?? null;

    const { pipe, abort } = renderToPipeableStream(
      <InlineCssContext.Provider value={css}>
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
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          // Public pages paint before their scripts load (decision 009).
          const deferred = import.meta.env.PROD && hydratesAfterPaint(new URL(request.url).pathname);
          // The starter also sends the page view of a visitor who leaves before the app is live.
          const output = deferred
            ? deferHydration({ pageViewHostname: loadContext.services.config.siteHostname })
            : body;
          // pipeline: when the client goes away and `body` is destroyed, the transform is too, which aborts React.
          if (deferred) pipeline(output, body, () => {});
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(output);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
