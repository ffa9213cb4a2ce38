import { data, redirect } from "react-router";
import { FormSent, FormSentLinks } from "~/components/forms/public-form-parts";
import { hitClientRateLimit } from "~/services/site/rate-limits.server";
import { loadReferenceData, loadReferenceNames } from "~/services/site/reference.server";
import { ApplicationForm } from "../components/public/application-form";
import { LinkedMessage } from "../components/public/linked-message";
import { PageIntro } from "../components/public/page-intro";
import { CATEGORY_KEYS } from "../lib/i18n/categories";
import { localizeHref } from "../lib/i18n/languages";
import { Trans, useTranslation } from "../lib/i18n/react";
import { metaTranslate, pageMeta } from "../lib/meta";
import {
  type ApplicationField,
  ApplicationSchema,
  applicationErrors,
  applicationValuesFromForm,
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
} from "../lib/schemas/application";
import { translateErrors } from "../lib/schemas/message-codes";
import { PROJECT_CATEGORIES } from "../lib/taxonomy";
import { isFormRefusal, PUBLIC_FORM_LIMITS, readFormOrRefusal } from "../server-lib/form.server";
import { requestTranslate } from "../server-lib/messages.server";
import { submitApplication } from "../services/contributions/applications.server";
import { checkFormToken, issueFormToken, useFormToken } from "../services/contributions/form-timing.server";
import { getPublicSettings } from "../services/site/site-settings.server";
import type { Route } from "./+types/application";

const FORM_NAME = "application";
const NO_STORE = { "Cache-Control": "no-store" };
const SUBMITTED_PATH = "/application?submitted=1";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context.services;
  const { t, lang } = requestTranslate(request);
  const submitted = new URL(request.url).searchParams.get("submitted") === "1";
  const [ref, general] = await Promise.all([
    loadReferenceNames(context.services, lang),
    getPublicSettings(context.services).then((s) => s.general),
  ]);
  const focusGroups: { id: string; name: string; items: { id: string; name: string }[] }[] = PROJECT_CATEGORIES.map(
    (c) => ({
      id: c.id,
      name: t(CATEGORY_KEYS[c.id]),
      items: ref.focusAreas.filter((f) => f.categoryId === c.id).map((f) => ({ id: f.id, name: f.name })),
    }),
  ).filter((g) => g.items.length > 0);
  const grouped = new Set(focusGroups.flatMap((g) => g.items.map((i) => i.id)));
  const other = ref.focusAreas.filter((f) => !grouped.has(f.id));
  if (other.length > 0)
    focusGroups.push({
      id: "other",
      name: t("formCommon.otherFocusAreas"),
      items: other.map((f) => ({ id: f.id, name: f.name })),
    });
  return {
    siteUrl: config.siteUrl,
    submitted,
    contactEmail: general.contactEmail,
    token: issueFormToken(config.hashSecret, FORM_NAME),
    regions: ref.regions.map((r) => ({ key: r.key, name: r.name })),
    focusGroups,
  };
}

type ActionResult = {
  errors: Partial<Record<ApplicationField, string>>;
  formError?: string;
  values: ReturnType<typeof applicationValuesFromForm>;
};

function fail(result: ActionResult, status: number, extra: Record<string, string> = {}) {
  return data(result, { status, headers: { ...NO_STORE, ...extra } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { config, logger } = context.services;
  const { t, lang } = requestTranslate(request);
  // After success the visitor lands on the thank-you page in the language they applied in.
  const submittedPath = localizeHref(SUBMITTED_PATH, lang);
  const form = await readFormOrRefusal(request, t, PUBLIC_FORM_LIMITS);
  if (isFormRefusal(form)) {
    const message = form.refused === "unreadable" ? t("validation.unreadable") : form.message;
    return fail({ errors: {}, values: {}, formError: message }, form.status);
  }
  const values = applicationValuesFromForm(form);

  // A filled honeypot means a bot: answer as if it worked, store nothing.
  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    logger.info({ form: FORM_NAME }, "honeypot filled; submission dropped");
    return redirect(submittedPath, { status: 303, headers: NO_STORE });
  }

  const token = form.get(FORM_TOKEN_FIELD);
  const timing = checkFormToken(config.hashSecret, FORM_NAME, token);
  if (timing !== "ok" || typeof token !== "string") {
    return fail(
      {
        errors: {},
        values,
        formError: timing === "expired" ? t("validation.formExpired") : t("validation.formTooFast"),
      },
      400,
    );
  }

  const parsed = ApplicationSchema.safeParse(values);
  if (!parsed.success) return fail({ errors: translateErrors(t, applicationErrors(parsed.error)), values }, 400);

  const ref = await loadReferenceData(context.services);
  const focusAreas = parsed.data.focusAreas.filter((id) => ref.focusAreasById.has(id));
  if (focusAreas.length === 0) {
    return fail({ errors: { focusAreas: t("validation.application.focusAreasUnknown") }, values }, 400);
  }
  const region = ref.regions.find((r) => r.key === parsed.data.region);

  // Counted only for applications that would be stored, so correcting mistakes never locks anyone out.
  const limit = await hitClientRateLimit(context.services, "application", context.clientIp);
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterMs / 60_000));
    return fail(
      {
        errors: {},
        values,
        formError: t("validation.application.rateLimited", { count: minutes }),
      },
      429,
      { "Retry-After": String(Math.ceil(limit.retryAfterMs / 1000)) },
    );
  }
  // One filled form is one application, however often it is sent (a replay, a double submission).
  if (!(await useFormToken(context.services, FORM_NAME, token))) {
    return fail({ errors: {}, values, formError: t("validation.formUsed") }, 409);
  }

  try {
    // Stored with its acknowledgement to the applicant (and notices to staff who asked) in one transaction.
    await submitApplication(
      context.services,
      {
        fullName: parsed.data.fullName,
        email: parsed.data.email,
        applicantType: parsed.data.applicantType,
        organization: parsed.data.organization,
        country: parsed.data.country,
        regionId: region?.id ?? null,
        focusAreas,
        experience: parsed.data.experience,
        seeking: parsed.data.seeking,
        website: parsed.data.website,
        consentAt: new Date(),
      },
      request.url,
      context.clientIp,
    );
  } catch (err) {
    logger.error({ err }, "application could not be stored");
    return fail(
      {
        errors: {},
        values,
        formError: t("validation.application.serverError"),
      },
      500,
    );
  }
  return redirect(submittedPath, { status: 303, headers: NO_STORE });
}

/** Never shared-cached: each render carries its own signed timestamp for the timing check. */
export const headers: Route.HeadersFunction = () => NO_STORE;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslate(matches);
  return pageMeta({
    matches,
    title: loaderData?.submitted ? t("application.metaTitleSubmitted") : t("application.metaTitle"),
    description: t("application.metaDescription"),
    siteUrl: loaderData?.siteUrl,
    path: "/application",
  });
}

function ThankYou({ contactEmail }: { contactEmail: string }) {
  const { t } = useTranslation();
  return (
    <FormSent title={t("application.thanksTitle")} lead={t("application.thanksLead")}>
      <h2 className="mt-8 text-xl font-semibold text-leaf-900">{t("application.nextHeading")}</h2>
      <ol className="mt-3 list-decimal space-y-2 pl-6 text-stone-800">
        <li>{t("application.nextReview")}</li>
        <li>{t("application.nextReply")}</li>
        <li>{t("application.nextQuestions")}</li>
      </ol>
      <p className="mt-6 text-stone-800">
        <Trans
          i18nKey="application.questions"
          values={{ email: contactEmail }}
          components={{
            // biome-ignore lint/a11y/useAnchorContent: Trans puts the address inside the link
            mail: <a href={`mailto:${contactEmail}`} className="text-leaf-800 underline" />,
          }}
        />
      </p>
      <FormSentLinks
        main={{ to: "/programs", label: t("application.browsePrograms") }}
        other={{ to: "/locations", label: t("application.exploreLocations") }}
      />
    </FormSent>
  );
}

export default function Application({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.submitted) return <ThankYou contactEmail={loaderData.contactEmail} />;
  return (
    <main id="main">
      <PageIntro title={t("application.title")} lead={t("application.lead")}>
        {/* Who the application is for, and that it is not how a course is booked (that is on the course's page). */}
        <p className="mt-3 max-w-3xl text-stone-700">
          <LinkedMessage
            i18nKey="application.forWhom"
            to="/programs"
            className="font-semibold text-leaf-800 underline"
            tag="programs"
          />
        </p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <ApplicationForm
            token={loaderData.token}
            regions={loaderData.regions}
            focusGroups={loaderData.focusGroups}
            serverErrors={actionData?.errors}
            formError={actionData?.formError}
            values={actionData?.values}
          />
        </div>
        <aside className="space-y-6 text-stone-800">
          <section aria-labelledby="who-heading" className="rounded-xl bg-leaf-50 p-5">
            <h2 id="who-heading" className="text-lg font-semibold text-leaf-900">
              {t("application.whoHeading")}
            </h2>
            <p className="mt-2">
              <Trans i18nKey="application.whoEducators" components={{ strong: <strong /> }} />
            </p>
            <p className="mt-2">
              <Trans i18nKey="application.whoLearners" components={{ strong: <strong /> }} />
            </p>
          </section>
          <section aria-labelledby="data-heading" className="rounded-xl bg-soil-100 p-5">
            <h2 id="data-heading" className="text-lg font-semibold text-soil-900">
              {t("application.dataHeading")}
            </h2>
            <p className="mt-2">
              <LinkedMessage i18nKey="application.dataText" to="/privacy" className="underline" tag="privacy" />
            </p>
          </section>
        </aside>
      </div>
    </main>
  );
}
