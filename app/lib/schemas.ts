import { DEFAULT_LANGUAGE, LANGUAGES } from "./i18n/languages";
import { z } from "./zod";

/** E-mail as typed by a person: trimmed, required, format-checked, sensible length; with the given messages. */
export function emailSchema(messages: { missing: string; tooLong: string; invalid: string }) {
  return z
    .string({ error: messages.missing })
    .trim()
    .min(1, messages.missing)
    .max(254, messages.tooLong)
    .pipe(z.email(messages.invalid));
}

/** The English messages of the e-mail check (the newsletter's and staff's forms). */
export const EMAIL_MESSAGES = {
  missing: "Please enter your e-mail address.",
  tooLong: "That e-mail address is too long.",
  invalid: "Please enter a valid e-mail address.",
} as const;

/** E-mail as typed by a person, with English messages. */
export const EmailSchema = emailSchema(EMAIL_MESSAGES);

export const NewsletterSchema = z.object({
  email: EmailSchema,
  source: z.enum(["footer", "newsletter-page", "home"]).catch("footer"),
  /** The language of the page the form was on; anything else (an old page, a script) counts as English. */
  language: z.enum(LANGUAGES).catch(DEFAULT_LANGUAGE),
});

/** A form's field names: the keys of its schema's object. */
export type FormField<S extends z.ZodType> = keyof z.input<S> & string;

/** A form's errors as its action answers them: at most one message per field of its schema. */
export type FieldErrors<S extends z.ZodType> = Partial<Record<FormField<S>, string>>;

/** What a visitor typed into some of a form's fields, as text, echoed back when the form is shown again. */
export type TypedValues<S extends z.ZodType, K extends FormField<S> = FormField<S>> = Record<K, string>;

/** Turns a Zod error into one message per field (the first), for forms. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
