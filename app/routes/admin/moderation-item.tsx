import { data, Form, Link } from "react-router";
import { AdminErrorBoundary, PageHeader, useSubmitting } from "~/components/admin/content/admin-page";
import { LikelyDuplicates } from "~/components/admin/content/likely-duplicates";
import { buttonClasses, ErrorSummary } from "~/components/forms/form-field";
import { entryEditPath } from "~/lib/admin-paths";
import { type NormalisedCountry, normaliseCountry } from "~/lib/countries";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, languageDisplayName } from "~/lib/i18n/languages";
import { instructionLanguageList } from "~/lib/instruction-languages";
import { CORRECTION_FIELDS, type CorrectableKind } from "~/lib/schemas/correction";
import { type FormValues, formDataToObject } from "~/lib/schemas/form";
import { readForm } from "~/lib/schemas/form.server";
import {
  PLACE_FIELD_LABELS,
  PLACE_KIND_LABELS,
  PLACE_PROPOSAL_FIELDS,
  type PlaceProposalField,
  RejectProposalSchema,
} from "~/lib/schemas/proposal";
import {
  ENTRY_STATUS_LABELS,
  MARKER_TYPES,
  type MarkerType,
  PROPOSAL_STATUS_LABELS as STATUS_TAB_LABELS,
} from "~/lib/vocabulary";
import { acceptCorrection, correctionTarget, proposedChanges } from "~/services/corrections.server";
import { findLikelyDuplicates } from "~/services/duplicates.server";
import { requireAdmin } from "~/services/guard.server";
import { getLocationById } from "~/services/locations.server";
import { acceptPlaceProposal, describeProposal, getProposal, rejectProposal } from "~/services/proposals.server";
import { loadReferenceData } from "~/services/reference.server";
import { redirectWithToast } from "~/services/toast.server";
import type { Route } from "./+types/moderation-item";

const LIST = "/admin/dashboard/moderation";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = context.services;
  const proposal = await getProposal(db, params.id);
  if (!proposal) throw data("No contribution with this id exists.", { status: 404 });
  const ref = await loadReferenceData(db);
  const entry =
    proposal.entityId && proposal.entity === "location" ? await getLocationById(db, proposal.entityId) : null;
  const kind = proposal.entity as CorrectableKind;
  const text = (k: string) => (typeof proposal.fields[k] === "string" ? (proposal.fields[k] as string) : null);
  const num = (k: string) => (text(k) === null || Number.isNaN(Number(text(k))) ? null : Number(text(k)));
  const duplicates =
    proposal.kind === "new-place" && text("name")
      ? await findLikelyDuplicates(db, {
          name: text("name") ?? "",
          latitude: num("latitude"),
          longitude: num("longitude"),
          website: text("website"),
          contactEmail: text("contactEmail"),
        })
      : [];
  const target =
    proposal.kind === "correction" && proposal.entityId
      ? await correctionTarget(context.services, kind, proposal.entityId)
      : null;
  const proposedValues = proposal.kind === "correction" ? proposedChanges(proposal.fields) : {};
  const correction =
    proposal.kind === "correction"
      ? {
          entry: target
            ? { name: target.name, path: target.path, status: target.status, editPath: entryEditPath(kind, target.id) }
            : null,
          closure: proposal.closure,
          rows: (CORRECTION_FIELDS[kind] ?? [])
            .filter((f) => f.key in proposedValues)
            .map((f) => {
              const proposed = proposedValues[f.key] ?? "";
              const country = f.key === "country" && proposed ? normaliseCountry(proposed) : null;
              // Languages of instruction are kept as codes ("en,pt"); staff read them by name.
              const words = (v: string) =>
                f.input === "languages" && v ? `${instructionLanguageList(v.split(","), DEFAULT_LANGUAGE)} (${v})` : v;
              return {
                field: f.key,
                label: f.label,
                now: words(target?.current[f.key] ?? ""),
                seen: words(typeof proposal.seen[f.key] === "string" ? (proposal.seen[f.key] as string) : ""),
                proposed: words(proposed),
                // Staff accept the country as the site stores it (decision 058).
                value: country?.known ? country.name : proposed,
                country,
              };
            }),
        }
      : null;
  const shown = (field: PlaceProposalField, v: string | string[] | null | undefined): string => {
    if (v === null || v === undefined || (Array.isArray(v) && v.length === 0) || v === "") return "";
    if (field === "regionId" && typeof v === "string") return ref.regionsById.get(v)?.name ?? "(unknown region)";
    if (field === "markerType" && typeof v === "string") return PLACE_KIND_LABELS[v as MarkerType] ?? v;
    if (field === "focusAreas" && Array.isArray(v)) {
      return v.map((id) => ref.focusAreasById.get(id)?.name ?? "(unknown)").join(", ");
    }
    return Array.isArray(v) ? v.join(", ") : v;
  };
  return data(
    {
      proposal: {
        id: proposal.id,
        kind: proposal.kind,
        status: proposal.status,
        title: describeProposal(proposal),
        comment: proposal.comment,
        email: proposal.email,
        createdAt: proposal.createdAt.toISOString(),
        decidedAt: proposal.decidedAt?.toISOString() ?? null,
        decidedBy: proposal.decidedBy,
        reason: proposal.reason,
        note: proposal.note,
      },
      // The language of the page the visitor wrote from: the new place's original language (decision 058).
      language: isLanguage(proposal.language) ? proposal.language : "en",
      languages: LANGUAGES.map((l) => ({ value: l, label: languageDisplayName(l, "en") })),
      fields: PLACE_PROPOSAL_FIELDS.map((field) => {
        const raw = proposal.fields[field];
        const country = field === "country" && typeof raw === "string" && raw ? normaliseCountry(raw) : null;
        return {
          field,
          label: PLACE_FIELD_LABELS[field],
          proposed: shown(field, raw),
          // A country typed in any language, or by its code, is offered as the site stores it.
          value: country?.known ? country.name : Array.isArray(raw) ? raw : (raw ?? ""),
          country,
          focus:
            field === "focusAreas" && Array.isArray(raw)
              ? raw.map((id) => ({ id, name: ref.focusAreasById.get(id)?.name ?? "(unknown)" }))
              : [],
        };
      }),
      regions: ref.regions.map((r) => ({ id: r.id, name: r.name })),
      entry: entry && proposal.kind === "new-place" ? { id: entry.id, name: entry.name, status: entry.status } : null,
      correction,
      duplicates,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdmin(request, context);
  const form = formDataToObject(await readForm(request));
  if (form.intent === "accept-correction") {
    const outcome = await acceptCorrection(context.services, user, params.id, form);
    if (outcome.ok) return redirectWithToast(LIST, "Correction accepted: the entry is updated");
    return data(
      { message: outcome.message, errors: outcome.errors ?? {}, values: form },
      { status: outcome.status, headers: { "Cache-Control": "no-store" } },
    );
  }
  if (form.intent === "accept") {
    const outcome = await acceptPlaceProposal(context.services, user, params.id, form);
    if (outcome.ok) {
      return redirectWithToast(
        `/admin/dashboard/edit/${outcome.entityId}`,
        "Draft created from the proposal: check it, then publish it",
      );
    }
    return data(
      { message: outcome.message, errors: outcome.errors ?? {}, values: form },
      { status: outcome.status, headers: { "Cache-Control": "no-store" } },
    );
  }
  if (form.intent === "reject") {
    const parsed = RejectProposalSchema.safeParse(form);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? "Please check the reason and the note.";
      return data({ message, errors: {}, values: form }, { status: 400 });
    }
    const outcome = await rejectProposal(context.services, user, params.id, parsed.data);
    if (outcome.ok) return redirectWithToast(LIST, "Contribution declined");
    return data({ message: outcome.message, errors: {}, values: form }, { status: outcome.status });
  }
  throw data("Unknown action.", { status: 400 });
}

export function meta() {
  return [{ title: "Review a contribution | Admin" }, { name: "robots", content: "noindex" }];
}

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
const controlClass = "mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900";

export default function ModerationItemPage({ loaderData, actionData }: Route.ComponentProps) {
  const { proposal: p, fields, regions, entry, correction } = loaderData;
  const submitting = useSubmitting();
  const values: FormValues = actionData?.values ?? {};
  const errors: Record<string, string> = actionData?.errors ?? {};
  const summary = { ...(actionData?.message ? { form: actionData.message } : {}), ...errors };
  // After a failed accept, what staff ticked and typed is shown again; at first, every proposed field is ticked.
  const posted = actionData?.values !== undefined;
  const ticked = (field: string, proposed: string) => (posted ? values[`use_${field}`] !== undefined : proposed !== "");
  const current = (field: string, value: string | string[]) => {
    if (!posted) return value;
    return values[field] ?? (Array.isArray(value) ? [] : "");
  };
  return (
    <div className="max-w-4xl">
      <p className="mb-2">
        <Link to={LIST} className={buttonClasses.link}>
          Back to moderation
        </Link>
      </p>
      <PageHeader
        title={`Review ${p.title}`}
        description={`Sent ${when(p.createdAt)}${p.email ? ` by ${p.email}` : " anonymously"}. ${STATUS_TAB_LABELS[p.status]}.`}
      />
      <ErrorSummary errors={summary} labels={PLACE_FIELD_LABELS} />

      {p.kind === "new-place" && p.status === "pending" ? <LikelyDuplicates items={loaderData.duplicates} /> : null}
      <section aria-labelledby="comment-heading" className="mb-6 rounded-lg border border-stone-300 bg-white p-4">
        <h2 id="comment-heading" className="font-semibold text-stone-900">
          The visitor's note
        </h2>
        <p className="mt-1 whitespace-pre-wrap break-words text-stone-800">{p.comment || "No note."}</p>
      </section>

      {p.status !== "pending" ? (
        <section aria-labelledby="decision-heading" className="mb-6 rounded-lg border border-stone-300 bg-white p-4">
          <h2 id="decision-heading" className="font-semibold text-stone-900">
            Decision
          </h2>
          <p className="mt-1 text-stone-800">
            {STATUS_TAB_LABELS[p.status]} {p.decidedAt ? `on ${when(p.decidedAt)}` : ""}
            {p.decidedBy ? ` by ${p.decidedBy}` : ""}.{p.reason ? ` Reason: ${p.reason}` : ""}
          </p>
          {p.note ? <p className="mt-1 whitespace-pre-wrap break-words text-stone-700">Note: {p.note}</p> : null}
          {entry ? (
            <p className="mt-2">
              It became{" "}
              <Link to={`/admin/dashboard/edit/${entry.id}`} className="text-leaf-800 underline">
                {entry.name}
              </Link>{" "}
              ({ENTRY_STATUS_LABELS[entry.status].toLowerCase()}).
            </p>
          ) : null}
        </section>
      ) : null}

      {p.kind === "new-place" ? (
        <Form method="post" className="space-y-4" aria-label="Accept the proposed place">
          <h2 className="text-lg font-semibold text-stone-900">The proposed place, field by field</h2>
          <p className="text-stone-700">
            Tick the fields to use and correct any value; accepting creates the place as a draft for a last look before
            you publish it.
          </p>
          {fields.map((f) => {
            const useId = `use-${f.field}`;
            const valueId = `field-${f.field}`;
            const value = current(f.field, f.value);
            return (
              <fieldset key={f.field} className="rounded-lg border border-stone-300 bg-white p-4">
                <legend className="px-1 font-semibold text-stone-900">{f.label}</legend>
                <p className="text-sm text-stone-700">
                  Proposed: <span className="break-words text-stone-900">{f.proposed || "(nothing)"}</span>
                </p>
                {p.status === "pending" ? (
                  <>
                    <div className="mt-2 flex items-center gap-2">
                      <input
                        id={useId}
                        name={`use_${f.field}`}
                        type="checkbox"
                        defaultChecked={ticked(f.field, f.proposed)}
                        className="h-5 w-5 accent-leaf-700"
                      />
                      <label htmlFor={useId}>Use this field</label>
                    </div>
                    <FieldControl
                      field={f.field}
                      id={valueId}
                      label={`${f.label}: value to use`}
                      value={value}
                      regions={regions}
                      focus={f.focus}
                      error={errors[f.field]}
                    />
                  </>
                ) : null}
                {f.country ? <CountryCheck country={f.country} /> : null}
              </fieldset>
            );
          })}
          {p.status === "pending" ? (
            <>
              <div>
                <label htmlFor="accept-language" className="block text-sm font-semibold text-stone-800">
                  Original language
                </label>
                <select
                  id="accept-language"
                  name="language"
                  defaultValue={posted && typeof values.language === "string" ? values.language : loaderData.language}
                  aria-describedby="accept-language-hint"
                  className={controlClass}
                >
                  {loaderData.languages.map((l) => (
                    <option key={l.value} value={l.value}>
                      {l.label}
                    </option>
                  ))}
                </select>
                <p id="accept-language-hint" className="mt-1 text-sm text-stone-700">
                  The language of the page the visitor wrote from; change it if they wrote in another.
                </p>
              </div>
              <div>
                <label htmlFor="accept-note" className="block text-sm font-semibold text-stone-800">
                  Note (kept with the decision)
                </label>
                <textarea id="accept-note" name="note" rows={2} maxLength={2000} className={controlClass} />
              </div>
              <button
                type="submit"
                name="intent"
                value="accept"
                disabled={submitting}
                className={buttonClasses.primary}
              >
                Create a draft from the ticked fields
              </button>
            </>
          ) : null}
        </Form>
      ) : null}

      {correction ? (
        <CorrectionReview
          correction={correction}
          pending={p.status === "pending"}
          posted={posted}
          values={values}
          errors={errors}
          submitting={submitting}
        />
      ) : null}

      {p.status === "pending" ? (
        <Form method="post" className="mt-8 space-y-3 rounded-lg border border-stone-300 bg-white p-4">
          <h2 className="text-lg font-semibold text-stone-900">Decline</h2>
          <div>
            <label htmlFor="reject-reason" className="block text-sm font-semibold text-stone-800">
              Reason (optional)
            </label>
            <input id="reject-reason" name="reason" maxLength={500} className={controlClass} />
          </div>
          <div>
            <label htmlFor="reject-note" className="block text-sm font-semibold text-stone-800">
              Note (optional)
            </label>
            <textarea id="reject-note" name="note" rows={2} maxLength={2000} className={controlClass} />
          </div>
          <button type="submit" name="intent" value="reject" disabled={submitting} className={buttonClasses.danger}>
            Decline this contribution
          </button>
        </Form>
      ) : null}
    </div>
  );
}

type CorrectionData = NonNullable<Route.ComponentProps["loaderData"]["correction"]>;

/** A correction beside the entry, field by field: now, what the visitor saw, what they propose; accept per field. */
function CorrectionReview({
  correction: c,
  pending,
  posted,
  values,
  errors,
  submitting,
}: {
  correction: CorrectionData;
  pending: boolean;
  posted: boolean;
  values: FormValues;
  errors: Record<string, string>;
  submitting: boolean;
}) {
  if (!c.entry) return <p className="text-stone-700">The entry this correction was about has been deleted.</p>;
  return (
    <Form method="post" className="space-y-4" aria-label="Accept the correction">
      <h2 className="text-lg font-semibold text-stone-900">
        Correction to{" "}
        <Link to={c.entry.editPath} className="text-leaf-800 underline">
          {c.entry.name}
        </Link>{" "}
        ({ENTRY_STATUS_LABELS[c.entry.status].toLowerCase()})
      </h2>
      {c.closure ? (
        <div className="rounded-lg border-2 border-amber-600 bg-amber-50 p-4">
          <p className="font-semibold text-stone-900">
            The visitor says this place has {c.closure === "closed" ? "closed" : "moved"}.
          </p>
          {pending ? (
            <div className="mt-2 flex items-center gap-2">
              <input
                id="archive"
                name="archive"
                type="checkbox"
                defaultChecked={posted ? values.archive !== undefined : false}
                className="h-5 w-5 accent-leaf-700"
              />
              <label htmlFor="archive">Archive the entry (it leaves the site, the map and search)</label>
            </div>
          ) : null}
        </div>
      ) : null}
      {c.rows.length === 0 ? <p className="text-stone-700">No field was changed; see the note above.</p> : null}
      {c.rows.map((r) => {
        const useId = `use-${r.field}`;
        const valueId = `field-${r.field}`;
        const errorId = `${valueId}-error`;
        const value = posted ? (typeof values[r.field] === "string" ? (values[r.field] as string) : "") : r.value;
        return (
          <fieldset key={r.field} className="rounded-lg border border-stone-300 bg-white p-4">
            <legend className="px-1 font-semibold text-stone-900">{r.label}</legend>
            <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="font-semibold text-stone-800">Now</dt>
              <dd className="break-words">{r.now || "(empty)"}</dd>
              {r.seen !== r.now ? (
                <>
                  <dt className="font-semibold text-stone-800">When the visitor looked</dt>
                  <dd className="break-words">{r.seen || "(empty)"}</dd>
                </>
              ) : null}
              <dt className="font-semibold text-stone-800">Proposed</dt>
              <dd className="break-words">
                <ins className="bg-leaf-50 text-leaf-900 no-underline">{r.proposed || "(empty)"}</ins>
              </dd>
            </dl>
            {pending ? (
              <>
                <div className="mt-2 flex items-center gap-2">
                  <input
                    id={useId}
                    name={`use_${r.field}`}
                    type="checkbox"
                    defaultChecked={posted ? values[`use_${r.field}`] !== undefined : true}
                    className="h-5 w-5 accent-leaf-700"
                  />
                  <label htmlFor={useId}>Accept this field</label>
                </div>
                <div className="mt-2">
                  <label htmlFor={valueId} className="block text-sm font-semibold text-stone-800">
                    {r.label}: value to use
                  </label>
                  <input
                    id={valueId}
                    name={r.field}
                    defaultValue={value}
                    className={controlClass}
                    aria-invalid={errors[r.field] ? true : undefined}
                    aria-describedby={errors[r.field] ? errorId : undefined}
                  />
                  {errors[r.field] ? (
                    <p id={errorId} className="mt-1 text-sm font-medium text-red-800">
                      {errors[r.field]}
                    </p>
                  ) : null}
                </div>
              </>
            ) : null}
            {r.country ? <CountryCheck country={r.country} /> : null}
          </fieldset>
        );
      })}
      {pending ? (
        <>
          <div>
            <label htmlFor="correction-note" className="block text-sm font-semibold text-stone-800">
              Note (kept with the decision)
            </label>
            <textarea id="correction-note" name="note" rows={2} maxLength={2000} className={controlClass} />
          </div>
          <button
            type="submit"
            name="intent"
            value="accept-correction"
            disabled={submitting}
            className={buttonClasses.primary}
          >
            Apply the accepted fields
          </button>
        </>
      ) : null}
    </Form>
  );
}

/**
 * What a typed country names (decision 058): the country the site stores it as, or a flag when it names none, so a
 * "España" does not become a country of its own beside "Spain".
 */
function CountryCheck({ country }: { country: NormalisedCountry }) {
  if (!country.known) {
    return (
      <p className="mt-2 rounded border-l-4 border-amber-600 bg-amber-50 px-3 py-2 text-sm text-stone-900">
        Not a country the site knows: “{country.typed}” is shown as typed. Check it before accepting; the country lists
        and filters will show it as a country of its own.
      </p>
    );
  }
  return (
    <p className="mt-2 text-sm text-stone-700">
      {country.typed.trim() === country.name
        ? `Country: ${country.name} (${country.code}).`
        : `Normalised: “${country.typed}” is ${country.name} (${country.code}), as the site stores it.`}
    </p>
  );
}

/** The editable value of one proposed field, as the location form would take it. */
function FieldControl({
  field,
  id,
  label,
  value,
  regions,
  focus,
  error,
}: {
  field: PlaceProposalField;
  id: string;
  label: string;
  value: string | string[];
  regions: { id: string; name: string }[];
  focus: { id: string; name: string }[];
  error?: string;
}) {
  const errorId = `${id}-error`;
  const aria = { "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined };
  const text = Array.isArray(value) ? (value[0] ?? "") : value;
  let control: React.ReactNode;
  if (field === "markerType") {
    control = (
      <select id={id} name={field} defaultValue={text || "standard"} className={controlClass} {...aria}>
        {MARKER_TYPES.map((m) => (
          <option key={m} value={m}>
            {PLACE_KIND_LABELS[m]}
          </option>
        ))}
      </select>
    );
  } else if (field === "regionId") {
    control = (
      <select id={id} name={field} defaultValue={text} className={controlClass} {...aria}>
        <option value="">No region</option>
        {regions.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </select>
    );
  } else if (field === "focusAreas") {
    const chosen = Array.isArray(value) ? value : value ? [value] : [];
    return (
      <div className="mt-2">
        <p className="text-sm font-semibold text-stone-800">{label}</p>
        {focus.length === 0 ? <p className="text-sm text-stone-700">None proposed.</p> : null}
        <ul className="mt-1 space-y-1">
          {focus.map((f) => (
            <li key={f.id} className="flex items-center gap-2">
              <input
                id={`${id}-${f.id}`}
                type="checkbox"
                name="focusAreas"
                value={f.id}
                defaultChecked={chosen.includes(f.id)}
                className="h-5 w-5 accent-leaf-700"
              />
              <label htmlFor={`${id}-${f.id}`}>{f.name}</label>
            </li>
          ))}
        </ul>
        {error ? (
          <p id={errorId} className="mt-1 text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
      </div>
    );
  } else {
    control = (
      <input
        id={id}
        name={field}
        defaultValue={text}
        className={controlClass}
        maxLength={field === "shortDescription" ? 300 : 2000}
        {...aria}
      />
    );
  }
  return (
    <div className="mt-2">
      <label htmlFor={id} className="block text-sm font-semibold text-stone-800">
        {label}
      </label>
      {control}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} listHref={LIST} listLabel="Back to moderation" />;
}
