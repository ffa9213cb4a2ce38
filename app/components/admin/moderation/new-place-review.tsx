import { Form } from "react-router";
import { buttonClasses } from "~/components/forms/form-field";
import type { NormalisedCountry } from "~/lib/countries";
import type { FormValues } from "~/lib/schemas/form";
import { PLACE_KIND_LABELS, type PlaceProposalField } from "~/lib/schemas/proposal";
import { MARKER_TYPES } from "~/lib/vocabulary";
import { CountryCheck, controlClass, DecisionNote, FieldError, UseFieldTick } from "./review-parts";

/** One proposed field of a new place as the moderation screen shows it (services/contributions/moderation-view.server.ts). */
export type ProposedField = {
  field: PlaceProposalField;
  label: string;
  proposed: string;
  value: string | string[];
  country: NormalisedCountry | null;
  focus: { id: string; name: string }[];
};

/**
 * A proposed new place, field by field: what the visitor proposed, and while it is pending, a tick and an editable
 * value per field, the original language and a note; accepting creates the place as a draft.
 */
export function NewPlaceReview({
  fields,
  regions,
  pending,
  language,
  languages,
  posted,
  values,
  errors,
  submitting,
}: {
  fields: ProposedField[];
  regions: { id: string; name: string }[];
  pending: boolean;
  /** The language of the page the visitor wrote from. */
  language: string;
  languages: { value: string; label: string }[];
  posted: boolean;
  values: FormValues;
  errors: Record<string, string>;
  submitting: boolean;
}) {
  // After a failed accept, what staff ticked and typed is shown again; at first, every proposed field is ticked.
  const ticked = (field: string, proposed: string) => (posted ? values[`use_${field}`] !== undefined : proposed !== "");
  const current = (field: string, value: string | string[]) => {
    if (!posted) return value;
    return values[field] ?? (Array.isArray(value) ? [] : "");
  };
  return (
    <Form method="post" className="space-y-4" aria-label="Accept the proposed place">
      <h2 className="text-lg font-semibold text-stone-900">The proposed place, field by field</h2>
      <p className="text-stone-700">
        Tick the fields to use and correct any value; accepting creates the place as a draft for a last look before you
        publish it.
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
            {pending ? (
              <>
                <UseFieldTick
                  id={useId}
                  name={`use_${f.field}`}
                  checked={ticked(f.field, f.proposed)}
                  label="Use this field"
                />
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
      {pending ? (
        <>
          <div>
            <label htmlFor="accept-language" className="block text-sm font-semibold text-stone-800">
              Original language
            </label>
            <select
              id="accept-language"
              name="language"
              defaultValue={posted && typeof values.language === "string" ? values.language : language}
              aria-describedby="accept-language-hint"
              className={controlClass}
            >
              {languages.map((l) => (
                <option key={l.value} value={l.value}>
                  {l.label}
                </option>
              ))}
            </select>
            <p id="accept-language-hint" className="mt-1 text-sm text-stone-700">
              The language of the page the visitor wrote from; change it if they wrote in another.
            </p>
          </div>
          <DecisionNote id="accept-note" />
          <button type="submit" name="intent" value="accept" disabled={submitting} className={buttonClasses.primary}>
            Create a draft from the ticked fields
          </button>
        </>
      ) : null}
    </Form>
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
        <FieldError id={errorId} error={error} />
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
      <FieldError id={errorId} error={error} />
    </div>
  );
}
