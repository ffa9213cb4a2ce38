import { isLanguage } from "~/lib/i18n/languages";
import { CheckboxGroup, type SelectOption } from "./form-field";

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
  options: readonly SelectOption[];
  chosen: readonly string[];
  hint?: string;
  error?: string;
}) {
  return (
    <CheckboxGroup
      name={name}
      legend={legend}
      options={options.filter((o) => isLanguage(o.value))}
      more={{ label: moreLabel, options: options.filter((o) => !isLanguage(o.value)) }}
      defaultValues={chosen}
      hint={hint}
      error={error}
      className="min-w-0"
      roomy
      sendsEmpty
    />
  );
}
