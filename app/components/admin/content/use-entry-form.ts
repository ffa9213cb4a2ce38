import type { z } from "zod";
import type { FormValues } from "~/lib/schemas/form";
import { bindFields } from "./content-form";
import { useFormErrors } from "./use-form-errors";

/**
 * What an entry form shows and checks: the values as posted back (`posted`, the action's answer), else as saved, else
 * none while adding; their errors (the browser's check on submit, or the server's); and `field`, tying each field to
 * them. The whole is the `form` of EntryFormPage (entry-form.tsx).
 */
export function useEntryForm<S extends z.ZodType>(
  schema: S,
  saved: FormValues | null,
  posted: { values?: FormValues; errors?: Record<string, string> } | undefined,
  extraCheck?: (value: z.output<S>) => Record<string, string>,
) {
  const values: FormValues = posted?.values ?? saved ?? {};
  const { errors, onSubmit } = useFormErrors(schema, posted?.errors, extraCheck);
  return { values, errors, onSubmit, field: bindFields(values, errors) };
}
