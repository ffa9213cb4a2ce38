import { ENTRY_NAME_MAX_LENGTH } from "../constants";
import { INSTRUCTION_LANGUAGES, INSTRUCTION_LANGUAGES_MAX } from "../instruction-languages";
import { PROGRAM_FORMATS as FORMAT_VALUES, PROGRAM_FORMAT_LABELS } from "../query-string";
import { z } from "../zod";
import { codeList, entryStatus, idList, optionalNumber, optionalText, optionalUrl, requiredText } from "./form";

/** The format choices of the admin form: the filter's values with their labels (lib/query-string.ts). */
export const PROGRAM_FORMATS = FORMAT_VALUES.map((value) => ({ value, label: PROGRAM_FORMAT_LABELS[value] }));

export const PROGRAM_NAME_TAKEN = "Another program already uses this name (its page address would be the same).";
export const PROGRAM_HOST_UNKNOWN = "No location has this name. Pick one from the suggestions or leave it blank.";

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
function isRealDate(v: string): boolean {
  if (!DATE_RE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

const optionalDate = (label: string) =>
  optionalText(label, 10)
    .refine((v) => v === "" || isRealDate(v), `${label} must be a date (YYYY-MM-DD).`)
    .transform((v) => (v === "" ? null : v));

function isCurrencyCode(code: string): boolean {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("currency");
  return supported ? supported.includes(code) : /^[A-Z]{3}$/.test(code);
}

/** A program as the admin form submits it. The host location is given by name and resolved on the server. */
export const ProgramSchema = z
  .object({
    name: requiredText("Name", ENTRY_NAME_MAX_LENGTH),
    status: entryStatus,
    summary: optionalText("Summary", 300),
    description: optionalText("Description", 10_000),
    hostLocation: optionalText("Host location", 120),
    startDate: optionalDate("Start date"),
    endDate: optionalDate("End date"),
    format: z.preprocess(
      (v) => (v === undefined || v === "" ? "in-person" : v),
      z.enum(["in-person", "online", "hybrid"], { error: "Please choose in person, online or hybrid." }),
    ),
    price: optionalText("Price", 12)
      .refine(
        (v) => v === "" || /^\d{1,7}(\.\d{1,2})?$/.test(v),
        "Price must be an amount such as 250 or 99.50 (leave blank when free).",
      )
      .transform((v) => (v === "" ? null : Math.round(Number(v) * 100))),
    currency: optionalText("Currency", 3)
      .transform((v) => (v === "" ? "USD" : v.toUpperCase()))
      .refine((v) => isCurrencyCode(v), "Currency must be a three-letter ISO 4217 code such as USD or EUR."),
    educators: optionalText("Educators", 3000)
      .transform((v) =>
        v
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean),
      )
      .refine((list) => list.length <= 20, "List at most 20 educators.")
      .refine((list) => list.every((n) => n.length <= 120), "Each educator's name must be 120 characters or fewer."),
    applicationUrl: optionalUrl("Booking link"),
    capacity: optionalNumber("Capacity", 1, 100_000, { integer: true }),
    focusAreas: idList("Focus areas", 40),
    /** The languages the course is taught in (decision 060), not the language the entry is written in. */
    instructionLanguages: codeList("Languages of instruction", INSTRUCTION_LANGUAGES, INSTRUCTION_LANGUAGES_MAX),
    imageUrl: optionalUrl("Image URL", { allowPath: true }),
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && v.endDate < v.startDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "End date must be on or after the start date." });
    }
  });

export type ProgramFormOutput = z.output<typeof ProgramSchema>;

/** Cents to the form's decimal text (12550 -> "125.50"). */
export function priceText(cents: number | null): string {
  if (cents === null) return "";
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}
