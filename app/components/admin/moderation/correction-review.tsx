import { Form, Link } from "react-router";
import { buttonClasses } from "~/components/forms/form-field";
import type { NormalisedCountry } from "~/lib/countries";
import type { FormValues } from "~/lib/schemas/form";
import { ENTRY_STATUS_LABELS, type EntryStatus } from "~/lib/vocabulary";
import { CountryCheck, controlClass, DecisionNote, FieldError, UseFieldTick } from "./review-parts";

/** A correction as the moderation screen shows it (the view model of services/contributions/moderation-view.server.ts). */
export type CorrectionView = {
  entry: { name: string; path: string; status: EntryStatus; editPath: string } | null;
  closure: string | null;
  rows: {
    field: string;
    label: string;
    now: string;
    seen: string;
    proposed: string;
    value: string;
    country: NormalisedCountry | null;
  }[];
};

/** A correction beside the entry, field by field: now, what the visitor saw, what they propose; accept per field. */
export function CorrectionReview({
  correction: c,
  pending,
  posted,
  values,
  errors,
  submitting,
}: {
  correction: CorrectionView;
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
            <UseFieldTick
              id="archive"
              name="archive"
              checked={posted ? values.archive !== undefined : false}
              label="Archive the entry (it leaves the site, the map and search)"
            />
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
                <UseFieldTick
                  id={useId}
                  name={`use_${r.field}`}
                  checked={posted ? values[`use_${r.field}`] !== undefined : true}
                  label="Accept this field"
                />
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
                  <FieldError id={errorId} error={errors[r.field]} />
                </div>
              </>
            ) : null}
            {r.country ? <CountryCheck country={r.country} /> : null}
          </fieldset>
        );
      })}
      {pending ? (
        <>
          <DecisionNote id="correction-note" />
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
