import { useEffect, useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { FocusAreasField } from "~/components/forms/focus-areas-field";
import { ErrorSummary, SelectField, TextAreaField, TextField } from "~/components/forms/form-field";
import {
  ContributorFields,
  FormSection,
  FormSent,
  FormSentLinks,
  SendButton,
} from "~/components/forms/public-form-parts";
import { loadReferenceData, loadReferenceNames } from "~/services/site/reference.server";
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
  usePlacePosition,
} from "../components/public/place-position-fields";
import { countryOptions, isCountryCode } from "../lib/countries";
import { localizeHref } from "../lib/i18n/languages";
import { useTranslation } from "../lib/i18n/react";
import { metaTranslate, pageMeta } from "../lib/meta";
import { countryLabel } from "../lib/reference-names";
import { fieldErrors } from "../lib/schemas";
import { type FormValues, textValue } from "../lib/schemas/form";
import { translateErrors } from "../lib/schemas/message-codes";
import { PlaceProposalSchema, PROPOSAL_LIMITS } from "../lib/schemas/proposal";
import { locationPath } from "../lib/slug";
import { requestTranslate } from "../server-lib/messages.server";
import {
  admitContribution,
  contributionFail,
  NO_STORE,
  readContributionForm,
} from "../services/contributions/contribution-form.server";
import { issueFormToken } from "../services/contributions/form-timing.server";
import { proposePlace } from "../services/contributions/proposals.server";
import { findPublishedLookAlikes } from "../services/entries/duplicates.server";
import { resolvePlace } from "../services/map/distance.server";
import type { Route } from "./+types/suggest-place";

const FORM_NAME = "suggest-place";
/** The kinds of place in the order a visitor picks from, "something else" last. */
const PLACE_KINDS = ["farm", "school", "ecovillage", "standard"] as const;
const SUBMITTED_PATH = "/suggest-a-place?submitted=1";
/** Sent with the form once the visitor has seen "Is it one of these?" and sends it all the same. */
const DUPLICATES_SEEN_FIELD = "duplicatesSeen";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context.services;
  const submitted = new URL(request.url).searchParams.get("submitted") === "1";
  const { lang } = requestTranslate(request);
  const ref = await loadReferenceNames(context.services, lang);
  return {
    siteUrl: config.siteUrl,
    submitted,
    token: issueFormToken(config.hashSecret, FORM_NAME),
    regions: ref.regions.map((r) => ({ value: r.id, key: r.key, name: r.name })),
    focusAreas: ref.focusAreas.map((f) => ({ id: f.id, name: f.name, categoryId: f.categoryId })),
    // Every country, named and sorted in the page's language (decision 058); not needed on the thank-you page.
    countries: submitted ? [] : countryOptions(lang),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { t, lang } = requestTranslate(request);
  // Thanks, in the language the visitor wrote in.
  const done = localizeHref(SUBMITTED_PATH, lang);
  const read = await readContributionForm(context.services, request, { form: FORM_NAME, done });
  if ("answer" in read) return read.answer;
  const { values } = read;
  // The form's own token goes back with every answer that shows the form again, so its fill time keeps counting.
  const token = read.token;
  const typedTown = textValue(values, TOWN_QUERY_FIELD).trim().slice(0, 200);
  if (values.intent === FIND_TOWN_INTENT && typedTown) {
    // "Find" without JavaScript: the town's position fills the coordinates; nothing is stored.
    const found = await resolvePlace(context.services, typedTown, lang);
    const town: TownAnswer = found ? { found } : { notFound: typedTown };
    const filled = found ? { ...values, latitude: String(found.lat), longitude: String(found.lng) } : values;
    return data({ errors: {}, values: filled, town, token }, { headers: NO_STORE });
  }
  const parsed = PlaceProposalSchema.safeParse(values);
  if (!parsed.success) return contributionFail({ errors: translateErrors(t, fieldErrors(parsed.error)), values }, 400);
  const ref = await loadReferenceData(context.services);
  const errors: Record<string, string> = {};
  if (parsed.data.regionId && !ref.regionsById.has(parsed.data.regionId)) {
    errors.regionId = t("validation.regionFromList");
  }
  if (parsed.data.focusAreas.some((id) => !ref.focusAreasById.has(id))) {
    errors.focusAreas = t("validation.focusAreasFromList");
  }
  if (Object.keys(errors).length > 0) return contributionFail({ errors, values }, 400);
  if (values[DUPLICATES_SEEN_FIELD] !== "1") {
    // "Is it one of these?": published places only, before anything is stored or counted.
    const alike = await findPublishedLookAlikes(context.services, parsed.data);
    if (alike.length > 0) {
      const duplicates = alike.map((d) => ({
        id: d.id,
        name: d.name,
        path: locationPath(d.name),
        where: [d.city, countryLabel(d.country, lang)].filter(Boolean).join(", "),
      }));
      return data({ errors: {}, values, duplicates, token }, { headers: NO_STORE });
    }
  }
  const limited = await admitContribution(context.services, context.clientIp, read, t);
  if (limited) return limited;
  await proposePlace(context.services, parsed.data, request.url, context.clientIp);
  return redirect(done, { status: 303, headers: NO_STORE });
}

/** Never shared-cached: each render carries its own signed timestamp for the timing check. */
export const headers: Route.HeadersFunction = () => NO_STORE;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslate(matches);
  return pageMeta({
    matches,
    title: loaderData?.submitted ? t("suggestPlace.thanksTitle") : t("suggestPlace.title"),
    description: t("suggestPlace.metaDescription"),
    siteUrl: loaderData?.siteUrl,
    path: "/suggest-a-place",
  });
}

/** The form's fields as the error summary names them (message keys). */
const LABELS: Record<string, string> = {
  name: "suggestPlace.field.name",
  markerType: "suggestPlace.field.markerType",
  shortDescription: "suggestPlace.field.shortDescription",
  country: "formCommon.field.country",
  regionId: "formCommon.field.region",
  contactAddress: "formCommon.field.address",
  contactCity: "formCommon.field.city",
  latitude: "formCommon.field.latitude",
  longitude: "formCommon.field.longitude",
  focusAreas: "formCommon.field.focusAreas",
  website: "formCommon.field.website",
  contactEmail: "suggestPlace.field.contactEmail",
  contactPhone: "suggestPlace.field.contactPhone",
  note: "suggestPlace.field.note",
  proposerEmail: "formCommon.field.yourEmail",
  consent: "formCommon.field.privacy",
};

/** What a place is, as a visitor would say it (message keys by the map marker it gets). */
const PLACE_KIND_KEYS: Record<(typeof PLACE_KINDS)[number], string> = {
  farm: "suggestPlace.kind.farm",
  school: "suggestPlace.kind.school",
  ecovillage: "suggestPlace.kind.ecovillage",
  standard: "suggestPlace.kind.standard",
};

/** What the action answers when it shows the form again (mistakes, a town looked up, look-alikes to check). */
type ActionAnswer = {
  errors: Record<string, string>;
  values: FormValues;
  token?: string;
  town?: TownAnswer;
  duplicates?: { id: string; name: string; path: string; where: string }[];
};

function Thanks() {
  const { t } = useTranslation();
  return (
    <FormSent title={t("suggestPlace.thanksTitle")} lead={t("suggestPlace.thanksText")} announce>
      <FormSentLinks
        main={{ to: "/suggest-a-place", label: t("suggestPlace.another") }}
        other={{ to: "/locations", label: t("suggestPlace.backToDirectory") }}
      />
    </FormSent>
  );
}

export default function SuggestPlace({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang } = useTranslation();
  const localize = (href: string) => localizeHref(href, lang);
  const { submitted, regions, focusAreas, countries } = loaderData;
  const answer = actionData as ActionAnswer | undefined;
  const token = answer?.token ?? loaderData.token;
  const values: FormValues = answer?.values ?? {};
  const errors: Record<string, string> = answer?.errors ?? {};
  const duplicates = answer?.duplicates ?? null;
  const position = usePlacePosition(textValue(values, "latitude"), textValue(values, "longitude"));
  const sending = useNavigation().state === "submitting";
  const styleUrl = useMapStyleUrl();
  const duplicatesHeading = useRef<HTMLHeadingElement>(null);
  // The look-alikes are announced by moving to them: they are what the visitor has to answer now.
  useEffect(() => {
    if (duplicates) duplicatesHeading.current?.focus();
  }, [duplicates]);
  if (submitted) return <Thanks />;
  const field = (name: string) => ({ name, defaultValue: textValue(values, name), error: errors[name] });
  const posted = textValue(values, "country");
  const country = isCountryCode(posted) ? posted : "";
  return (
    <main id="main">
      <PageIntro title={t("suggestPlace.title")} lead={t("suggestPlace.lead")} />
      <div className="mx-auto max-w-3xl px-4 py-8">
        <ErrorSummary errors={errors} labels={Object.fromEntries(Object.entries(LABELS).map(([k, v]) => [k, t(v)]))} />
        <Form
          method="post"
          action={localize("/suggest-a-place")}
          noValidate
          onKeyDown={enterSendsForm}
          className="space-y-8"
          aria-label={t("suggestPlace.title")}
          data-analytics-form="suggest-place"
        >
          <p className="text-stone-700">{t("suggestPlace.requiredNote")}</p>
          <ContributionGuardFields token={token} />

          <FormSection legend={t("suggestPlace.placeLegend")}>
            <TextField {...field("name")} label={t("suggestPlace.field.name")} required maxLength={120} />
            <SelectField
              {...field("markerType")}
              label={t("suggestPlace.field.markerType")}
              options={PLACE_KINDS.map((m) => ({ value: m, label: t(PLACE_KIND_KEYS[m]) }))}
            />
            <TextAreaField
              {...field("shortDescription")}
              label={t("suggestPlace.field.shortDescription")}
              rows={3}
              maxLength={300}
              hint={t("suggestPlace.shortDescriptionHint", { max: 300 })}
            />
            <TextField {...field("website")} label={t("formCommon.field.website")} type="url" placeholder="https://" />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField {...field("contactEmail")} label={t("suggestPlace.field.contactEmail")} type="email" />
              <TextField {...field("contactPhone")} label={t("suggestPlace.field.contactPhone")} type="tel" />
            </div>
          </FormSection>

          <FormSection legend={t("suggestPlace.whereLegend")}>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                {...field("country")}
                defaultValue={country}
                label={t("formCommon.field.country")}
                required
                placeholder={t("formCommon.countryChoose")}
                options={countries}
              />
              <SelectField
                {...field("regionId")}
                label={t("formCommon.field.region")}
                placeholder={t("suggestPlace.regionNotSure")}
                options={regions.map((r) => ({ value: r.value, label: r.name }))}
              />
            </div>
            <TextField {...field("contactAddress")} label={t("formCommon.field.address")} maxLength={200} />
            <TextField {...field("contactCity")} label={t("formCommon.field.city")} maxLength={100} />
            <p className="text-sm text-stone-700">{t("suggestPlace.mapIntro")}</p>
            <PlacePositionFields
              {...position}
              errors={errors}
              hints={{ latitude: t("suggestPlace.latitudeHint"), longitude: t("suggestPlace.longitudeHint") }}
              townQuery={textValue(values, TOWN_QUERY_FIELD)}
              answer={answer?.town}
              submits
              styleUrl={styleUrl}
            />
          </FormSection>

          <div className="rounded-xl border border-leaf-100 bg-white p-5">
            <FocusAreasField focusAreas={focusAreas} values={values} error={errors.focusAreas} />
          </div>

          <FormSection legend={t("suggestPlace.aboutYouLegend")}>
            <TextAreaField
              {...field("note")}
              label={t("suggestPlace.field.note")}
              rows={3}
              maxLength={PROPOSAL_LIMITS.note}
              hint={t("suggestPlace.noteHint")}
            />
            <ContributorFields
              email={textValue(values, "proposerEmail")}
              consented={textValue(values, "consent") === "on"}
              errors={errors}
              emailHint={t("suggestPlace.proposerEmailHint")}
              consentLabel={t("suggestPlace.consent")}
            />
          </FormSection>

          {duplicates ? (
            <section
              aria-labelledby="duplicates-heading"
              className="rounded-xl border-2 border-amber-600 bg-amber-50 p-5"
              data-testid="duplicates"
            >
              <h2
                id="duplicates-heading"
                ref={duplicatesHeading}
                tabIndex={-1}
                className="text-xl font-semibold text-stone-900"
              >
                {t("suggestPlace.duplicates.title")}
              </h2>
              <p className="mt-2 text-stone-800">{t("suggestPlace.duplicates.lead")}</p>
              <ul className="mt-3 space-y-3">
                {duplicates.map((d) => (
                  <li key={d.id}>
                    <AppLink to={d.path} className="font-semibold text-leaf-800 underline">
                      {d.name}
                    </AppLink>
                    {d.where ? <span className="text-stone-700"> · {d.where}</span> : null}
                    <br />
                    <AppLink to={`/suggest-a-correction/location/${d.id}`} className="text-sm text-leaf-800 underline">
                      {t("suggestPlace.duplicates.correct", { name: d.name })}
                    </AppLink>
                  </li>
                ))}
              </ul>
              <input type="hidden" name={DUPLICATES_SEEN_FIELD} value="1" />
            </section>
          ) : null}
          <SendButton sending={sending}>
            {duplicates ? t("suggestPlace.duplicates.sendAnyway") : t("suggestPlace.send")}
          </SendButton>
        </Form>
      </div>
    </main>
  );
}
