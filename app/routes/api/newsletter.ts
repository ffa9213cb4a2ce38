import { data, redirect } from "react-router";
import { emailErrorCode, NEWSLETTER_ERRORS, type NewsletterErrorCode } from "~/components/newsletter-outcome";
import { DEFAULT_LANGUAGE, isLanguage, type Language, languageFromPath, localizeHref } from "~/lib/i18n/languages";
import type { Translate } from "~/lib/i18n/translate";
import { EMAIL_MESSAGES, fieldErrors, NewsletterSchema } from "~/lib/schemas";
import { formDataToObject } from "~/lib/schemas/form";
import { isFormRefusal, PUBLIC_FORM_LIMITS, readFormOrRefusal } from "~/server-lib/form.server";
import { serverTranslate } from "~/server-lib/messages.server";
import { homeLanguage } from "~/server-lib/negotiate.server";
import { signUpAfterAnswer } from "~/services/newsletter/subscription-links.server";
import { hitClientRateLimit } from "~/services/site/rate-limits.server";
import type { Route } from "./+types/newsletter";

/**
 * Newsletter subscription. JavaScript clients (Accept or Content-Type application/json) get JSON; a plain form
 * post is redirected back to /newsletter in the form's language (its `language` field) with an outcome code. A new
 * address is stored unconfirmed, with that language, and sent a confirmation link in it (double opt-in); new, pending
 * and already-subscribed addresses get the same answer, so the form does not reveal who is subscribed.
 *
 * Every answer is in the language of the page that posted: the form's `language` field (sent by the page's form, as
 * a hidden field and in the JavaScript path's JSON), else the language of the referring page's path (a Referer of
 * `/de/…` is German, of `/` English), else the best of the request's Accept-Language (a script that says neither),
 * else English. The rate limit answers before the body is read, so it goes by the Referer or Accept-Language. The
 * subscription itself stores only the form's `language` (mail follows the page the visitor saw, not a header).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    const { t } = answerLanguage(request);
    return data({ ok: false, message: t("rest.newsletter.methodNotAllowed") }, { status: 405 });
  }
  const contentType = request.headers.get("content-type") ?? "";
  // An HTML form cannot send JSON, so a JSON body also means a script is asking.
  const wantsJson =
    (request.headers.get("accept") ?? "").includes("application/json") || contentType.includes("application/json");
  // The page to send a plain form back to, in its language: the form's field once the body is read, the referring
  // page's before that (a refusal by the rate limit does not read the body).
  let { lang, t } = answerLanguage(request);
  const page = (query: string) => localizeHref(`/newsletter?${query}`, lang);
  const fail = (code: NewsletterErrorCode, status: number, headers?: HeadersInit) =>
    wantsJson
      ? data({ ok: false, message: t(NEWSLETTER_ERRORS[code].key) }, { status, headers })
      : redirect(page(`error=${code}`), { status: 303, headers });

  const { logger } = context.services;
  const limit = await hitClientRateLimit(context.services, "newsletter", context.clientIp || "unknown").catch(
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
  if (contentType.includes("application/json")) {
    try {
      raw = await request.json();
    } catch {
      return fail("invalid-email", 400);
    }
  } else {
    const form = await readFormOrRefusal(request, t, PUBLIC_FORM_LIMITS);
    if (isFormRefusal(form)) return fail("invalid-email", form.status);
    raw = formDataToObject(form);
  }
  const sentLanguage = (raw as { language?: unknown } | null)?.language;
  if (isLanguage(sentLanguage)) {
    lang = sentLanguage;
    t = serverTranslate(lang);
  }
  const parsed = NewsletterSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const code = emailErrorCode(errors.email);
    if (!wantsJson) return redirect(page(`error=${code}`), 303);
    if (errors.email !== undefined) errors.email = emailMessage(t, errors.email);
    return data({ ok: false, message: errors.email ?? t(NEWSLETTER_ERRORS[code].key), errors }, { status: 400 });
  }
  // Stored unconfirmed, with a confirmation message, once the answer is sent: the answer is the same, and as quick,
  // whatever the address's state (decision 054).
  signUpAfterAnswer(context.services, "newsletter", {
    email: parsed.data.email,
    lang: parsed.data.language,
    clientIp: context.clientIp || "unknown",
    source: parsed.data.source,
  });
  if (!wantsJson) return redirect(page("subscribed=1"), 303);
  return data({ ok: true, message: t("newsletter.success") });
}

/**
 * The language to answer in before the form's own `language` is read: the referring page's, else the best of
 * Accept-Language, else English; with its message function.
 */
function answerLanguage(request: Request): { lang: Language; t: Translate } {
  const lang = refererLanguage(request) ?? homeLanguage({ acceptLanguage: request.headers.get("accept-language") });
  return { lang, t: serverTranslate(lang) };
}

function refererLanguage(request: Request): Language | null {
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    return languageFromPath(new URL(referer).pathname);
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** The e-mail check's English message (the shared schema's) in the answer's language. */
function emailMessage(t: Translate, message: string): string {
  if (message === EMAIL_MESSAGES.missing) return t("validation.emailMissing");
  if (message === EMAIL_MESSAGES.tooLong) return t("validation.emailTooLong");
  if (message === EMAIL_MESSAGES.invalid) return t("validation.emailInvalid");
  return message;
}

export function loader() {
  return redirect("/newsletter");
}
