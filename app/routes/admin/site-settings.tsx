import { data, Form, Link, useNavigation } from "react-router";
import { adminMeta } from "~/components/admin/content/admin-page";
import { PageHeader } from "~/components/admin/shell/page-header";
import { ErrorSummary, fieldIds, SubmitButton, TextField } from "~/components/forms/form-field";
import { SITE_NAME } from "~/lib/constants";
import { DATA_ATTRIBUTION_MAX, DATA_LICENCES, dataAttribution, dataLicence } from "~/lib/data-licences";
import { BUILTIN_DETAIL_END_ZOOM, BUILTIN_MAX_ZOOM } from "~/lib/map-geometry";
import { NAV_PAGE_KEYS } from "~/lib/navigation";
import { type FieldErrors, fieldErrors, type TypedValues } from "~/lib/schemas";
import { NAV_PAGE_LABELS, SiteSettingsSchema, toNavigationPages } from "~/lib/schemas/admin-settings";
import { listValue, textValue } from "~/lib/schemas/form";
import { readEntryForm } from "~/server-lib/form.server";
import { notifyContentChanged } from "~/services/entries/content-events.server";
import { termsWithoutLicence } from "~/services/site/page-texts.server";
import {
  getGeneralSettings,
  getNavigation,
  saveGeneralSettings,
  saveNavigation,
} from "~/services/site/site-settings.server";
import { redirectWithToast } from "~/services/site/toast.server";
import { auditStaffAction } from "~/services/staff/audit.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/site-settings";

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const { db, logger } = context.services;
  const [navigation, general, termsMissingLicence] = await Promise.all([
    getNavigation(db, (err) => logger.warn({ err }, "navigation settings unreadable")),
    getGeneralSettings(db),
    termsWithoutLicence({ db }),
  ]);
  // What the server was started with, for the street-map choices below the style field.
  const { config } = context.services;
  const map = { envStyleUrl: config.map?.styleUrl ?? "", pmtiles: Boolean(config.map?.pmtilesPath) };
  // MAIL_REPLY_TO, which wins over the contact e-mail as the address replies to the site's mail go to.
  const replyTo = context.services.mail.replyTo;
  return data({ navigation, general, map, replyTo, termsMissingLicence }, { headers: NO_STORE });
}

type ActionResult = {
  fields: FieldErrors<typeof SiteSettingsSchema>;
  values: { nav: string[] } & TypedValues<
    typeof SiteSettingsSchema,
    "contactEmail" | "mapStyleUrl" | "freshnessMonths" | "dataLicence" | "dataAttribution"
  >;
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(context.services, request);
  const form = await readEntryForm(request, SiteSettingsSchema);
  const raw = {
    nav: listValue(form, "nav"),
    contactEmail: textValue(form, "contactEmail"),
    mapStyleUrl: textValue(form, "mapStyleUrl"),
    freshnessMonths: textValue(form, "freshnessMonths") || "12",
    dataLicence: textValue(form, "dataLicence"),
    dataAttribution: textValue(form, "dataAttribution"),
  };
  const parsed = SiteSettingsSchema.safeParse(raw);
  if (!parsed.success) {
    const result: ActionResult = { fields: fieldErrors(parsed.error), values: raw };
    return data(result, { status: 400, headers: NO_STORE });
  }
  const pages = toNavigationPages(parsed.data.nav);
  const general = {
    contactEmail: parsed.data.contactEmail.toLowerCase(),
    mapStyleUrl: parsed.data.mapStyleUrl,
    freshnessMonths: parsed.data.freshnessMonths,
    dataLicence: parsed.data.dataLicence,
    dataAttribution: parsed.data.dataAttribution,
  };
  await saveNavigation(context.services, pages, user.id);
  await saveGeneralSettings(context.services, general, user.id);
  await notifyContentChanged(context.services, "settings");
  const hidden = NAV_PAGE_KEYS.filter((k) => !pages[k]).map((k) => NAV_PAGE_LABELS[k]);
  await auditStaffAction(context.services, {
    user,
    action: "settings",
    entity: "site-settings",
    entityId: "navigation",
    summary: `Saved site settings (hidden pages: ${hidden.length ? hidden.join(", ") : "none"}; data licence: ${dataLicence(general.dataLicence).shortName})`,
  });
  return redirectWithToast("/admin/dashboard/site-settings", "Site settings saved.", "success", { headers: NO_STORE });
}

export const meta = () => adminMeta("Site settings");

const FIELD_LABELS = {
  nav: "Navigation",
  contactEmail: "Contact e-mail",
  mapStyleUrl: "Map tile style URL",
  freshnessMonths: "Needs checking after",
  dataLicence: "Data licence",
  dataAttribution: "Attribution",
};

/**
 * What the map-style setting chooses between, with what each costs a visitor's privacy: the built-in map stays on
 * this site; a hosted style sends every visitor's browser to the tile provider.
 */
function StreetMapChoices({ pmtiles, envStyleUrl }: { pmtiles: boolean; envStyleUrl: string }) {
  return (
    <div id="street-maps" className="rounded-md border border-stone-200 bg-stone-50 p-4 text-sm text-stone-800">
      <h2 className="font-semibold text-stone-900">Street maps: the choices</h2>
      <dl className="mt-2 space-y-3">
        <div>
          <dt className="font-semibold">Empty: the built-in map</dt>
          <dd>
            Countries, regions, coasts and towns of 15,000 inhabitants or more, drawn by this site; works offline and
            sends visitors nowhere else. It has no streets: it stops at zoom {BUILTIN_MAX_ZOOM} (where every place
            stands apart) and says so from zoom {BUILTIN_DETAIL_END_ZOOM}.
          </dd>
        </div>
        <div>
          <dt className="font-semibold">A hosted style: an https:// URL</dt>
          <dd>
            The style.json of a MapLibre vector-tile service (for example OpenFreeMap, MapTiler, Stadia Maps or
            Protomaps&apos; hosted maps, or a tile server of your own). Streets, street names and buildings.{" "}
            <strong>Privacy:</strong> each visitor&apos;s browser then loads the style, tiles, fonts and icons from that
            provider, which sees the visitor&apos;s IP address and the areas they look at; name the provider in the
            privacy policy. A key in the URL is visible to every visitor: use one restricted to this site&apos;s
            address.
          </dd>
        </div>
        <div>
          <dt className="font-semibold">A PMTiles file on this server: /api/map/style.json</dt>
          <dd>
            A Protomaps <code>.pmtiles</code> archive (the planet, or a region cut with <code>pmtiles extract</code>) on
            the server, named by the <code>MAP_PMTILES_PATH</code> setting at start; this site serves it and draws it in
            its own colours. Streets and buildings without street names; visitors fetch nothing from elsewhere.{" "}
            {pmtiles ? "This server has one." : "This server was started without one."}
          </dd>
        </div>
      </dl>
      {envStyleUrl ? (
        <p className="mt-3">
          Left empty, the map uses the server&apos;s default style (<code>MAP_STYLE_URL</code>, or the PMTiles
          file&apos;s): <code className="break-all">{envStyleUrl}</code>.
        </p>
      ) : null}
      <p className="mt-3">
        The first, server-drawn view of a map and the map without JavaScript always use the built-in map.
      </p>
    </div>
  );
}

/**
 * The licence the directory's data is published under (decision 057): the terms page states it, and the open data
 * names it with the attribution text staff write here (decision 070). What each allows decides where the data can go
 * (OpenStreetMap, Wikidata).
 */
function DataLicenceChoice({
  current,
  error,
  termsMissingLicence,
  attribution,
}: {
  current: string;
  error?: string;
  termsMissingLicence: string[];
  attribution: { value: string; error?: string };
}) {
  return (
    <fieldset
      className="rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
      aria-describedby={error ? `${fieldIds("dataLicence").errorId} licence-hint` : "licence-hint"}
    >
      <legend className="px-1 text-lg font-semibold text-stone-900">Data licence</legend>
      <p id="licence-hint" className="mb-4 text-sm text-stone-700">
        The licence under which others may reuse the directory's listings (the open data and the pages' facts). The
        Terms page states it where its text has <code>{"{{data-licence}}"}</code>. Pictures and contact details are not
        covered.
      </p>
      {error ? (
        <p id={fieldIds("dataLicence").errorId} className="mb-3 text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
      <ul className="space-y-3">
        {DATA_LICENCES.map((l, i) => {
          // The first choice carries the field's id: the error summary links to it.
          const id = i === 0 ? fieldIds("dataLicence").id : `licence-${l.spdx}`;
          return (
            <li key={l.spdx} className="flex items-start gap-3">
              <input
                id={id}
                type="radio"
                name="dataLicence"
                value={l.spdx}
                defaultChecked={current === l.spdx}
                aria-describedby={`${id}-note`}
                className="mt-1 h-5 w-5 accent-leaf-700"
              />
              <div>
                <label htmlFor={id} className="font-semibold text-stone-900">
                  {l.name} ({l.shortName})
                </label>
                <p id={`${id}-note`} className="text-sm text-stone-700">
                  {l.note}{" "}
                  <a href={l.url} className="text-leaf-800 underline">
                    Read {l.shortName}
                  </a>
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="mt-5">
        <TextField
          name="dataAttribution"
          type="text"
          label="Attribution"
          hint={`The credit reusers give, stated beside the licence in every open-data answer and download. Leave empty for “${dataAttribution("", SITE_NAME)}”.`}
          error={attribution.error}
          defaultValue={attribution.value}
          maxLength={DATA_ATTRIBUTION_MAX}
        />
      </div>
      {termsMissingLicence.length > 0 ? (
        <p role="note" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-stone-900">
          Your saved Terms text ({termsMissingLicence.join(", ")}) does not state the data licence: it was saved before
          this setting existed. Add <code>{"{{data-licence}}"}</code> where it should appear, in{" "}
          <Link to="/admin/dashboard/pages/terms" className="text-leaf-800 underline">
            Pages → Terms
          </Link>
          .
        </p>
      ) : null}
    </fieldset>
  );
}

export default function SiteSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { navigation, general } = loaderData;
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.fields ?? {};
  const values = actionData?.values;
  const isVisible = (key: (typeof NAV_PAGE_KEYS)[number]) => (values ? values.nav.includes(key) : navigation[key]);

  return (
    <>
      <PageHeader
        title="Site settings"
        description="Choose which pages the public navigation shows, and the site's contact details. Changes reach open pages right away."
      />
      <ErrorSummary errors={errors} labels={FIELD_LABELS} />
      <Form method="post" noValidate className="max-w-2xl space-y-8">
        <fieldset className="rounded-lg border border-stone-200 bg-white p-5 shadow-sm">
          <legend className="px-1 text-lg font-semibold text-stone-900">Navigation</legend>
          <p id="nav-hint" className="mb-4 text-sm text-stone-700">
            Ticked pages appear in the header, footer and mobile menus. Unticked pages stay reachable by their address
            but are not linked.
          </p>
          <ul className="grid gap-3 sm:grid-cols-2">
            {NAV_PAGE_KEYS.map((key) => {
              const id = `nav-${key}`;
              return (
                <li key={key} className="flex items-center gap-3">
                  <input
                    id={id}
                    type="checkbox"
                    name="nav"
                    value={key}
                    defaultChecked={isVisible(key)}
                    aria-describedby="nav-hint"
                    className="h-5 w-5 accent-leaf-700"
                  />
                  <label htmlFor={id} className="text-stone-900">
                    Show {NAV_PAGE_LABELS[key]}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>

        <fieldset className="space-y-4 rounded-lg border border-stone-200 bg-white p-5 shadow-sm">
          <legend className="px-1 text-lg font-semibold text-stone-900">General</legend>
          <TextField
            name="contactEmail"
            type="email"
            label="Contact e-mail"
            required
            hint={
              loaderData.replyTo
                ? `Shown in the footer's contact block. Replies to the site's e-mails go to ${loaderData.replyTo} (MAIL_REPLY_TO, set on the server, wins over this field).`
                : "Shown in the footer's contact block. Replies to the site's e-mails (acknowledgements, entry checks, decisions) go to it too; until it is saved, those e-mails ask for no reply and point to the correction form instead."
            }
            error={errors.contactEmail}
            defaultValue={values?.contactEmail ?? general.contactEmail}
            autoComplete="email"
          />
          <TextField
            name="mapStyleUrl"
            type="text"
            inputMode="url"
            label="Map tile style URL"
            hint="Optional: for street detail. An https:// URL of a MapLibre style, or /api/map/style.json for a PMTiles file on this server. Leave empty for the built-in map."
            error={errors.mapStyleUrl}
            defaultValue={values?.mapStyleUrl ?? general.mapStyleUrl}
          />
          <StreetMapChoices pmtiles={loaderData.map.pmtiles} envStyleUrl={loaderData.map.envStyleUrl} />
          <TextField
            name="freshnessMonths"
            type="number"
            min="1"
            max="60"
            step="1"
            inputMode="numeric"
            label="Needs checking after (months)"
            hint="Entries nobody has confirmed for this long are listed under “Needs checking” in Moderation."
            error={errors.freshnessMonths}
            defaultValue={values?.freshnessMonths ?? String(general.freshnessMonths)}
          />
        </fieldset>

        <DataLicenceChoice
          current={values?.dataLicence ?? general.dataLicence}
          error={errors.dataLicence}
          termsMissingLicence={loaderData.termsMissingLicence}
          attribution={{ value: values?.dataAttribution ?? general.dataAttribution, error: errors.dataAttribution }}
        />
        <SubmitButton pending={busy}>Save settings</SubmitButton>
      </Form>
    </>
  );
}
