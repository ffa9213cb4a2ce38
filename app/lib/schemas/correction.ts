import { ENTRY_NAME_MAX_LENGTH } from "../constants";
import { z } from "../zod";
import { checkbox, nullableText, optionalEmail, optionalNumber, optionalText, optionalUrl, requiredText } from "./form";
import { PROPOSAL_LIMITS } from "./proposal";

/** The kinds of entry a visitor can correct, as they appear in URLs and the proposals table. */
export const CORRECTABLE_KINDS = ["location", "program", "change-maker"] as const;
export type CorrectableKind = (typeof CORRECTABLE_KINDS)[number];

type FieldInput = "text" | "textarea" | "url" | "email" | "tel" | "number" | "date";

/** A field a visitor may correct: its key (the entry's column), label, input, and the validation staff's form uses. */
export type CorrectionField = { key: string; label: string; input: FieldInput; schema: z.ZodType };

const optionalDate = (label: string) =>
  optionalText(label, 10)
    .refine((v) => v === "" || /^\d{4}-\d{2}-\d{2}$/.test(v), `${label} must be a date (YYYY-MM-DD).`)
    .transform((v) => (v === "" ? null : v));

/** What visitors can correct on each kind of entry: facts they can know, never status, slug, images or owner. */
export const CORRECTION_FIELDS: Record<CorrectableKind, readonly CorrectionField[]> = {
  location: [
    { key: "name", label: "Name", input: "text", schema: requiredText("Name", ENTRY_NAME_MAX_LENGTH) },
    {
      key: "shortDescription",
      label: "Short description",
      input: "textarea",
      schema: optionalText("Short description", 300),
    },
    { key: "website", label: "Website", input: "url", schema: optionalUrl("Website") },
    { key: "contactEmail", label: "E-mail", input: "email", schema: optionalEmail("E-mail") },
    { key: "contactPhone", label: "Phone", input: "tel", schema: nullableText("Phone", 40) },
    { key: "contactAddress", label: "Address", input: "text", schema: nullableText("Address", 200) },
    { key: "contactCity", label: "Town or city", input: "text", schema: nullableText("Town or city", 100) },
    { key: "country", label: "Country", input: "text", schema: optionalText("Country", 80) },
    { key: "latitude", label: "Latitude", input: "number", schema: optionalNumber("Latitude", -90, 90) },
    { key: "longitude", label: "Longitude", input: "number", schema: optionalNumber("Longitude", -180, 180) },
  ],
  program: [
    { key: "name", label: "Name", input: "text", schema: requiredText("Name", ENTRY_NAME_MAX_LENGTH) },
    { key: "summary", label: "Summary", input: "textarea", schema: optionalText("Summary", 300) },
    { key: "startDate", label: "Start date", input: "date", schema: optionalDate("Start date") },
    { key: "endDate", label: "End date", input: "date", schema: optionalDate("End date") },
    { key: "applicationUrl", label: "Where to apply", input: "url", schema: optionalUrl("Where to apply") },
  ],
  "change-maker": [
    { key: "name", label: "Name", input: "text", schema: requiredText("Name", 120) },
    { key: "role", label: "Role", input: "text", schema: optionalText("Role", 120) },
    { key: "country", label: "Country", input: "text", schema: optionalText("Country", 80) },
  ],
};

export const CLOSURES = ["closed", "moved"] as const;
export type Closure = (typeof CLOSURES)[number];

/** The stored or shown form of a value: text, "" for nothing. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v);
}

/** The part of a correction that is not an entry's field: closure, comment, the visitor's e-mail and consent. */
export const CorrectionExtrasSchema = z
  .object({
    closure: z.preprocess(
      (v) => (v === undefined || v === null || v === "" || v === "open" ? null : v),
      z.enum(CLOSURES, { error: "Please choose open, closed or moved." }).nullable(),
    ),
    comment: optionalText("Comment", PROPOSAL_LIMITS.comment),
    proposerEmail: optionalEmail("Your e-mail"),
    consent: checkbox,
  })
  .superRefine((v, ctx) => {
    if (v.proposerEmail && !v.consent) {
      ctx.addIssue({
        code: "custom",
        path: ["consent"],
        message: "Please agree to the privacy policy, or leave your e-mail address out.",
      });
    }
  });

/**
 * Reads a correction form against the entry's current values: each field through the same validation as staff's
 * form, and only the fields whose value differs are kept. Returns the changes, or the errors by field.
 */
export function readCorrection(
  kind: CorrectableKind,
  form: Record<string, unknown>,
  current: Record<string, string>,
):
  | { ok: true; changes: Record<string, string>; seen: Record<string, string> }
  | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const changes: Record<string, string> = {};
  const seen: Record<string, string> = {};
  for (const f of CORRECTION_FIELDS[kind]) {
    if (form[f.key] === undefined) continue;
    const parsed = f.schema.safeParse(form[f.key]);
    if (!parsed.success) {
      errors[f.key] = parsed.error.issues[0]?.message ?? `${f.label} is not valid.`;
      continue;
    }
    const next = valueText(parsed.data);
    const before = current[f.key] ?? "";
    if (next !== before) {
      changes[f.key] = next;
      seen[f.key] = before;
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, changes, seen };
}
