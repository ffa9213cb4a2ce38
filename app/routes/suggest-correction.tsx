import { data, Form, redirect, useNavigation } from "react-router";
import { CheckboxField, ErrorSummary, TextAreaField, TextField } from "../components/admin/form-field";
import { AppLink } from "../components/app-link";
import { CircleCheck } from "../components/icons";
import { PageIntro } from "../components/public/page-intro";
import { isUuid } from "../lib/ids";
import { pageMeta } from "../lib/meta";
import { fieldErrors } from "../lib/schemas";
import {
  CORRECTABLE_KINDS,
  CORRECTION_FIELDS,
  type CorrectableKind,
  CorrectionExtrasSchema,
  readCorrection,
} from "../lib/schemas/correction";
import { type FormValues, formDataToObject, textValue } from "../lib/schemas/form";
import { PROPOSAL_HONEYPOT_FIELD, PROPOSAL_LIMITS, PROPOSAL_TOKEN_FIELD } from "../lib/schemas/proposal";
import { correctionTarget, proposeCorrection } from "../services/corrections.server";
import { checkFormToken, issueFormToken } from "../services/form-timing.server";
import { hitRateLimit } from "../services/rate-limit.server";
import type { Route } from "./+types/suggest-correction";

const FORM_NAME = "suggest-correction";
/** Shared with place proposals: one budget of contributions per client address and hour. */
const PROPOSAL_LIMIT = { limit: 10, windowMs: 60 * 60_000 };
const NO_STORE = { "Cache-Control": "no-store" };
const KIND_NOUN: Record<CorrectableKind, string> = { location: "place", program: "program", "change-maker": "profile" };

/** The entry a correction page is about: published entries only (the public cannot correct what it cannot see). */
async function publicTarget(context: Route.LoaderArgs["context"], params: { kind: string; id: string }) {
  const kind = CORRECTABLE_KINDS.find((k) => k === params.kind);
  if (!kind || !isUuid(params.id)) throw data("Entry not found", { status: 404 });
  const target = await correctionTarget(context.services, kind, params.id);
  if (target?.status !== "published") throw data("Entry not found", { status: 404 });
  return target;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const target = await publicTarget(context, params);
  const submitted = new URL(request.url).searchParams.get("submitted") === "1";
  return {
    siteUrl: context.services.config.siteUrl,
    submitted,
    token: issueFormToken(context.services.config.hashSecret, FORM_NAME),
    entry: { kind: target.kind, id: target.id, name: target.name, path: target.path, current: target.current },
    fields: CORRECTION_FIELDS[target.kind].map((f) => ({ key: f.key, label: f.label, input: f.input })),
  };
}

type ActionResult = { errors: Record<string, string>; values: FormValues };

function fail(result: ActionResult, status: number, extra: Record<string, string> = {}) {
  return data(result, { status, headers: { ...NO_STORE, ...extra } });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, config, logger } = context.services;
  const target = await publicTarget(context, params);
  const done = `/suggest-a-correction/${target.kind}/${target.id}?submitted=1`;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return fail({ errors: { form: "The form could not be read. Please try again." }, values: {} }, 400);
  }
  const values = formDataToObject(form);
  delete values[PROPOSAL_TOKEN_FIELD];
  const honeypot = form.get(PROPOSAL_HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    logger.info({ form: FORM_NAME }, "honeypot filled; submission dropped");
    return redirect(done, { status: 303, headers: NO_STORE });
  }
  const timing = checkFormToken(config.hashSecret, FORM_NAME, form.get(PROPOSAL_TOKEN_FIELD));
  if (timing !== "ok") {
    const message =
      timing === "expired"
        ? "This page was open for a long time. Your answers are still here: please check them and send the form again."
        : "That was very quick! Please take a moment to check your answers, then send the form again.";
    return fail({ errors: { form: message }, values }, 400);
  }
  const extras = CorrectionExtrasSchema.safeParse(values);
  const correction = readCorrection(target.kind, values, target.current);
  const errors = {
    ...(correction.ok ? {} : correction.errors),
    ...(extras.success ? {} : fieldErrors(extras.error)),
  };
  if (!correction.ok || !extras.success) return fail({ errors, values }, 400);
  const closure = target.kind === "location" ? extras.data.closure : null;
  if (Object.keys(correction.changes).length === 0 && !closure && !extras.data.comment) {
    return fail(
      {
        errors: { form: "Nothing has changed: correct a value, say it has closed or moved, or tell us in a comment." },
        values,
      },
      400,
    );
  }
  const limit = await hitRateLimit(db, `proposal:${context.clientIp}`, PROPOSAL_LIMIT);
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterMs / 60_000));
    return fail(
      {
        errors: {
          form: `We have received many suggestions from your connection in the last hour. Please try again in about ${minutes} minute${minutes === 1 ? "" : "s"}; your answers are still here.`,
        },
        values,
      },
      429,
      { "Retry-After": String(Math.ceil(limit.retryAfterMs / 1000)) },
    );
  }
  await proposeCorrection(context.services, target, correction, { ...extras.data, closure });
  return redirect(done, { status: 303, headers: NO_STORE });
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.entry.name ?? "an entry";
  return [
    ...pageMeta({
      title: loaderData?.submitted ? "Thank you for your correction" : `Suggest a correction: ${name}`,
      description: `Tell us what is out of date about ${name}; our team checks every correction.`,
      siteUrl: loaderData?.siteUrl,
      path: loaderData ? `/suggest-a-correction/${loaderData.entry.kind}/${loaderData.entry.id}` : "/",
    }),
    { name: "robots", content: "noindex" },
  ];
}

type TextInput = "text" | "email" | "url" | "number" | "date" | "tel";
const inputType = (input: string): TextInput =>
  (["email", "url", "number", "date", "tel"] as const).find((t) => t === input) ?? "text";

export default function SuggestCorrection({ loaderData, actionData }: Route.ComponentProps) {
  const { submitted, token, entry, fields } = loaderData;
  const values: FormValues | undefined = actionData?.values;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const sending = useNavigation().state === "submitting";
  const noun = KIND_NOUN[entry.kind];
  if (submitted) {
    return (
      <main id="main">
        <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
          <div role="status" className="rounded-2xl border border-leaf-200 bg-white p-6 shadow-sm sm:p-10">
            <CircleCheck aria-hidden="true" className="h-12 w-12 text-leaf-700" />
            <h1 className="mt-4 text-3xl font-bold tracking-tight text-leaf-900">Thank you for your correction</h1>
            <p className="mt-3 text-lg text-stone-800">
              Our team checks it before the {noun}'s page changes. The page shows the current details until then.
            </p>
            <p className="mt-6">
              <AppLink to={entry.path} className="font-semibold text-leaf-800 underline">
                Back to {entry.name}
              </AppLink>
            </p>
          </div>
        </div>
      </main>
    );
  }
  const value = (key: string) => (values ? textValue(values, key) : (entry.current[key] ?? ""));
  const closure = values ? textValue(values, "closure") || "open" : "open";
  const labels = Object.fromEntries(fields.map((f) => [f.key, f.label]));
  return (
    <main id="main">
      <PageIntro
        title={`Suggest a correction: ${entry.name}`}
        lead={`These are the ${noun}'s details as the site shows them. Change what is wrong; our team checks every correction before the page changes.`}
      />
      <div className="mx-auto max-w-3xl px-4 py-8">
        <ErrorSummary
          errors={errors}
          labels={{ ...labels, comment: "Comment", proposerEmail: "Your e-mail", consent: "Privacy" }}
        />
        <Form method="post" noValidate className="space-y-8" aria-label="Suggest a correction">
          <input type="hidden" name={PROPOSAL_TOKEN_FIELD} value={token} readOnly />
          <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
            <label htmlFor={PROPOSAL_HONEYPOT_FIELD}>Homepage (leave empty)</label>
            <input
              id={PROPOSAL_HONEYPOT_FIELD}
              name={PROPOSAL_HONEYPOT_FIELD}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              defaultValue=""
            />
          </div>
          {entry.kind === "location" ? (
            <fieldset className="space-y-2 rounded-xl border border-leaf-100 bg-white p-5">
              <legend className="px-1 text-lg font-semibold text-leaf-900">Is it still there?</legend>
              {[
                { value: "open", label: "Yes, it is still open" },
                { value: "closed", label: "It has closed" },
                { value: "moved", label: "It has moved (give the new address below)" },
              ].map((o) => (
                <div key={o.value} className="flex items-center gap-2">
                  <input
                    id={`closure-${o.value}`}
                    type="radio"
                    name="closure"
                    value={o.value}
                    defaultChecked={closure === o.value}
                    className="h-5 w-5 accent-leaf-700"
                  />
                  <label htmlFor={`closure-${o.value}`}>{o.label}</label>
                </div>
              ))}
            </fieldset>
          ) : null}
          <fieldset className="space-y-4 rounded-xl border border-leaf-100 bg-white p-5">
            <legend className="px-1 text-lg font-semibold text-leaf-900">The details</legend>
            {fields.map((f) =>
              f.input === "textarea" ? (
                <TextAreaField
                  key={f.key}
                  name={f.key}
                  label={f.label}
                  rows={3}
                  defaultValue={value(f.key)}
                  error={errors[f.key]}
                />
              ) : (
                <TextField
                  key={f.key}
                  name={f.key}
                  label={f.label}
                  type={inputType(f.input)}
                  step={f.input === "number" ? "any" : undefined}
                  defaultValue={value(f.key)}
                  error={errors[f.key]}
                />
              ),
            )}
          </fieldset>
          <fieldset className="space-y-4 rounded-xl border border-leaf-100 bg-white p-5">
            <legend className="px-1 text-lg font-semibold text-leaf-900">Anything else</legend>
            <TextAreaField
              name="comment"
              label="Comment"
              rows={3}
              maxLength={PROPOSAL_LIMITS.comment}
              defaultValue={values ? textValue(values, "comment") : ""}
              error={errors.comment}
              hint="What is wrong, or how you know (optional)."
            />
            <TextField
              name="proposerEmail"
              label="Your e-mail"
              type="email"
              autoComplete="email"
              defaultValue={values ? textValue(values, "proposerEmail") : ""}
              error={errors.proposerEmail}
              hint="Optional: only if you are happy for us to ask you about it. It is never published."
            />
            <CheckboxField
              name="consent"
              label="I agree that the network keeps my e-mail address with this correction to contact me about it"
              defaultChecked={values ? textValue(values, "consent") === "on" : false}
              error={errors.consent}
              hint={
                <>
                  Needed only if you give your e-mail. See our{" "}
                  <AppLink to="/privacy" className="text-leaf-800 underline">
                    privacy policy
                  </AppLink>
                  .
                </>
              }
            />
          </fieldset>
          <div className="flex flex-wrap items-center gap-4">
            <button
              type="submit"
              disabled={sending}
              className="rounded-md bg-leaf-700 px-6 py-3 font-semibold text-white hover:bg-leaf-800 disabled:opacity-60"
            >
              {sending ? "Sending…" : "Send correction"}
            </button>
            <AppLink to={entry.path} className="font-semibold text-leaf-800 underline">
              Cancel
            </AppLink>
          </div>
        </Form>
      </div>
    </main>
  );
}
