import { data, redirect } from "react-router";
import { emailErrorCode, NEWSLETTER_ERRORS, type NewsletterErrorCode } from "~/components/newsletter-outcome";
import { NEWSLETTER_MESSAGES } from "~/lib/constants";
import { DEFAULT_LANGUAGE, isLanguage, type Language, languageFromPath, localizeHref } from "~/lib/i18n/languages";
import { fieldErrors, NewsletterSchema } from "~/lib/schemas";
import { requestNewsletterSubscription } from "~/services/newsletter.server";
import { hitRateLimit } from "~/services/rate-limits.server";
import type { Route } from "./+types/newsletter";

/** Sign-ups allowed per client address and window: generous for people, a wall for scripts. */
export const NEWSLETTER_RATE_LIMIT = { limit: 20, windowMs: 60_000 } as const;

/**
 * Newsletter subscription. JavaScript clients (Accept or Content-Type application/json) get JSON; a plain form
 * post is redirected back to /newsletter in the form's language (its `language` field) with an outcome code. A new
 * address is stored unconfirmed, with that language, and sent a confirmation link in it (double opt-in); new, pending
 * and already-subscribed addresses get the same answer, so the form does not reveal who is subscribed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ ok: false, message: "Method not allowed" }, { status: 405 });
  const contentType = request.headers.get("content-type") ?? "";
  // An HTML form cannot send JSON, so a JSON body also means a script is asking.
  const wantsJson =
    (request.headers.get("accept") ?? "").includes("application/json") || contentType.includes("application/json");
  // The page to send a plain form back to, in its language: the form's field once the body is read, the referring
  // page's before that (a refusal by the rate limit does not read the body).
  let lang: Language = refererLanguage(request);
  const page = (query: string) => localizeHref(`/newsletter?${query}`, lang);
  const fail = (code: NewsletterErrorCode, status: number, headers?: HeadersInit) =>
    wantsJson
      ? data({ ok: false, message: NEWSLETTER_ERRORS[code].message }, { status, headers })
      : redirect(page(`error=${code}`), { status: 303, headers });

  const { db, logger } = context.services;
  const limit = await hitRateLimit(db, `newsletter:${context.clientIp || "unknown"}`, NEWSLETTER_RATE_LIMIT).catch(
    (err: unknown) => {
      // The limiter must never stop a real sign-up; a database hiccup here is logged and the request goes on.
      logger.warn({ err }, "newsletter rate limit unavailable");
      return null;
    },
  );
  if (limit && !limit.allowed) {
    return fail("too-many", 429, { "Retry-After": String(Math.ceil(limit.retryAfterMs / 1000)) });
  }

  let raw: unknown;
  try {
    raw = contentType.includes("application/json")
      ? await request.json()
      : Object.fromEntries(await request.formData());
  } catch {
    return fail("invalid-email", 400);
  }
  const sentLanguage = (raw as { language?: unknown } | null)?.language;
  if (isLanguage(sentLanguage)) lang = sentLanguage;
  const parsed = NewsletterSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const code = emailErrorCode(errors.email);
    return wantsJson
      ? data({ ok: false, message: errors.email ?? NEWSLETTER_ERRORS[code].message, errors }, { status: 400 })
      : redirect(page(`error=${code}`), 303);
  }
  try {
    // Stored unconfirmed, with a confirmation message; the answer is the same whatever the address's state.
    await requestNewsletterSubscription(context.services, parsed.data.email, parsed.data.source, parsed.data.language);
  } catch (err) {
    logger.error({ err }, "newsletter subscription failed");
    return fail("failed", 500);
  }
  if (!wantsJson) return redirect(page("subscribed=1"), 303);
  return data({ ok: true, message: NEWSLETTER_MESSAGES.success });
}

function refererLanguage(request: Request): Language {
  try {
    return languageFromPath(new URL(request.headers.get("referer") ?? "").pathname);
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function loader() {
  return redirect("/newsletter");
}
