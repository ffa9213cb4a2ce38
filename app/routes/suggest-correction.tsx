import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { ErrorSummary, SelectField, TextAreaField, TextField } from "~/components/forms/form-field";
import { InstructionLanguagesField } from "~/components/forms/instruction-languages-field";
import { ContributorFields, FormSection, FormSent, SendButton } from "~/components/forms/public-form-parts";
import { AppLink } from "../components/app-link";
import { useMapStyleUrl } from "../components/map/use-map-style-url";
import { ContributionGuardFields } from "../components/public/contribution-guard-fields";
import { PageIntro } from "../components/public/page-intro";
import {
  enterSendsForm,
  FIND_TOWN_INTENT,
  PlacePositionFields,
  TOWN_QUERY_FIELD,
  type TownAnswer,
} from "../components/public/place-position-fields";
import { countryOptions, isCountryCode, normaliseCountry, storedCountryName } from "../lib/countries";
import { localizeHref } from "../lib/i18n/languages";
import { useTranslation } from "../lib/i18n/react";
import { isUuid } from "../lib/ids";
import { instructionLanguageOptions } from "../lib/instruction-languages";
import { metaTranslate, pageMeta } from "../lib/meta";
import { countryCode } from "../lib/reference-names";
import { fieldErrors } from "../lib/schemas";
import {
  CORRECTABLE_KINDS,
  CORRECTION_FIELDS,
  type CorrectableKind,
  CorrectionExtrasSchema,
  readCorrection,
} from "../lib/schemas/correction";
import { type FormValues, listValue, textValue } from "../lib/schemas/form";
import { translateErrors } from "../lib/schemas/message-codes";
import { PROPOSAL_LIMITS } from "../lib/schemas/proposal";
import { requestTranslate } from "../server-lib/messages.server";
import {
  admitContribution,
  contributionFail,
  NO_STORE,
  readContributionForm,
} from "../services/contributions/contribution-form.server";
import { correctionTarget, proposeCorrection } from "../services/contributions/corrections.server";
import { issueFormToken } from "../services/contributions/form-timing.server";
import { resolvePlace } from "../services/map/distance.server";
import type { Route } from "./+types/suggest-correction";

const FORM_NAME = "suggest-correction";
/** The sentences that name the kind of entry (a place, a program, a profile), by kind (message keys). */
const KIND_TEXT: Record<CorrectableKind, { lead: string; thanks: string }> = {
  location: { lead: "suggestCorrection.lead.location", thanks: "suggestCorrection.thanksText.location" },
  program: { lead: "suggestCorrection.lead.program", thanks: "suggestCorrection.thanksText.program" },
  "change-maker": { lead: "suggestCorrection.lead.changeMaker", thanks: "suggestCorrection.thanksText.changeMaker" },
};

/** The entry a correction page is about: published entries only (the public cannot correct what it cannot see). */
async function publicTarget(
  request: Request,
  context: Route.LoaderArgs["context"],
  params: { kind: string; id: string },
) {
  const { t } = requestTranslate(request);
  const kind = CORRECTABLE_KINDS.find((k) => k === params.kind);
  if (!kind || !isUuid(params.id)) throw data(t("suggestCorrection.notFound"), { status: 404 });
  const target = await correctionTarget(context.services, kind, params.id);
  if (target?.status !== "published") throw data(t("suggestCorrection.notFound"), { status: 404 });
  return target;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const target = await publicTarget(request, context, params);
  const submitted = new URL(request.url).searchParams.get("submitted") === "1";
  const { lang } = requestTranslate(request);
  const hasCountry = !submitted && CORRECTION_FIELDS[target.kind].some((f) => f.key === "country");
  const hasLanguages = !submitted && CORRECTION_FIELDS[target.kind].some((f) => f.input === "languages");
  return {
    // The languages a program may be taught in, named in the page's language (decision 060).
    languages: hasLanguages ? instructionLanguageOptions(lang) : [],
    // Countries are chosen from a list in the page's language (decision 058).
    countries: hasCountry ? countryOptions(lang) : [],
    countryNow: hasCountry ? (countryCode(target.current.country ?? "") ?? null) : null,
    siteUrl: context.services.config.siteUrl,
    submitted,
    token: issueFormToken(context.services.config.hashSecret, FORM_NAME),
    entry: { kind: target.kind, id: target.id, name: target.name, path: target.path, current: target.current },
    fields: CORRECTION_FIELDS[target.kind].map((f) => ({ key: f.key, labelKey: f.labelKey, input: f.input })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const target = await publicTarget(request, context, params);
  const { t, lang } = requestTranslate(request);
  // Thanks, in the language the visitor wrote in.
  const done = localizeHref(`/suggest-a-correction/${target.kind}/${target.id}?submitted=1`, lang);
  const read = await readContributionForm(context.services, request, { form: FORM_NAME, done });
  if ("answer" in read) return read.answer;
  const { values } = read;
  const token = read.token;
  const typedTown = textValue(values, TOWN_QUERY_FIELD).trim().slice(0, 200);
  if (target.kind === "location" && values.intent === FIND_TOWN_INTENT && typedTown) {
    // "Find" without JavaScript: the town's position fills the coordinates; nothing is stored.
    const found = await resolvePlace(context.services, typedTown, lang);
    const town: TownAnswer = found ? { found } : { notFound: typedTown };
    const filled = found ? { ...values, latitude: String(found.lat), longitude: String(found.lng) } : values;
    return data({ errors: {}, values: filled, town, token }, { headers: NO_STORE });
  }
  const country = postedCountry(values, target.current.country);
  const extras = CorrectionExtrasSchema.safeParse(values);
  const correction = readCorrection(
    target.kind,
    country === undefined || country === null ? values : { ...values, country },
    target.current,
  );
  if (!correction.ok || !extras.success || country === null) {
    const errors = {
      ...(correction.ok ? {} : correction.errors),
      ...(extras.success ? {} : fieldErrors(extras.error)),
      ...(country === null ? { country: "validation.countryFromList" } : {}),
    };
    return contributionFail({ errors: translateErrors(t, errors), values }, 400);
  }
  const closure = target.kind === "location" ? extras.data.closure : null;
  if (Object.keys(correction.changes).length === 0 && !closure && !extras.data.comment) {
    return contributionFail({ errors: { form: t("validation.nothingChanged") }, values }, 400);
  }
  const limited = await admitContribution(context.services, context.clientIp, read, t);
  if (limited) return limited;
  await proposeCorrection(
    context.services,
    target,
    correction,
    { ...extras.data, closure },
    request.url,
    context.clientIp,
  );
  return redirect(done, { status: 303, headers: NO_STORE });
}

/**
 * The country a correction form posted, as the site stores it: a code of the list as its English name (the entry's
 * own spelling when it names the same country, so "USA" left as it was is no change), the entry's current text
 * left as it was (a name from before the lists), text that names a country in any language, or "" for none.
 * Undefined when the form has no country; null when the value names no country.
 */
function postedCountry(values: FormValues, current: string | undefined): string | null | undefined {
  if (current === undefined || values.country === undefined) return undefined;
  const posted = textValue(values, "country").trim();
  if (posted === "" || posted === current) return posted;
  if (isCountryCode(posted)) return countryCode(current) === posted ? current : storedCountryName(posted);
  const named = normaliseCountry(posted);
  return named.known ? named.name : null;
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslate(matches);
  const name = loaderData?.entry.name ?? t("suggestCorrection.anEntry");
  return [
    ...pageMeta({
      matches,
      title: loaderData?.submitted ? t("suggestCorrection.thanksTitle") : t("suggestCorrection.title", { name }),
      description: t("suggestCorrection.metaDescription", { name }),
      siteUrl: loaderData?.siteUrl,
      path: loaderData ? `/suggest-a-correction/${loaderData.entry.kind}/${loaderData.entry.id}` : "/",
    }),
    { name: "robots", content: "noindex" },
  ];
}

type TextInput = "text" | "email" | "url" | "number" | "date" | "tel";
const inputType = (input: string): TextInput =>
  (["email", "url", "number", "date", "tel"] as const).find((t) => t === input) ?? "text";

/** What the action answers when it shows the form again (mistakes, or a town looked up). */
type ActionAnswer = { errors: Record<string, string>; values: FormValues; token?: string; town?: TownAnswer };

export default function SuggestCorrection({ loaderData, actionData }: Route.ComponentProps) {
  const { submitted, entry, fields, countries, countryNow, languages } = loaderData;
  const answer = actionData as ActionAnswer | undefined;
  // The form's own token comes back with a town looked up, so its fill time keeps counting.
  const token = answer?.token ?? loaderData.token;
  const values: FormValues | undefined = answer?.values;
  const errors: Record<string, string> = answer?.errors ?? {};
  const sending = useNavigation().state === "submitting";
  const { t, lang } = useTranslation();
  const styleUrl = useMapStyleUrl();
  const [lat, setLat] = useState(values ? textValue(values, "latitude") : (entry.current.latitude ?? ""));
  const [lng, setLng] = useState(values ? textValue(values, "longitude") : (entry.current.longitude ?? ""));
  const kindText = KIND_TEXT[entry.kind];
  if (submitted) {
    return (
      <FormSent title={t("suggestCorrection.thanksTitle")} lead={t(kindText.thanks)} announce>
        <p className="mt-6">
          <AppLink to={entry.path} className="font-semibold text-leaf-800 underline">
            {t("suggestCorrection.backTo", { name: entry.name })}
          </AppLink>
        </p>
      </FormSent>
    );
  }
  const value = (key: string) => (values ? textValue(values, key) : (entry.current[key] ?? ""));
  const closure = values ? textValue(values, "closure") || "open" : "open";
  const labels = Object.fromEntries(fields.map((f) => [f.key, t(f.labelKey)]));
  return (
    <main id="main">
      <PageIntro title={t("suggestCorrection.title", { name: entry.name })} lead={t(kindText.lead)} />
      <div className="mx-auto max-w-3xl px-4 py-8">
        <ErrorSummary
          errors={errors}
          labels={{
            ...labels,
            comment: t("suggestCorrection.field.comment"),
            proposerEmail: t("formCommon.field.yourEmail"),
            consent: t("formCommon.field.privacy"),
          }}
        />
        <Form
          method="post"
          action={localizeHref(`/suggest-a-correction/${entry.kind}/${entry.id}`, lang)}
          noValidate
          onKeyDown={enterSendsForm}
          className="space-y-8"
          aria-label={t("suggestCorrection.formLabel")}
          data-analytics-form="suggest-correction"
        >
          <ContributionGuardFields token={token} />
          {entry.kind === "location" ? (
            <FormSection legend={t("suggestCorrection.stillThere")} spacing="space-y-2">
              {[
                { value: "open", label: t("suggestCorrection.open") },
                { value: "closed", label: t("suggestCorrection.closed") },
                { value: "moved", label: t("suggestCorrection.moved") },
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
            </FormSection>
          ) : null}
          <FormSection legend={t("suggestCorrection.detailsLegend")}>
            {fields.map((f) =>
              f.key === "latitude" ? (
                <div key="position" className="space-y-2">
                  <p className="text-sm text-stone-700">{t("suggestPlace.mapIntro")}</p>
                  <PlacePositionFields
                    latitude={lat}
                    longitude={lng}
                    onChange={(a, b) => {
                      setLat(a);
                      setLng(b);
                    }}
                    errors={{ latitude: errors.latitude, longitude: errors.longitude }}
                    townQuery={values ? textValue(values, TOWN_QUERY_FIELD) : ""}
                    answer={answer?.town}
                    submits
                    styleUrl={styleUrl}
                  />
                </div>
              ) : f.key === "longitude" ? null : f.key === "country" ? (
                <CountryChoice
                  key={f.key}
                  label={t(f.labelKey)}
                  current={entry.current.country ?? ""}
                  known={countryNow}
                  posted={values ? textValue(values, "country") : undefined}
                  countries={countries}
                  error={errors.country}
                />
              ) : f.input === "languages" ? (
                <InstructionLanguagesField
                  key={f.key}
                  name={f.key}
                  legend={t(f.labelKey)}
                  moreLabel={t("suggestCorrection.moreLanguages")}
                  hint={t("suggestCorrection.instructionLanguagesHint")}
                  options={languages}
                  // The entry's codes are kept as text ("en,pt") by the correction (lib/schemas/correction.ts).
                  chosen={values ? listValue(values, f.key) : (entry.current[f.key] ?? "").split(",").filter(Boolean)}
                  error={errors[f.key]}
                />
              ) : f.input === "textarea" ? (
                <TextAreaField
                  key={f.key}
                  name={f.key}
                  label={t(f.labelKey)}
                  rows={3}
                  defaultValue={value(f.key)}
                  error={errors[f.key]}
                />
              ) : (
                <TextField
                  key={f.key}
                  name={f.key}
                  label={t(f.labelKey)}
                  type={inputType(f.input)}
                  step={f.input === "number" ? "any" : undefined}
                  defaultValue={value(f.key)}
                  error={errors[f.key]}
                />
              ),
            )}
          </FormSection>
          <FormSection legend={t("suggestCorrection.elseLegend")}>
            <TextAreaField
              name="comment"
              label={t("suggestCorrection.field.comment")}
              rows={3}
              maxLength={PROPOSAL_LIMITS.comment}
              defaultValue={values ? textValue(values, "comment") : ""}
              error={errors.comment}
              hint={t("suggestCorrection.commentHint")}
            />
            <ContributorFields
              email={values ? textValue(values, "proposerEmail") : ""}
              consented={values ? textValue(values, "consent") === "on" : false}
              errors={errors}
              emailHint={t("suggestCorrection.proposerEmailHint")}
              consentLabel={t("suggestCorrection.consent")}
            />
          </FormSection>
          <div className="flex flex-wrap items-center gap-4">
            <SendButton sending={sending}>{t("suggestCorrection.send")}</SendButton>
            <AppLink to={entry.path} className="font-semibold text-leaf-800 underline">
              {t("suggestCorrection.cancel")}
            </AppLink>
          </div>
        </Form>
      </div>
    </main>
  );
}

/**
 * The country as a list in the page's language (decision 058), starting at the entry's country. An entry whose
 * country names none of the list (text from before the lists) keeps it as the first choice, "as listed now".
 */
function CountryChoice({
  label,
  current,
  known,
  posted,
  countries,
  error,
}: {
  label: string;
  current: string;
  /** The ISO code of the entry's country, when it names one. */
  known: string | null;
  posted: string | undefined;
  countries: { value: string; label: string }[];
  error?: string;
}) {
  const { t } = useTranslation();
  const code = countries.find((c) => c.value === posted)?.value;
  const legacy =
    current && !known ? [{ value: current, label: t("formCommon.countryAsListed", { country: current }) }] : [];
  return (
    <SelectField
      name="country"
      label={label}
      defaultValue={posted === undefined ? (known ?? current) : (code ?? posted)}
      placeholder={t("formCommon.countryChoose")}
      options={[...legacy, ...countries]}
      error={error}
    />
  );
}
