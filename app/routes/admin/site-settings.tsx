import { data, Form, useNavigation } from "react-router";
import { ErrorSummary, SubmitButton, TextField } from "~/components/admin/form-field";
import { PageHeader } from "~/components/admin/shell/page-header";
import { NAV_PAGE_KEYS } from "~/lib/navigation";
import { type FieldErrors, fieldErrors, type TypedValues } from "~/lib/schemas";
import { NAV_PAGE_LABELS, SiteSettingsSchema, toNavigationPages } from "~/lib/schemas/admin-settings";
import { listValue, textValue } from "~/lib/schemas/form";
import { readEntryForm } from "~/lib/schemas/form.server";
import { recordAudit } from "~/services/audit.server";
import { notifyContentChanged } from "~/services/content-events.server";
import { requireAdmin } from "~/services/guard.server";
import {
  getGeneralSettings,
  getNavigation,
  saveGeneralSettings,
  saveNavigation,
} from "~/services/site-settings.server";
import { redirectWithToast } from "~/services/toast.server";
import type { Route } from "./+types/site-settings";

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, logger } = context.services;
  const [navigation, general] = await Promise.all([
    getNavigation(db, (err) => logger.warn({ err }, "navigation settings unreadable")),
    getGeneralSettings(db),
  ]);
  return data({ navigation, general }, { headers: NO_STORE });
}

type ActionResult = {
  fields: FieldErrors<typeof SiteSettingsSchema>;
  values: { nav: string[] } & TypedValues<
    typeof SiteSettingsSchema,
    "contactEmail" | "mapStyleUrl" | "freshnessMonths"
  >;
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context);
  const { db, logger } = context.services;
  const form = await readEntryForm(request, SiteSettingsSchema);
  const raw = {
    nav: listValue(form, "nav"),
    contactEmail: textValue(form, "contactEmail"),
    mapStyleUrl: textValue(form, "mapStyleUrl"),
    freshnessMonths: textValue(form, "freshnessMonths") || "12",
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
  };
  await saveNavigation(context.services, pages, user.id);
  await saveGeneralSettings(context.services, general, user.id);
  await notifyContentChanged(context.services, "settings");
  const hidden = NAV_PAGE_KEYS.filter((k) => !pages[k]).map((k) => NAV_PAGE_LABELS[k]);
  await recordAudit(
    db,
    {
      user,
      action: "settings",
      entity: "site-settings",
      entityId: "navigation",
      summary: `Saved site settings (hidden pages: ${hidden.length ? hidden.join(", ") : "none"})`,
    },
    (err) => logger.error({ err }, "audit write failed"),
  );
  return redirectWithToast("/admin/dashboard/site-settings", "Site settings saved.", "success", { headers: NO_STORE });
}

export function meta() {
  return [{ title: "Site settings | Admin" }, { name: "robots", content: "noindex" }];
}

const FIELD_LABELS = {
  nav: "Navigation",
  contactEmail: "Contact e-mail",
  mapStyleUrl: "Map tile style URL",
  freshnessMonths: "Needs checking after",
};

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
            hint="Shown in the footer's contact block."
            error={errors.contactEmail}
            defaultValue={values?.contactEmail ?? general.contactEmail}
            autoComplete="email"
          />
          <TextField
            name="mapStyleUrl"
            type="url"
            label="Map tile style URL"
            hint="Optional. An https:// URL of a MapLibre style. Leave empty to use the built-in world map, which works offline."
            error={errors.mapStyleUrl}
            defaultValue={values?.mapStyleUrl ?? general.mapStyleUrl}
          />
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

        <SubmitButton pending={busy}>Save settings</SubmitButton>
      </Form>
    </>
  );
}
