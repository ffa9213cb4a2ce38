import { EmailSchema } from "../schemas";
import { REGIONS, type RegionKey } from "../taxonomy";
import { z } from "../zod";

/**
 * The application form (/application): one schema for the browser (immediate messages) and the server action.
 * Messages are written for the person filling the form.
 */

export const APPLICANT_TYPES = [
  { value: "educator", label: "Educator", hint: "You teach permaculture or host a place where people learn it." },
  { value: "learner", label: "Learner", hint: "You want to learn, volunteer or find a course." },
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

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A submitted value as one string (the first, when a name was repeated). */
const asText = (v: unknown) => (v === undefined || v === null ? "" : Array.isArray(v) ? String(v[0] ?? "") : v);
const asList = (v: unknown) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]);

function longText(what: string) {
  return z.preprocess(
    asText,
    z
      .string()
      .trim()
      .min(1, `Please tell us ${what}.`)
      .min(
        APPLICATION_LIMITS.minLongText,
        `Please write a little more about ${what} (at least ${APPLICATION_LIMITS.minLongText} characters).`,
      )
      .max(APPLICATION_LIMITS.longText, `Please keep this under ${APPLICATION_LIMITS.longText} characters.`),
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
  fullName: z.preprocess(
    asText,
    z
      .string()
      .trim()
      .min(1, "Please enter your full name.")
      .max(APPLICATION_LIMITS.fullName, `Please keep your name under ${APPLICATION_LIMITS.fullName} characters.`),
  ),
  email: z.preprocess(asText, EmailSchema),
  applicantType: z.preprocess(
    asText,
    z.enum(["educator", "learner"], { error: "Please choose whether you are applying as an educator or a learner." }),
  ),
  organization: z.preprocess(
    asText,
    z
      .string()
      .trim()
      .max(APPLICATION_LIMITS.organization, `Please keep this under ${APPLICATION_LIMITS.organization} characters.`),
  ),
  country: z.preprocess(
    asText,
    z
      .string()
      .trim()
      .min(1, "Please enter the country you live or work in.")
      .max(APPLICATION_LIMITS.country, `Please keep the country under ${APPLICATION_LIMITS.country} characters.`),
  ),
  region: z.preprocess(
    asText,
    z.enum(REGIONS.map((r) => r.key) as [RegionKey, ...RegionKey[]], { error: "Please choose your region." }),
  ),
  focusAreas: z.preprocess(
    asList,
    z
      .array(z.string().regex(UUID_RE, "Please choose focus areas from the list."))
      .min(1, "Please choose at least one focus area.")
      .max(APPLICATION_LIMITS.maxFocusAreas, "Please choose fewer focus areas.")
      .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
  ),
  experience: longText("your experience with permaculture"),
  seeking: longText("what you are looking for"),
  website: z.preprocess(
    asText,
    z
      .string()
      .trim()
      .max(APPLICATION_LIMITS.website, `Please keep the address under ${APPLICATION_LIMITS.website} characters.`)
      .refine(
        (v) => v === "" || isHttpUrl(v),
        "Please enter a full web address starting with https:// (or leave it empty).",
      )
      .transform((v) => (v === "" ? null : v)),
  ),
  consent: z.preprocess(
    (v) => asText(v) === "on" || asText(v) === "true" || v === true,
    z.literal(true, { error: "Please agree to the privacy policy so we can store your application." }),
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
