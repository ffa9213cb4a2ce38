import { useMemo, useState } from "react";
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
import {
  describedBy,
  ErrorSummary,
  FieldError,
  fieldIds,
  LargeLabel,
  SelectField,
  TextAreaField,
  TextField,
} from "../forms/form-field";
import { FormSection } from "../forms/public-form-parts";
import { LinkedMessage } from "./linked-message";

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

/** The two long answers, each with its hint. */
const LONG_ANSWERS = [
  ["experience", "application.experienceHint"],
  ["seeking", "application.seekingHint"],
] as const;

/** The element a summary link moves focus to (first option of a group). */
const FIELD_TARGET: Partial<Record<ApplicationField, string>> = {
  applicantType: "applicantType-educator",
  focusAreas: "focusAreas-first",
};

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

  // A failed submit (checked here or on the server) moves focus to the summary so it is announced and visible:
  // once per failed attempt or server answer, not as messages update while the person corrects the fields.
  const summaryFocus = useMemo(() => ({}), [attempt, serverErrors, formError]);
  /** The kit's props of a field: its name, label, value kept, error and the application's look. */
  const field = (f: ApplicationField) =>
    ({ name: f, label: t(LABELS[f]), defaultValue: text(f), error: errors[f], look: "large" }) as const;

  function revalidate(form: HTMLFormElement) {
    const parsed = ApplicationSchema.safeParse(applicationValuesFromForm(new FormData(form)));
    return parsed.success ? {} : translateErrors(t, applicationErrors(parsed.error));
  }

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
      <ErrorSummary
        look="large"
        errors={Object.fromEntries(errorList.map((f) => [f, errors[f] ?? ""]))}
        labels={Object.fromEntries(errorList.map((f) => [f, t(LABELS[f])]))}
        title={errorList.length > 0 ? t("application.problems", { count: errorList.length }) : t("application.notSent")}
        formError={formError}
        targets={FIELD_TARGET}
        focusKey={summaryFocus}
      />

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

      <FormSection legend={t("application.aboutYou")} spacing="space-y-5">
        <TextField {...field("fullName")} required autoComplete="name" maxLength={APPLICATION_LIMITS.fullName} />
        <TextField
          {...field("email")}
          type="email"
          required
          autoComplete="email"
          maxLength={254}
          hint={t("application.emailHint")}
        />
        <fieldset aria-describedby={describedBy("applicantType", errors.applicantType)}>
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
          <FieldError name="applicantType" error={errors.applicantType} look="large" />
        </fieldset>
        <TextField
          {...field("organization")}
          autoComplete="organization"
          maxLength={APPLICATION_LIMITS.organization}
          hint={t("application.organizationHint")}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            {...field("country")}
            required
            autoComplete="country-name"
            maxLength={APPLICATION_LIMITS.country}
          />
          <SelectField
            {...field("region")}
            required
            autoComplete="off"
            placeholder={t("application.chooseRegion")}
            options={regions.map((r) => ({ value: r.key, label: r.name }))}
          />
        </div>
        <TextField
          {...field("website")}
          type="url"
          inputMode="url"
          autoComplete="url"
          maxLength={APPLICATION_LIMITS.website}
          placeholder="https://"
        />
      </FormSection>

      {/* Below the first screen: its many boxes get style and layout when they come near the viewport. */}
      <fieldset
        className="rounded-xl border border-leaf-100 bg-white p-5 [contain-intrinsic-height:auto_40rem] [content-visibility:auto]"
        aria-describedby={describedBy("focusAreas", errors.focusAreas, t("application.focusAreasHint"))}
      >
        <legend className="px-1 text-lg font-semibold text-leaf-900">
          {t("application.focusAreas")} <span aria-hidden="true">*</span>
        </legend>
        <p id={fieldIds("focusAreas").hintId} className="text-sm text-stone-700">
          {t("application.focusAreasHint")}
        </p>
        <FieldError name="focusAreas" error={errors.focusAreas} look="large" />
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

      <FormSection legend={t("application.tellUsMore")} spacing="space-y-5">
        {LONG_ANSWERS.map(([f, hint]) => (
          <TextAreaField
            key={f}
            {...field(f)}
            rows={5}
            required
            maxLength={APPLICATION_LIMITS.longText}
            hint={t(hint)}
          />
        ))}
      </FormSection>

      <div className="rounded-xl border border-leaf-100 bg-white p-5">
        <div className="flex items-start gap-3">
          <input
            id={fieldIds("consent").id}
            name="consent"
            type="checkbox"
            required
            defaultChecked={text("consent") === "on"}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={describedBy("consent", errors.consent, true)}
            className="mt-1 h-5 w-5 accent-leaf-700"
          />
          <div>
            <LargeLabel htmlFor={fieldIds("consent").id} label={t("application.consent")} required />
            <p id={fieldIds("consent").hintId} className="text-sm text-stone-700">
              <LinkedMessage
                i18nKey="application.consentHint"
                to="/privacy"
                className="text-leaf-800 underline"
                tag="privacy"
              />
            </p>
            <FieldError name="consent" error={errors.consent} look="large" />
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
