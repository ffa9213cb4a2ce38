import { data, Form, useNavigation } from "react-router";
import { AdminErrorBoundary, adminMeta } from "~/components/admin/content/admin-page";
import { PageHeader } from "~/components/admin/shell/page-header";
import { buttonClasses } from "~/components/forms/form-field";
import { NAME_TRANSLATION_LANGUAGES, NAME_TRANSLATION_MAX, type NameTranslations } from "~/lib/reference-names";
import { fieldErrors } from "~/lib/schemas";
import { formDataToObject } from "~/lib/schemas/form";
import {
  NameTranslationsFormSchema,
  type REFERENCE_KINDS,
  toNameTranslations,
  translationLanguageLabel,
} from "~/lib/schemas/reference-names";
import { PROJECT_CATEGORIES } from "~/lib/taxonomy";
import { readForm } from "~/server-lib/form.server";
import { loadReferenceData, saveNameTranslations } from "~/services/site/reference.server";
import { redirectWithToast } from "~/services/site/toast.server";
import { auditStaffAction } from "~/services/staff/audit.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/names";

const NO_STORE = { "Cache-Control": "no-store" };
const SCREEN = "/admin/dashboard/names";

type Kind = (typeof REFERENCE_KINDS)[number];
const KIND_NOUNS: Record<Kind, string> = { region: "region", subRegion: "sub-region", focusArea: "focus area" };

type Row = { kind: Kind; id: string; name: string; translations: NameTranslations };
type Group = { heading: string; rows: Row[] };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const ref = await loadReferenceData(context.services);
  const row =
    (kind: Kind) =>
    (r: { id: string; name: string; translations: NameTranslations }): Row => ({
      kind,
      id: r.id,
      name: r.name,
      translations: r.translations,
    });
  const subRegionGroups: Group[] = ref.regions
    .map((r) => ({
      heading: r.name,
      rows: ref.subRegions.filter((s) => s.regionId === r.id).map(row("subRegion")),
    }))
    .filter((g) => g.rows.length > 0);
  const categorized = new Set<string>(PROJECT_CATEGORIES.map((c) => c.id));
  const focusGroups: Group[] = [
    ...PROJECT_CATEGORIES.map((c) => ({
      heading: c.name,
      rows: ref.focusAreas.filter((f) => f.categoryId === c.id).map(row("focusArea")),
    })),
    {
      heading: "Other focus areas",
      rows: ref.focusAreas.filter((f) => !categorized.has(f.categoryId)).map(row("focusArea")),
    },
  ].filter((g) => g.rows.length > 0);
  return data(
    {
      sections: [
        { id: "regions", title: "Regions", groups: [{ heading: "", rows: ref.regions.map(row("region")) }] },
        { id: "sub-regions", title: "Sub-regions", groups: subRegionGroups },
        { id: "focus-areas", title: "Focus areas", groups: focusGroups },
      ],
    },
    { headers: NO_STORE },
  );
}

type ActionResult = { id: string; errors: Record<string, string>; values: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(context.services, request);
  const values = formDataToObject(await readForm(request));
  const posted = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? v.join(" ") : v]));
  const fail = (errors: Record<string, string>, status = 400) =>
    data<ActionResult>({ id: posted.id ?? "", errors, values: posted }, { status, headers: NO_STORE });
  const parsed = NameTranslationsFormSchema.safeParse(values);
  if (!parsed.success) return fail(fieldErrors(parsed.error));
  const { kind, id } = parsed.data;
  const translations = toNameTranslations(parsed.data);
  const ref = await loadReferenceData(context.services);
  const byId = { region: ref.regionsById, subRegion: ref.subRegionsById, focusArea: ref.focusAreasById }[kind];
  const known = byId.get(id);
  const saved = await saveNameTranslations(context.services, kind, id, translations);
  if (!saved)
    return fail({ form: `That ${KIND_NOUNS[kind]} no longer exists. Reload the page to see the list as it is.` });
  const name = known?.name ?? id;
  const given = NAME_TRANSLATION_LANGUAGES.filter((l) => translations[l]);
  await auditStaffAction(context.services, {
    user,
    action: "update",
    entity: kind,
    entityId: id,
    summary: `Translated names of the ${KIND_NOUNS[kind]} “${name}” (${given.length ? given.join(", ") : "none"})`,
  });
  return redirectWithToast(`${SCREEN}#row-${id}`, `Names of “${name}” saved.`, "success", { headers: NO_STORE });
}

export const meta = () => adminMeta("Names");

const inputCls =
  "mt-1 block w-full rounded-md border border-stone-400 bg-white px-2 py-1.5 text-sm text-stone-900 focus:border-leaf-600";

function NameRow({
  row,
  failed,
  busy,
  nested,
}: {
  row: Row;
  failed: ActionResult | null;
  busy: boolean;
  /** Under a group's heading (one level deeper). */
  nested: boolean;
}) {
  const Heading = nested ? "h4" : "h3";
  const errors = failed?.errors ?? {};
  const errorList = Object.entries(errors);
  const errorId = `row-${row.id}-errors`;
  return (
    <li id={`row-${row.id}`} className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
      <Form method="post" noValidate aria-labelledby={`row-${row.id}-name`}>
        <input type="hidden" name="kind" value={row.kind} />
        <input type="hidden" name="id" value={row.id} />
        <Heading id={`row-${row.id}-name`} className="font-semibold text-stone-900">
          {row.name}
        </Heading>
        {errorList.length > 0 ? (
          <div id={errorId} role="alert" className="mt-2 rounded-md bg-red-50 py-2 pr-2 pl-6 text-sm text-red-900">
            <ul className="list-disc">
              {errorList.map(([key, message]) => (
                <li key={key}>{message}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {NAME_TRANSLATION_LANGUAGES.map((lang) => {
            const id = `name-${row.id}-${lang}`;
            return (
              <div key={lang}>
                <label htmlFor={id} className="text-sm font-medium text-stone-800">
                  {translationLanguageLabel(lang)}
                  <span className="sr-only"> name of {row.name}</span>
                </label>
                <input
                  id={id}
                  name={lang}
                  lang={lang}
                  type="text"
                  maxLength={NAME_TRANSLATION_MAX}
                  defaultValue={failed ? (failed.values[lang] ?? "") : (row.translations[lang] ?? "")}
                  aria-invalid={errors[lang] ? true : undefined}
                  aria-describedby={errorList.length > 0 ? errorId : undefined}
                  className={inputCls}
                />
              </div>
            );
          })}
        </div>
        <button type="submit" disabled={busy} className={`${buttonClasses.secondary} mt-3`}>
          Save<span className="sr-only"> names of {row.name}</span>
        </button>
      </Form>
    </li>
  );
}

export default function Names({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const failed = actionData ?? null;
  const rowIds = new Set(loaderData.sections.flatMap((s) => s.groups.flatMap((g) => g.rows.map((r) => r.id))));
  // A refusal that belongs to no row on the screen (a row gone, a forged form) is shown at the top.
  const unplaced = failed && !rowIds.has(failed.id) ? Object.values(failed.errors) : [];
  return (
    <>
      <PageHeader
        title="Names"
        description="The names of regions, sub-regions and focus areas in each language of the public site. A page in a language shows its translation, or the English name where the field is empty."
      />
      {unplaced.length > 0 ? (
        <div role="alert" className="mb-6 rounded-md border-2 border-red-700 bg-red-50 py-3 pr-3 pl-8 text-red-900">
          <ul className="list-disc">
            {unplaced.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <nav aria-label="Sections" className="mb-6 flex flex-wrap gap-4 text-sm">
        {loaderData.sections.map((s) => (
          <a key={s.id} href={`#${s.id}`} className="font-semibold text-leaf-800 underline">
            {s.title}
          </a>
        ))}
      </nav>
      <div className="space-y-10">
        {loaderData.sections.map((s) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
            <h2 id={`${s.id}-title`} className="text-xl font-semibold text-stone-900">
              {s.title}
            </h2>
            {s.groups.map((g) => (
              <div key={g.heading || s.id} className="mt-4">
                {g.heading ? <h3 className="mb-2 font-semibold text-stone-800">{g.heading}</h3> : null}
                <ul className="space-y-3">
                  {g.rows.map((r) => (
                    <NameRow
                      key={r.id}
                      row={r}
                      failed={failed?.id === r.id ? failed : null}
                      busy={busy}
                      nested={Boolean(g.heading)}
                    />
                  ))}
                </ul>
              </div>
            ))}
          </section>
        ))}
      </div>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
