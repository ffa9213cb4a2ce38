import { UUID_PATTERN } from "../ids";
import { emailSchema } from "../schemas";
import { REGIONS, type RegionKey } from "../taxonomy";
import { z } from "../zod";
import { messageCode } from "./message-codes";

/**
 * The application form (/application): one schema for the browser (immediate messages) and the server action.
 * Messages are written for the person filling the form, as message codes (`validation.application.*`) that the
 * page translates into its language.
 */

export const APPLICANT_TYPES = [
  { value: "educator", label: "application.educator", hint: "application.educatorHint" },
  { value: "learner", label: "application.learner", hint: "application.learnerHint" },
] as const;

export const APPLICATION_LIMITS = {
  fullName: 120,
  organization: 200,
  country: 100,
  longText: 4000,
  minLongText: 20,
  website: 500,
  maxFocusAreas: 30,
} as const;

/** A submitted value as one string (the first, when a name was repeated). */
const asText = (v: unknown) => (v === undefined || v === null ? "" : Array.isArray(v) ? String(v[0] ?? "") : v);
const asList = (v: unknown) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]);

function longText(messages: { missing: string; short: string }) {
  return z.preprocess(
    asText,
    z
      .string()
      .trim()
      .min(1, messages.missing)
      .min(APPLICATION_LIMITS.minLongText, messages.short)
      .max(APPLICATION_LIMITS.longText, keepUnder(APPLICATION_LIMITS.longText)),
  );
}

const keepUnder = (max: number) => messageCode("validation.application.keepUnder", { max });

/** A required line of text of at most the field's limit, with its own messages (message codes, written out whole). */
function requiredShortText(field: "fullName" | "country", codes: { missing: string; tooLong: string }) {
  const max = APPLICATION_LIMITS[field];
  return z.preprocess(
    asText,
    z.string().trim().min(1, messageCode(codes.missing)).max(max, messageCode(codes.tooLong, { max })),
  );
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.includes(".");
  } catch {
    return false;
  }
}

export const ApplicationSchema = z.object({
  fullName: requiredShortText("fullName", {
    missing: "validation.application.fullNameMissing",
    tooLong: "validation.application.fullNameTooLong",
  }),
  email: z.preprocess(
    asText,
    emailSchema({
      missing: messageCode("validation.emailMissing"),
      tooLong: messageCode("validation.emailTooLong"),
      invalid: messageCode("validation.emailInvalid"),
    }),
  ),
  applicantType: z.preprocess(
    asText,
    z.enum(["educator", "learner"], { error: messageCode("validation.application.applicantType") }),
  ),
  organization: z.preprocess(
    asText,
    z.string().trim().max(APPLICATION_LIMITS.organization, keepUnder(APPLICATION_LIMITS.organization)),
  ),
  country: requiredShortText("country", {
    missing: "validation.application.countryMissing",
    tooLong: "validation.application.countryTooLong",
  }),
  region: z.preprocess(
    asText,
    z.enum(REGIONS.map((r) => r.key) as [RegionKey, ...RegionKey[]], {
      error: messageCode("validation.application.region"),
    }),
  ),
  focusAreas: z.preprocess(
    asList,
    z
      .array(z.string().regex(UUID_PATTERN, messageCode("validation.focusAreasFromList")))
      .min(1, messageCode("validation.application.focusAreasMissing"))
      .max(APPLICATION_LIMITS.maxFocusAreas, messageCode("validation.application.focusAreasTooMany"))
      .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
  ),
  experience: longText({
    missing: messageCode("validation.application.experienceMissing"),
    short: messageCode("validation.application.experienceShort", { min: APPLICATION_LIMITS.minLongText }),
  }),
  seeking: longText({
    missing: messageCode("validation.application.seekingMissing"),
    short: messageCode("validation.application.seekingShort", { min: APPLICATION_LIMITS.minLongText }),
  }),
  website: z.preprocess(
    asText,
    z
      .string()
      .trim()
      .max(
        APPLICATION_LIMITS.website,
        messageCode("validation.application.websiteTooLong", { max: APPLICATION_LIMITS.website }),
      )
      .refine((v) => v === "" || isHttpUrl(v), messageCode("validation.application.website"))
      .transform((v) => (v === "" ? null : v)),
  ),
  consent: z.preprocess(
    (v) => asText(v) === "on" || asText(v) === "true" || v === true,
    z.literal(true, { error: messageCode("validation.application.consent") }),
  ),
});

export type ApplicationData = z.infer<typeof ApplicationSchema>;

/** Field names in the order they appear, for the error summary. */
export const APPLICATION_FIELDS = [
  "fullName",
  "email",
  "applicantType",
  "organization",
  "country",
  "region",
  "focusAreas",
  "experience",
  "seeking",
  "website",
  "consent",
] as const;
export type ApplicationField = (typeof APPLICATION_FIELDS)[number];

/** Names of the spam-protection fields (not part of the application itself). */
export const HONEYPOT_FIELD = "fax_number";
export const FORM_TOKEN_FIELD = "form_token";

export type ApplicationValues = Partial<Record<ApplicationField, string | string[]>>;

/** The submitted values as plain data (for re-rendering the form unchanged after an error). */
export function applicationValuesFromForm(form: FormData): ApplicationValues {
  const out: ApplicationValues = {};
  for (const field of APPLICATION_FIELDS) {
    const all = form.getAll(field).filter((v): v is string => typeof v === "string");
    if (all.length === 0) continue;
    out[field] = field === "focusAreas" ? all.map((v) => v.slice(0, 64)).slice(0, 50) : (all[0] ?? "").slice(0, 5000);
  }
  return out;
}

/** One message per field (the first problem), keyed by field name. */
export function applicationErrors(error: z.ZodError): Partial<Record<ApplicationField, string>> {
  const out: Partial<Record<ApplicationField, string>> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "") as ApplicationField;
    if (APPLICATION_FIELDS.includes(key)) out[key] ??= issue.message;
  }
  return out;
}
