import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";

/**
 * The body a request carries to React Router, read beforehand by `formBodies` (server/form-bodies.ts) with its
 * address's limit; undefined when the request has none.
 */
export const BODY = Symbol("request body");
type WithBody = Request & { [BODY]?: Buffer };

/** Hands a body read in advance to the request handler below. */
export function setRequestBody(req: Request, body: Buffer): void {
  (req as WithBody)[BODY] = body;
}

const PLAIN_HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * The React Router request handler for Express (as `@react-router/express` does it, decision 051): the difference is
 * the body. That adapter hands the action the request's stream, so an action reads whatever arrives, as fast or as
 * large as the client sends; here the action gets the body `formBodies` already read within its address's limits,
 * and an address that takes no body gets none.
 *
 * `originExempt` names the posts whose Origin is not the site's own by design (a mail client's one-click
 * unsubscribe, authorised by the signed token in its address): their Origin is not handed on, so React Router's
 * own origin check does not refuse them.
 */
export function createReactRouterHandler(opts: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  getLoadContext: (req: Request, res: Response) => AppLoadContext;
  originExempt: (pathname: string) => boolean;
}) {
  const handleRequest = createRequestHandler(opts.build, opts.mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const request = fetchRequest(req, controller.signal, opts.originExempt);
      const response = await handleRequest(request, opts.getLoadContext(req, res));
      await sendResponse(res, response);
    } catch (err) {
      next(err);
    }
  };
}

function fetchRequest(
  req: Request,
  signal: AbortSignal,
  originExempt: (pathname: string) => boolean,
): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  if (originExempt(req.path)) headers.delete("origin");
  // req.host follows X-Forwarded-Host only when the proxy is trusted (TRUST_PROXY); a Host header that is not a
  // plain name (a path, a user part) cannot make a different URL out of the request.
  const host = PLAIN_HOST.test(req.host) ? req.host : "localhost";
  const url = `${req.protocol}://${host}${req.originalUrl}`;
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const body = (req as WithBody)[BODY];
    init.body = body ? new Uint8Array(body) : new Uint8Array(0);
  }
  return new Request(url, init);
}

async function sendResponse(res: Response, response: globalThis.Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (err) {
    if (res.destroyed || res.writableEnded) return;
    throw err;
  }
}
