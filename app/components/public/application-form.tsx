import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Trans, useLocalizeHref, useTranslation } from "~/lib/i18n/react";
import {
  APPLICANT_TYPES,
  APPLICATION_FIELDS,
  APPLICATION_LIMITS,
  type ApplicationField,
  ApplicationSchema,
  type ApplicationValues,
  applicationErrors,
  applicationValuesFromForm,
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
} from "~/lib/schemas/application";
import { translateErrors } from "~/lib/schemas/message-codes";
import { AppLink } from "../app-link";

type Errors = Partial<Record<ApplicationField, string>>;

/** Each field's name in the error summary (message keys). */
const LABELS: Record<ApplicationField, string> = {
  fullName: "application.fullName",
  email: "application.email",
  applicantType: "application.applicantType",
  organization: "application.organization",
  country: "application.country",
  region: "application.region",
  focusAreas: "application.focusAreas",
  experience: "application.experience",
  seeking: "application.seeking",
  website: "application.website",
  consent: "application.consentSummary",
};

/** The element a summary link moves focus to (first option of a group). */
const FIELD_TARGET: Partial<Record<ApplicationField, string>> = {
  applicantType: "applicantType-educator",
  focusAreas: "focusAreas-first",
};

const inputCls = (invalid: boolean) =>
  `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base text-stone-900 ${
    invalid ? "border-red-700 ring-1 ring-red-700" : "border-stone-400 focus:border-leaf-600"
  }`;

function FieldError({ id, message }: { id: string; message?: string }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-800">
      <span className="sr-only">{t("formCommon.errorPrefix")} </span>
      {message}
    </p>
  );
}

/**
 * The application form. The same Zod schema checks it here (messages appear before anything is sent) and in
 * the route action. Works without JavaScript: the server answers with the same messages and the values kept.
 */
export function ApplicationForm({
  token,
  regions,
  focusGroups,
  serverErrors,
  formError,
  values: initialValues,
}: {
  token: string;
  regions: { key: string; name: string }[];
  focusGroups: { id: string; name: string; items: { id: string; name: string }[] }[];
  serverErrors?: Errors;
  formError?: string;
  values?: ApplicationValues;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const action = useLocalizeHref()("/application");
  const submitting = navigation.state === "submitting" && navigation.formAction === action;
  const [clientErrors, setClientErrors] = useState<Errors | null>(null);
  const [attempt, setAttempt] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const errors: Errors = clientErrors ?? serverErrors ?? {};
  const errorList = APPLICATION_FIELDS.filter((f) => errors[f]);
  const values = initialValues ?? {};
  const text = (f: ApplicationField) => {
    const v = values[f];
    return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
  };
  const chosenFocus = new Set(
    Array.isArray(values.focusAreas) ? values.focusAreas : values.focusAreas ? [values.focusAreas] : [],
  );

  // A failed submit (checked here or on the server) moves focus to the summary so it is announced and visible.
  // Runs once per failed attempt or server answer.
  useEffect(() => {
    if (errorList.length > 0 || formError) summaryRef.current?.focus();
  }, [attempt, serverErrors, formError]);

  function revalidate(form: HTMLFormElement) {
    const parsed = ApplicationSchema.safeParse(applicationValuesFromForm(new FormData(form)));
    return parsed.success ? {} : translateErrors(t, applicationErrors(parsed.error));
  }

  const describedBy = (f: ApplicationField, hint?: string) =>
    [hint, errors[f] ? `${f}-error` : undefined].filter(Boolean).join(" ") || undefined;

  return (
    <Form
      method="post"
      action={action}
      noValidate
      data-analytics-form="application"
      data-analytics-start
      aria-describedby="application-required-note"
      className="space-y-8"
      onSubmit={(e) => {
        const found = revalidate(e.currentTarget);
        if (Object.keys(found).length > 0) {
          e.preventDefault();
          setClientErrors(found);
          setAttempt((n) => n + 1);
        } else {
          setClientErrors({});
        }
      }}
      onChange={(e) => {
        // After a failed attempt, messages update as the person corrects the fields.
        if (clientErrors !== null || serverErrors) setClientErrors(revalidate(e.currentTarget));
      }}
    >
      {errorList.length > 0 || formError ? (
        <div
          ref={summaryRef}
          tabIndex={-1}
          role="alert"
          aria-labelledby="error-summary-title"
          className="rounded-lg border-2 border-red-700 bg-red-50 p-4 text-red-900"
        >
          <h2 id="error-summary-title" className="text-lg font-semibold">
            {errorList.length > 0 ? t("application.problems", { count: errorList.length }) : t("application.notSent")}
          </h2>
          {formError ? <p className="mt-1">{formError}</p> : null}
          {errorList.length > 0 ? (
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {errorList.map((f) => (
                <li key={f}>
                  <a href={`#${FIELD_TARGET[f] ?? f}`} className="font-medium underline">
                    {t(LABELS[f])}: {errors[f]}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <p id="application-required-note" className="text-sm text-stone-700">
        <Trans
          i18nKey="application.requiredNote"
          components={{ star: <span aria-hidden="true" />, sr: <span className="sr-only" /> }}
        />
      </p>

      <input type="hidden" name={FORM_TOKEN_FIELD} value={token} />
      {/* Left empty by people (they never see it); form-filling bots tend to fill every field. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor={HONEYPOT_FIELD}>{t("application.honeypot")}</label>
        <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <fieldset className="space-y-5 rounded-xl border border-leaf-100 bg-white p-5">
        <legend className="px-1 text-lg font-semibold text-leaf-900">{t("application.aboutYou")}</legend>
        <div>
          <label htmlFor="fullName" className="font-medium">
            {t("application.fullName")} <span aria-hidden="true">*</span>
          </label>
          <input
            id="fullName"
            name="fullName"
            autoComplete="name"
            required
            maxLength={APPLICATION_LIMITS.fullName}
            defaultValue={text("fullName")}
            aria-invalid={errors.fullName ? true : undefined}
            aria-describedby={describedBy("fullName")}
            className={inputCls(Boolean(errors.fullName))}
          />
          <FieldError id="fullName-error" message={errors.fullName} />
        </div>
        <div>
          <label htmlFor="email" className="font-medium">
            {t("application.email")} <span aria-hidden="true">*</span>
          </label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={text("email")}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy("email", "email-hint")}
            className={inputCls(Boolean(errors.email))}
          />
          <p id="email-hint" className="mt-1 text-sm text-stone-600">
            {t("application.emailHint")}
          </p>
          <FieldError id="email-error" message={errors.email} />
        </div>
        <fieldset aria-describedby={describedBy("applicantType")}>
          <legend className="font-medium">
            {t("application.applicantType")} <span aria-hidden="true">*</span>
          </legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {APPLICANT_TYPES.map((type) => (
              <label
                key={type.value}
                htmlFor={`applicantType-${type.value}`}
                className="flex cursor-pointer gap-3 rounded-lg border border-stone-300 p-3 has-[:checked]:border-leaf-700 has-[:checked]:bg-leaf-50"
              >
                <input
                  id={`applicantType-${type.value}`}
                  type="radio"
                  name="applicantType"
                  value={type.value}
                  defaultChecked={text("applicantType") === type.value}
                  required
                  aria-invalid={errors.applicantType ? true : undefined}
                  aria-describedby={`applicantType-${type.value}-hint`}
                  className="mt-1 h-4 w-4 accent-leaf-700"
                />
                <span>
                  <span className="block font-semibold">{t(type.label)}</span>
                  <span id={`applicantType-${type.value}-hint`} className="block text-sm text-stone-700">
                    {t(type.hint)}
                  </span>
                </span>
              </label>
            ))}
          </div>
          <FieldError id="applicantType-error" message={errors.applicantType} />
        </fieldset>
        <div>
          <label htmlFor="organization" className="font-medium">
            {t("application.organization")}{" "}
            <span className="font-normal text-stone-600">{t("formCommon.optional")}</span>
          </label>
          <input
            id="organization"
            name="organization"
            autoComplete="organization"
            maxLength={APPLICATION_LIMITS.organization}
            defaultValue={text("organization")}
            aria-invalid={errors.organization ? true : undefined}
            aria-describedby={describedBy("organization", "organization-hint")}
            className={inputCls(Boolean(errors.organization))}
          />
          <p id="organization-hint" className="mt-1 text-sm text-stone-600">
            {t("application.organizationHint")}
          </p>
          <FieldError id="organization-error" message={errors.organization} />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <label htmlFor="country" className="font-medium">
              {t("application.country")} <span aria-hidden="true">*</span>
            </label>
            <input
              id="country"
              name="country"
              autoComplete="country-name"
              required
              maxLength={APPLICATION_LIMITS.country}
              defaultValue={text("country")}
              aria-invalid={errors.country ? true : undefined}
              aria-describedby={describedBy("country")}
              className={inputCls(Boolean(errors.country))}
            />
            <FieldError id="country-error" message={errors.country} />
          </div>
          <div>
            <label htmlFor="region" className="font-medium">
              {t("application.region")} <span aria-hidden="true">*</span>
            </label>
            <select
              id="region"
              name="region"
              autoComplete="off"
              required
              defaultValue={text("region")}
              aria-invalid={errors.region ? true : undefined}
              aria-describedby={describedBy("region")}
              className={inputCls(Boolean(errors.region))}
            >
              <option value="">{t("application.chooseRegion")}</option>
              {regions.map((r) => (
                <option key={r.key} value={r.key}>
                  {r.name}
                </option>
              ))}
            </select>
            <FieldError id="region-error" message={errors.region} />
          </div>
        </div>
        <div>
          <label htmlFor="website" className="font-medium">
            {t("application.website")} <span className="font-normal text-stone-600">{t("formCommon.optional")}</span>
          </label>
          <input
            id="website"
            name="website"
            type="url"
            inputMode="url"
            autoComplete="url"
            maxLength={APPLICATION_LIMITS.website}
            placeholder="https://"
            defaultValue={text("website")}
            aria-invalid={errors.website ? true : undefined}
            aria-describedby={describedBy("website")}
            className={inputCls(Boolean(errors.website))}
          />
          <FieldError id="website-error" message={errors.website} />
        </div>
      </fieldset>

      {/* Below the first screen: its many boxes get style and layout when they come near the viewport. */}
      <fieldset
        className="rounded-xl border border-leaf-100 bg-white p-5 [contain-intrinsic-height:auto_40rem] [content-visibility:auto]"
        aria-describedby={describedBy("focusAreas", "focusAreas-hint")}
      >
        <legend className="px-1 text-lg font-semibold text-leaf-900">
          {t("application.focusAreas")} <span aria-hidden="true">*</span>
        </legend>
        <p id="focusAreas-hint" className="text-sm text-stone-700">
          {t("application.focusAreasHint")}
        </p>
        <FieldError id="focusAreas-error" message={errors.focusAreas} />
        <div className="mt-4 grid gap-5 md:grid-cols-2">
          {focusGroups.map((g, gi) => (
            <fieldset key={g.id}>
              <legend className="font-semibold text-stone-800">{g.name}</legend>
              <ul className="mt-2 space-y-1.5">
                {g.items.map((f, fi) => {
                  const id = gi === 0 && fi === 0 ? "focusAreas-first" : `focus-${f.id}`;
                  return (
                    <li key={f.id}>
                      <label htmlFor={id} className="inline-flex min-h-8 cursor-pointer items-center gap-2">
                        <input
                          id={id}
                          type="checkbox"
                          name="focusAreas"
                          value={f.id}
                          defaultChecked={chosenFocus.has(f.id)}
                          aria-invalid={errors.focusAreas ? true : undefined}
                          className="h-4 w-4 accent-leaf-700"
                        />
                        {f.name}
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          ))}
        </div>
      </fieldset>

      <fieldset className="space-y-5 rounded-xl border border-leaf-100 bg-white p-5">
        <legend className="px-1 text-lg font-semibold text-leaf-900">{t("application.tellUsMore")}</legend>
        <div>
          <label htmlFor="experience" className="font-medium">
            {t("application.experience")} <span aria-hidden="true">*</span>
          </label>
          <textarea
            id="experience"
            name="experience"
            rows={5}
            required
            maxLength={APPLICATION_LIMITS.longText}
            defaultValue={text("experience")}
            aria-invalid={errors.experience ? true : undefined}
            aria-describedby={describedBy("experience", "experience-hint")}
            className={inputCls(Boolean(errors.experience))}
          />
          <p id="experience-hint" className="mt-1 text-sm text-stone-600">
            {t("application.experienceHint")}
          </p>
          <FieldError id="experience-error" message={errors.experience} />
        </div>
        <div>
          <label htmlFor="seeking" className="font-medium">
            {t("application.seeking")} <span aria-hidden="true">*</span>
          </label>
          <textarea
            id="seeking"
            name="seeking"
            rows={5}
            required
            maxLength={APPLICATION_LIMITS.longText}
            defaultValue={text("seeking")}
            aria-invalid={errors.seeking ? true : undefined}
            aria-describedby={describedBy("seeking", "seeking-hint")}
            className={inputCls(Boolean(errors.seeking))}
          />
          <p id="seeking-hint" className="mt-1 text-sm text-stone-600">
            {t("application.seekingHint")}
          </p>
          <FieldError id="seeking-error" message={errors.seeking} />
        </div>
      </fieldset>

      <div className="rounded-xl border border-leaf-100 bg-white p-5">
        <div className="flex items-start gap-3">
          <input
            id="consent"
            name="consent"
            type="checkbox"
            required
            defaultChecked={text("consent") === "on"}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={describedBy("consent", "consent-hint")}
            className="mt-1 h-5 w-5 accent-leaf-700"
          />
          <div>
            <label htmlFor="consent" className="font-medium">
              {t("application.consent")} <span aria-hidden="true">*</span>
            </label>
            <p id="consent-hint" className="text-sm text-stone-700">
              <Trans
                i18nKey="application.consentHint"
                components={{ privacy: <AppLink to="/privacy" className="text-leaf-800 underline" /> }}
              />
            </p>
            <FieldError id="consent-error" message={errors.consent} />
          </div>
        </div>
      </div>

      <button
        type="submit"
        disabled={submitting}
        className="min-h-12 w-full rounded-md bg-leaf-700 px-6 py-3 text-lg font-semibold text-white hover:bg-leaf-800 disabled:opacity-70 sm:w-auto"
      >
        {submitting ? t("application.sending") : t("application.send")}
      </button>
    </Form>
  );
}
