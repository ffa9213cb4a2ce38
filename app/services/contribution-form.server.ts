import type { AppLoadContext } from "react-router";
import { data, redirect } from "react-router";
import { requestTranslate } from "../lib/i18n/messages.server";
import type { Translate } from "../lib/i18n/translate";
import { type FormValues, formDataToObject } from "../lib/schemas/form";
import { isFormRefusal, PUBLIC_FORM_LIMITS, readFormOrRefusal } from "../lib/schemas/form.server";
import { PROPOSAL_HONEYPOT_FIELD, PROPOSAL_TOKEN_FIELD } from "../lib/schemas/proposal";
import { hitRateLimit } from "../queries/rate-limits.server";
import { checkFormToken } from "./form-timing.server";

/** Contributions (proposed places and corrections) share one budget per client address and hour. */
const CONTRIBUTION_LIMIT = { limit: 10, windowMs: 60 * 60_000 };
export const NO_STORE = { "Cache-Control": "no-store" };

export type ContributionResult = { errors: Record<string, string>; values: FormValues };

/** A contribution form's answer with problems: the messages by field (`form` for the whole form) and what was typed. */
export function contributionFail(result: ContributionResult, status: number, extra: Record<string, string> = {}) {
  return data(result, { status, headers: { ...NO_STORE, ...extra } });
}

/**
 * The checks every public contribution form makes before reading its fields: a readable body, the honeypot (a bot
 * gets the thank-you redirect and nothing is stored) and the signed fill time. Returns the form's values, or the
 * answer to send instead (its messages in the page's language).
 */
export async function readContributionForm(
  request: Request,
  context: AppLoadContext,
  opts: { form: string; done: string },
): Promise<{ values: FormValues } | { answer: Response | ReturnType<typeof contributionFail> }> {
  const { config, logger } = context.services;
  const { t } = requestTranslate(request);
  const form = await readFormOrRefusal(request, t, PUBLIC_FORM_LIMITS);
  if (isFormRefusal(form)) {
    const message = form.refused === "unreadable" ? t("validation.unreadable") : form.message;
    return { answer: contributionFail({ errors: { form: message }, values: {} }, form.status) };
  }
  const values = formDataToObject(form);
  delete values[PROPOSAL_TOKEN_FIELD];
  const honeypot = form.get(PROPOSAL_HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    logger.info({ form: opts.form }, "honeypot filled; submission dropped");
    return { answer: redirect(opts.done, { status: 303, headers: NO_STORE }) };
  }
  const timing = checkFormToken(config.hashSecret, opts.form, form.get(PROPOSAL_TOKEN_FIELD));
  if (timing !== "ok") {
    const message = timing === "expired" ? t("validation.formExpired") : t("validation.formTooFast");
    return { answer: contributionFail({ errors: { form: message }, values }, 400) };
  }
  return { values };
}

/**
 * Counts a contribution that would be stored against its client address; null when allowed, else the 429 answer
 * (with `Retry-After`, the visitor's answers kept, the message by `t`). Counted only for valid posts, so fixing
 * mistakes never locks out.
 */
export async function limitContributions(context: AppLoadContext, values: FormValues, t: Translate) {
  const limit = await hitRateLimit(context.services.db, `proposal:${context.clientIp}`, CONTRIBUTION_LIMIT);
  if (limit.allowed) return null;
  const minutes = Math.max(1, Math.ceil(limit.retryAfterMs / 60_000));
  return contributionFail(
    {
      errors: {
        form: t("validation.contributionsRateLimited", { count: minutes }),
      },
      values,
    },
    429,
    { "Retry-After": String(Math.ceil(limit.retryAfterMs / 1000)) },
  );
}
