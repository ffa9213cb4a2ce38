import { z } from "./zod";

/** E-mail as typed by a person: trimmed, required, format-checked, sensible length. */
export const EmailSchema = z
  .string({ error: "Please enter your e-mail address." })
  .trim()
  .min(1, "Please enter your e-mail address.")
  .max(254, "That e-mail address is too long.")
  .pipe(z.email("Please enter a valid e-mail address."));

export const NewsletterSchema = z.object({
  email: EmailSchema,
  source: z.enum(["footer", "newsletter-page", "home"]).catch("footer"),
});

/** Turns a Zod error into one message per field (the first), for forms. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
