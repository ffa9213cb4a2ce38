import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import { BODY_LIMITS, type BodyLimit } from "~/lib/constants";
import { languageFromPath } from "~/lib/i18n/languages";
import { formatByteSize } from "~/lib/numbers";
import { serverTranslate } from "~/server-lib/messages.server";
import { setRequestBody } from "./react-router-handler";
import { BodyAborted, BodyTimeout, declaredTooLarge, drainAfterAnswer, readBoundedBody } from "./request-body";

const BODYLESS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Staff's screens that anyone may post to (signing in, asking for a reset link, choosing a password). */
const OPEN_STAFF_FORMS = /^\/admin\/(login|logout|forgot-password|reset-password)\/?$/;
/**
 * After a refused body has been answered, at most this much more is read and discarded (so a browser still sending
 * can read the answer); then the connection is closed.
 */
const DRAIN_AFTER_REFUSAL = 4 * 1024 * 1024;

/** The limit of the body an address takes (decision 051). */
export function bodyLimitFor(pathname: string): BodyLimit {
  if (pathname.startsWith("/api/")) return BODY_LIMITS.api;
  if (pathname.startsWith("/admin/") && !OPEN_STAFF_FORMS.test(pathname)) return BODY_LIMITS.staffForm;
  return BODY_LIMITS.publicForm;
}

/**
 * For a request that asks before sending its body (`Expect: 100-continue`): false when the body it declares is over
 * its address's limit, so it is answered 413 without being invited to send it. Uploads decide for themselves.
 */
export function invitesBody(req: IncomingMessage): boolean {
  const pathname = (req.url ?? "/").split("?")[0] ?? "/";
  if (pathname.startsWith("/api/storage/")) return true;
  return !declaredTooLarge(req, bodyLimitFor(pathname).bytes);
}

class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the request body is larger than ${limit} bytes`);
  }
}

/**
 * Reads the body of every request that has one, before any route sees it: at most its address's byte limit, within
 * its time, never compressed. What goes past a limit is refused while it streams in (413, 408, 415), with a message in
 * the language of the address; the route then reads a body that is already whole and small (`readForm` caps its
 * fields). A body that fits is handed to React Router's handler (`setRequestBody`).
 */
export function formBodies(logger: Logger, limitFor: (pathname: string) => BodyLimit = bodyLimitFor) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (BODYLESS.has(req.method)) return next();
    const limit = limitFor(req.path);
    const encoding = (req.headers["content-encoding"] ?? "identity").toLowerCase();
    if (encoding !== "identity") return refuse(req, res, 415, "encoded", limit.bytes);
    try {
      const body = await readBoundedBody(req, limit.bytes, () => new BodyTooLarge(limit.bytes), limit.timeoutMs);
      setRequestBody(req, body);
      next();
    } catch (err) {
      if (err instanceof BodyAborted) {
        logger.debug({ path: req.path }, "request body stopped: the client went away");
        res.destroy();
        return;
      }
      if (err instanceof BodyTooLarge) return refuse(req, res, 413, "tooLarge", limit.bytes);
      if (err instanceof BodyTimeout) return refuse(req, res, 408, "slow", limit.bytes);
      next(err);
    }
  };
}

function refuse(
  req: Request,
  res: Response,
  status: 408 | 413 | 415,
  reason: "tooLarge" | "slow" | "encoded",
  bytes: number,
) {
  const lang = languageFromPath(req.path);
  const t = serverTranslate(lang);
  const message =
    reason === "tooLarge"
      ? t("rest.form.tooLarge", { size: formatByteSize(bytes, lang) })
      : reason === "slow"
        ? t("rest.form.slow")
        : t("rest.form.encoded");
  drainAfterAnswer(req, res, DRAIN_AFTER_REFUSAL);
  // The rest of the body is not wanted: the connection ends with this answer.
  res.setHeader("Connection", "close");
  res.setHeader("Cache-Control", "no-store");
  if (req.path.startsWith("/api/")) res.status(status).json({ ok: false, message });
  else res.status(status).type("text/plain; charset=utf-8").send(message);
}
