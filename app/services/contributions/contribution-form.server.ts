import { data, redirect } from "react-router";
import type { Translate } from "~/lib/i18n/translate";
import { type FormValues, formDataToObject } from "~/lib/schemas/form";
import { PROPOSAL_HONEYPOT_FIELD, PROPOSAL_TOKEN_FIELD } from "~/lib/schemas/proposal";
import { isFormRefusal, PUBLIC_FORM_LIMITS, readFormOrRefusal } from "~/server-lib/form.server";
import { requestTranslate } from "~/server-lib/messages.server";
import type { Services } from "../services.server";
import { hitClientRateLimit } from "../site/rate-limits.server";
import { checkFormToken, useFormToken } from "./form-timing.server";

export const NO_STORE = { "Cache-Control": "no-store" };

export type ContributionResult = { errors: Record<string, string>; values: FormValues };

/** A contribution form's answer with problems: the messages by field (`form` for the whole form) and what was typed. */
export function contributionFail(result: ContributionResult, status: number, extra: Record<string, string> = {}) {
  return data(result, { status, headers: { ...NO_STORE, ...extra } });
}

/** A contribution form as read: its values, and the form's timing token, used up when the contribution is stored. */
export type ContributionRead = { values: FormValues; form: string; token: string };

/**
 * The checks every public contribution form makes before reading its fields: a readable body, the honeypot (a bot
 * gets the thank-you redirect and nothing is stored) and the signed fill time. Returns the form's values, or the
 * answer to send instead (its messages in the page's language).
 */
export async function readContributionForm(
  { config, logger }: Pick<Services, "config" | "logger">,
  request: Request,
  opts: { form: string; done: string },
): Promise<ContributionRead | { answer: Response | ReturnType<typeof contributionFail> }> {
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
  const token = form.get(PROPOSAL_TOKEN_FIELD);
  const timing = checkFormToken(config.hashSecret, opts.form, token);
  if (timing !== "ok" || typeof token !== "string") {
    const message = timing === "expired" ? t("validation.formExpired") : t("validation.formTooFast");
    return { answer: contributionFail({ errors: { form: message }, values }, 400) };
  }
  return { values, form: opts.form, token };
}

/**
 * The last checks before a contribution is stored: it counts against its client address (null when allowed, else
 * the 429 answer with `Retry-After`), and it uses up its form's timing token, so one filled form stores one
 * contribution however often it is sent (a replay or a double submission is answered 409). Counted only for valid
 * posts, so fixing mistakes never locks out. The visitor's answers are kept and the messages are by `t`.
 */
export async function admitContribution(
  services: Pick<Services, "db">,
  clientIp: string,
  read: ContributionRead,
  t: Translate,
) {
  const limit = await hitClientRateLimit(services, "contribution", clientIp);
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterMs / 60_000));
    return contributionFail(
      {
        errors: {
          form: t("validation.contributionsRateLimited", { count: minutes }),
        },
        values: read.values,
      },
      429,
      { "Retry-After": String(Math.ceil(limit.retryAfterMs / 1000)) },
    );
  }
  if (await useFormToken(services, read.form, read.token)) return null;
  return contributionFail({ errors: { form: t("validation.formUsed") }, values: read.values }, 409);
}
