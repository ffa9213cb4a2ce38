import { type FormEvent, useEffect, useState } from "react";
import type { z } from "zod";
import { fieldErrors } from "~/lib/schemas";
import { formDataToObject } from "~/lib/schemas/form";

/**
 * Runs the form's Zod schema in the browser on submit (the server runs the same schema again and has the last word).
 * Invalid input stops the submission and shows the messages at once; the server's errors show otherwise.
 */
export function useFormErrors<S extends z.ZodType>(
  schema: S,
  serverErrors: Record<string, string> | undefined,
  extraCheck?: (value: z.output<S>) => Record<string, string>,
) {
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  useEffect(() => {
    // a new answer from the server replaces what the browser found
    if (serverErrors) setClientErrors(null);
  }, [serverErrors]);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLElement | null;
    const values = formDataToObject(new FormData(event.currentTarget, submitter));
    const result = schema.safeParse(values);
    const errors = result.success ? (extraCheck?.(result.data) ?? {}) : fieldErrors(result.error);
    if (Object.keys(errors).length > 0) {
      event.preventDefault();
      setClientErrors(errors);
    } else {
      setClientErrors(null);
    }
  }
  return { errors: clientErrors ?? serverErrors ?? {}, onSubmit };
}
