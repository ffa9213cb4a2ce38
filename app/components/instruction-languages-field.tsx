import { fieldIds } from "~/components/forms/form-field";
import { isLanguage } from "~/lib/i18n/languages";

type Option = { value: string; label: string };

/**
 * The languages a program is taught in, as a checkbox group that works without JavaScript (decision 060): the
 * site's five languages first, the others of the list under "More languages" (open when one of them is chosen), each
 * part in the order the options come in (the page language's). A hidden empty value goes with the ticked ones, so a
 * form with none ticked still says so.
 */
export function InstructionLanguagesField({
  name,
  legend,
  moreLabel,
  options,
  chosen,
  hint,
  error,
}: {
  name: string;
  legend: string;
  /** The words of the part with the other languages ("More languages"). */
  moreLabel: string;
  /** Every language of the list, named and ordered in the page's language. */
  options: readonly Option[];
  chosen: readonly string[];
  hint?: string;
  error?: string;
}) {
  const ids = fieldIds(name);
  const ticked = new Set(chosen);
  const first = options.filter((o) => isLanguage(o.value));
  const more = options.filter((o) => !isLanguage(o.value));
  const describedBy = [hint ? ids.hintId : null, error ? ids.errorId : null].filter(Boolean).join(" ") || undefined;
  const list = (opts: readonly Option[]) => (
    <ul className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 min-[380px]:grid-cols-2 sm:grid-cols-3 lg:grid-cols-4">
      {opts.map((o) => {
        const id = `${ids.id}-${o.value}`;
        return (
          <li key={o.value} className="flex min-h-8 items-center gap-2">
            <input
              id={id}
              type="checkbox"
              name={name}
              value={o.value}
              defaultChecked={ticked.has(o.value)}
              className="h-5 w-5 shrink-0 accent-leaf-700"
            />
            <label htmlFor={id} className="text-stone-800">
              {o.label}
            </label>
          </li>
        );
      })}
    </ul>
  );
  return (
    <fieldset
      id={ids.id}
      tabIndex={-1}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      className="min-w-0"
    >
      <legend className="text-sm font-semibold text-stone-800">{legend}</legend>
      {hint ? (
        <p id={ids.hintId} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      <input type="hidden" name={name} value="" />
      {list(first)}
      <details className="mt-2" open={more.some((o) => ticked.has(o.value)) || undefined}>
        <summary className="cursor-pointer py-1 font-semibold text-leaf-800">{moreLabel}</summary>
        {list(more)}
      </details>
      {error ? (
        <p id={ids.errorId} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
