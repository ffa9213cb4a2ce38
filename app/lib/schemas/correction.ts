import { ENTRY_NAME_MAX_LENGTH } from "../constants";
import { INSTRUCTION_LANGUAGES, INSTRUCTION_LANGUAGES_MAX } from "../instruction-languages";
import { z } from "../zod";
import {
  checkbox,
  codeList,
  nullableText,
  optionalEmail,
  optionalNumber,
  optionalText,
  optionalUrl,
  requiredText,
} from "./form";
import { type FieldLabel, messageCode } from "./message-codes";
import { CONSENT_OR_NO_EMAIL, PROPOSAL_LIMITS } from "./proposal";

/** The kinds of entry a visitor can correct, as they appear in URLs and the proposals table. */
export const CORRECTABLE_KINDS = ["location", "program", "change-maker"] as const;
export type CorrectableKind = (typeof CORRECTABLE_KINDS)[number];

/** How a field is asked: an input of that type, a text area, or the languages of instruction's checkboxes. */
type FieldInput = "text" | "textarea" | "url" | "email" | "tel" | "number" | "date" | "languages";

/**
 * A field a visitor may correct: its key (the entry's column), its English label (staff's screens) and label's
 * message key (the public form, in the page's language), input, and its validation: `schema` with English messages
 * for staff's form, `publicSchema` with the same checks and message codes for the visitor's.
 */
export type CorrectionField = {
  key: string;
  label: string;
  labelKey: string;
  input: FieldInput;
  schema: z.ZodType;
  publicSchema: z.ZodType;
};

const optionalDate = (label: FieldLabel) =>
  optionalText(label, 10)
    .refine(
      (v) => v === "" || /^\d{4}-\d{2}-\d{2}$/.test(v),
      typeof label === "string"
        ? `${label} must be a date (YYYY-MM-DD).`
        : messageCode("validation.date", { label: label.key }),
    )
    .transform((v) => (v === "" ? null : v));

function field(
  key: string,
  label: string,
  labelKey: string,
  input: FieldInput,
  make: (label: FieldLabel) => z.ZodType,
): CorrectionField {
  return { key, label, labelKey, input, schema: make(label), publicSchema: make({ key: labelKey }) };
}

/** What visitors can correct on each kind of entry: facts they can know, never status, slug, images or owner. */
export const CORRECTION_FIELDS: Record<CorrectableKind, readonly CorrectionField[]> = {
  location: [
    field("name", "Name", "formCommon.field.name", "text", (l) => requiredText(l, ENTRY_NAME_MAX_LENGTH)),
    field("shortDescription", "Short description", "suggestCorrection.field.shortDescription", "textarea", (l) =>
      optionalText(l, 300),
    ),
    field("website", "Website", "formCommon.field.website", "url", (l) => optionalUrl(l)),
    field("contactEmail", "E-mail", "formCommon.field.email", "email", (l) => optionalEmail(l)),
    field("contactPhone", "Phone", "formCommon.field.phone", "tel", (l) => nullableText(l, 40)),
    field("contactAddress", "Address", "formCommon.field.address", "text", (l) => nullableText(l, 200)),
    field("contactCity", "Town or city", "formCommon.field.city", "text", (l) => nullableText(l, 100)),
    field("country", "Country", "formCommon.field.country", "text", (l) => optionalText(l, 80)),
    field("latitude", "Latitude", "formCommon.field.latitude", "number", (l) => optionalNumber(l, -90, 90)),
    field("longitude", "Longitude", "formCommon.field.longitude", "number", (l) => optionalNumber(l, -180, 180)),
  ],
  program: [
    field("name", "Name", "formCommon.field.name", "text", (l) => requiredText(l, ENTRY_NAME_MAX_LENGTH)),
    field("summary", "Summary", "suggestCorrection.field.summary", "textarea", (l) => optionalText(l, 300)),
    field("startDate", "Start date", "suggestCorrection.field.startDate", "date", (l) => optionalDate(l)),
    field("endDate", "End date", "suggestCorrection.field.endDate", "date", (l) => optionalDate(l)),
    field("applicationUrl", "Booking link", "suggestCorrection.field.applicationUrl", "url", (l) => optionalUrl(l)),
    // Codes as text ("en,pt", in the list's order) wherever a correction keeps or compares values (decision 060).
    field(
      "instructionLanguages",
      "Languages of instruction",
      "suggestCorrection.field.instructionLanguages",
      "languages",
      (l) => codeList(l, INSTRUCTION_LANGUAGES, INSTRUCTION_LANGUAGES_MAX),
    ),
  ],
  "change-maker": [
    field("name", "Name", "formCommon.field.name", "text", (l) => requiredText(l, 120)),
    field("role", "Role", "suggestCorrection.field.role", "text", (l) => optionalText(l, 120)),
    field("country", "Country", "formCommon.field.country", "text", (l) => optionalText(l, 80)),
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

/**
 * The part of a correction that is not an entry's field: closure, comment, the visitor's e-mail and consent. Its
 * messages are message codes that the page translates.
 */
export const CorrectionExtrasSchema = z
  .object({
    closure: z.preprocess(
      (v) => (v === undefined || v === null || v === "" || v === "open" ? null : v),
      z.enum(CLOSURES, { error: messageCode("validation.closure") }).nullable(),
    ),
    comment: optionalText({ key: "suggestCorrection.field.comment" }, PROPOSAL_LIMITS.comment),
    proposerEmail: optionalEmail({ key: "formCommon.field.yourEmail" }),
    consent: checkbox,
  })
  .superRefine((v, ctx) => {
    if (v.proposerEmail && !v.consent) {
      ctx.addIssue({ code: "custom", path: ["consent"], message: CONSENT_OR_NO_EMAIL });
    }
  });

/**
 * Reads a correction form against the entry's current values: each field through the same validation as staff's
 * form, and only the fields whose value differs are kept. Returns the changes, or the errors by field (message
 * codes, which the page translates).
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
    const parsed = f.publicSchema.safeParse(form[f.key]);
    if (!parsed.success) {
      errors[f.key] = parsed.error.issues[0]?.message ?? messageCode("validation.invalid", { label: f.labelKey });
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
