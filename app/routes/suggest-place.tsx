import { useState } from "react";
import { Form, redirect, useNavigation } from "react-router";
import { FocusAreasField } from "../components/admin/content/content-form";
import { MapPicker } from "../components/admin/content/map-picker";
import { CheckboxField, ErrorSummary, SelectField, TextAreaField, TextField } from "../components/admin/form-field";
import { AppLink } from "../components/app-link";
import { CircleCheck } from "../components/icons";
import { ContributionGuardFields } from "../components/public/contribution-guard-fields";
import { PageIntro } from "../components/public/page-intro";
import { pageMeta } from "../lib/meta";
import { fieldErrors } from "../lib/schemas";
import { type FormValues, textValue } from "../lib/schemas/form";
import { PLACE_FIELD_LABELS, PLACE_KIND_LABELS, PlaceProposalSchema, PROPOSAL_LIMITS } from "../lib/schemas/proposal";
import { loadReferenceData } from "../queries/reference.server";
import {
  contributionFail,
  limitContributions,
  NO_STORE,
  readContributionForm,
} from "../services/contribution-form.server";
import { issueFormToken } from "../services/form-timing.server";
import { proposePlace } from "../services/proposals.server";
import { worldOutlinePath } from "../services/world-outline.server";
import type { Route } from "./+types/suggest-place";

const FORM_NAME = "suggest-place";
/** The kinds of place in the order a visitor picks from, "something else" last. */
const PLACE_KINDS = ["farm", "school", "ecovillage", "standard"] as const;
const SUBMITTED_PATH = "/suggest-a-place?submitted=1";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.services;
  const submitted = new URL(request.url).searchParams.get("submitted") === "1";
  const ref = await loadReferenceData(db);
  return {
    siteUrl: config.siteUrl,
    submitted,
    token: issueFormToken(config.hashSecret, FORM_NAME),
    regions: ref.regions.map((r) => ({ value: r.id, label: r.name })),
    focusAreas: ref.focusAreas.map((f) => ({ id: f.id, name: f.name, categoryId: f.categoryId })),
    outline: submitted ? "" : worldOutlinePath(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readContributionForm(request, context, { form: FORM_NAME, done: SUBMITTED_PATH });
  if ("answer" in read) return read.answer;
  const { values } = read;
  const parsed = PlaceProposalSchema.safeParse(values);
  if (!parsed.success) return contributionFail({ errors: fieldErrors(parsed.error), values }, 400);
  const ref = await loadReferenceData(context.services.db);
  const errors: Record<string, string> = {};
  if (parsed.data.regionId && !ref.regionsById.has(parsed.data.regionId)) {
    errors.regionId = "Please choose a region from the list.";
  }
  if (parsed.data.focusAreas.some((id) => !ref.focusAreasById.has(id))) {
    errors.focusAreas = "Please choose focus areas from the list.";
  }
  if (Object.keys(errors).length > 0) return contributionFail({ errors, values }, 400);
  const limited = await limitContributions(context, values);
  if (limited) return limited;
  await proposePlace(context.services, parsed.data, request.url);
  return redirect(SUBMITTED_PATH, { status: 303, headers: NO_STORE });
}

/** Never shared-cached: each render carries its own signed timestamp for the timing check. */
export const headers: Route.HeadersFunction = () => NO_STORE;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta({
    matches,
    title: loaderData?.submitted ? "Thank you for your suggestion" : "Suggest a place",
    description:
      "Know a permaculture farm, school or eco-village that is not on the map yet? Tell us about it: our team checks every suggestion before it is listed.",
    siteUrl: loaderData?.siteUrl,
    path: "/suggest-a-place",
  });
}

const LABELS: Record<string, string> = {
  ...PLACE_FIELD_LABELS,
  name: "Name of the place",
  contactEmail: "The place's e-mail",
  contactPhone: "The place's phone",
  note: "Note for our team",
  proposerEmail: "Your e-mail",
  consent: "Privacy",
};

function Thanks() {
  return (
    <main id="main">
      <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        <div role="status" className="rounded-2xl border border-leaf-200 bg-white p-6 shadow-sm sm:p-10">
          <CircleCheck aria-hidden="true" className="h-12 w-12 text-leaf-700" />
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-leaf-900">Thank you for your suggestion</h1>
          <p className="mt-3 text-lg text-stone-800">
            It has reached our team. Someone reads every suggestion and checks it before the place appears in the
            directory and on the map; that can take a couple of weeks.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <AppLink
              to="/suggest-a-place"
              className="rounded-md bg-leaf-700 px-5 py-2.5 font-semibold text-white hover:bg-leaf-800"
            >
              Suggest another place
            </AppLink>
            <AppLink
              to="/locations"
              className="rounded-md border border-leaf-300 px-5 py-2.5 font-semibold text-leaf-900 hover:bg-leaf-50"
            >
              Back to the directory
            </AppLink>
          </div>
        </div>
      </div>
    </main>
  );
}

export default function SuggestPlace({ loaderData, actionData }: Route.ComponentProps) {
  const { submitted, token, regions, focusAreas, outline } = loaderData;
  const values: FormValues = actionData?.values ?? {};
  const errors: Record<string, string> = actionData?.errors ?? {};
  const [lat, setLat] = useState(textValue(values, "latitude"));
  const [lng, setLng] = useState(textValue(values, "longitude"));
  const sending = useNavigation().state === "submitting";
  if (submitted) return <Thanks />;
  const field = (name: string) => ({ name, defaultValue: textValue(values, name), error: errors[name] });
  return (
    <main id="main">
      <PageIntro
        title="Suggest a place"
        lead="Know a permaculture farm, school, eco-village or project that is not in the directory yet? Tell us what you know; our team checks every suggestion before it appears."
      />
      <div className="mx-auto max-w-3xl px-4 py-8">
        <ErrorSummary errors={errors} labels={LABELS} />
        <Form
          method="post"
          noValidate
          className="space-y-8"
          aria-label="Suggest a place"
          data-analytics-form="suggest-place"
        >
          <p className="text-stone-700">
            Only the name and the country are required. Fields marked “(required)” must be filled in.
          </p>
          <ContributionGuardFields token={token} />

          <fieldset className="space-y-4 rounded-xl border border-leaf-100 bg-white p-5">
            <legend className="px-1 text-lg font-semibold text-leaf-900">The place</legend>
            <TextField {...field("name")} label="Name of the place" required maxLength={120} />
            <SelectField
              {...field("markerType")}
              label="What it is"
              options={PLACE_KINDS.map((m) => ({ value: m, label: PLACE_KIND_LABELS[m] }))}
            />
            <TextAreaField
              {...field("shortDescription")}
              label="What happens there"
              rows={3}
              maxLength={300}
              hint="A sentence or two: courses, volunteering, a market garden… (up to 300 characters)."
            />
            <TextField {...field("website")} label="Website" type="url" placeholder="https://" />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField {...field("contactEmail")} label="The place's e-mail" type="email" />
              <TextField {...field("contactPhone")} label="The place's phone" type="tel" />
            </div>
          </fieldset>

          <fieldset className="space-y-4 rounded-xl border border-leaf-100 bg-white p-5">
            <legend className="px-1 text-lg font-semibold text-leaf-900">Where it is</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField {...field("country")} label="Country" required maxLength={80} autoComplete="country-name" />
              <SelectField {...field("regionId")} label="Region" placeholder="Not sure" options={regions} />
            </div>
            <TextField {...field("contactAddress")} label="Address" maxLength={200} />
            <TextField {...field("contactCity")} label="Town or city" maxLength={100} />
            <p className="text-sm text-stone-700">
              If you know the spot, click it on the map below or type its coordinates.
            </p>
            {outline ? (
              <MapPicker
                outline={outline}
                latitude={lat === "" || Number.isNaN(Number(lat)) ? null : Number(lat)}
                longitude={lng === "" || Number.isNaN(Number(lng)) ? null : Number(lng)}
                onPick={(a, b) => {
                  setLat(String(a));
                  setLng(String(b));
                }}
              />
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                name="latitude"
                label="Latitude"
                type="number"
                step="any"
                min="-90"
                max="90"
                inputMode="decimal"
                value={lat}
                onChange={setLat}
                error={errors.latitude}
                hint="From -90 (south) to 90 (north)."
              />
              <TextField
                name="longitude"
                label="Longitude"
                type="number"
                step="any"
                min="-180"
                max="180"
                inputMode="decimal"
                value={lng}
                onChange={setLng}
                error={errors.longitude}
                hint="From -180 (west) to 180 (east)."
              />
            </div>
          </fieldset>

          <div className="rounded-xl border border-leaf-100 bg-white p-5">
            <FocusAreasField focusAreas={focusAreas} values={values} error={errors.focusAreas} />
          </div>

          <fieldset className="space-y-4 rounded-xl border border-leaf-100 bg-white p-5">
            <legend className="px-1 text-lg font-semibold text-leaf-900">About you (optional)</legend>
            <TextAreaField
              {...field("note")}
              label="Note for our team"
              rows={3}
              maxLength={PROPOSAL_LIMITS.note}
              hint="How you know the place, or anything that helps us check it."
            />
            <TextField
              {...field("proposerEmail")}
              label="Your e-mail"
              type="email"
              autoComplete="email"
              hint="Only if you are happy for us to ask you a question about this place. It is never published."
            />
            <CheckboxField
              name="consent"
              label="I agree that the network keeps my e-mail address with this suggestion to contact me about it"
              defaultChecked={textValue(values, "consent") === "on"}
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

          <button
            type="submit"
            disabled={sending}
            className="rounded-md bg-leaf-700 px-6 py-3 font-semibold text-white hover:bg-leaf-800 disabled:opacity-60"
          >
            {sending ? "Sending…" : "Send suggestion"}
          </button>
        </Form>
      </div>
    </main>
  );
}
