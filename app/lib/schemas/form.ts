import { data } from "react-router";
import { UUID_PATTERN } from "../ids";
import { ENTRY_STATUSES } from "../vocabulary";
import { z } from "../zod";
import { type FieldLabel, messageCode } from "./message-codes";

export type FormValues = Record<string, string | string[]>;

/**
 * A form's fields as plain values: repeated names (checkbox groups) become arrays, files are dropped. One pass over
 * the fields (a form of 16,000 fields took 5 s when each name was looked up again), and the names become own
 * properties whatever they are (`__proto__`, `constructor`).
 */
export function formDataToObject(formData: FormData): FormValues {
  const grouped = new Map<string, string | string[]>();
  for (const [key, value] of formData) {
    if (typeof value !== "string") continue;
    const seen = grouped.get(key);
    if (seen === undefined) grouped.set(key, value);
    else if (Array.isArray(seen)) seen.push(value);
    else grouped.set(key, [seen, value]);
  }
  return Object.fromEntries(grouped);
}

/** Reads one value of a submitted form as a string ("" when missing). */
export function textValue(values: FormValues | undefined, key: string): string {
  const v = values?.[key];
  return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
}

/** Reads a submitted multi-value field as a list. */
export function listValue(values: FormValues | undefined, key: string): string[] {
  const v = values?.[key];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

const toText = (v: unknown) => (v === undefined || v === null ? "" : Array.isArray(v) ? String(v[0] ?? "") : v);

/**
 * One message of a field: the English sentence for a text label (staff's forms), or for a key label (public forms)
 * the message code of `key` with the label's key and `values`, which the page translates.
 */
function say(
  label: FieldLabel,
  english: (label: string) => string,
  key: string,
  values: Record<string, string | number> = {},
  noun = false,
): string {
  if (typeof label === "string") return english(label);
  return messageCode(key, { label: noun ? (label.noun ?? label.key) : label.key, ...values });
}

/** A required single-line text: trimmed, not empty, at most `max` characters. */
export function requiredText(label: FieldLabel, max: number) {
  const required = say(label, (l) => `${l} is required.`, "validation.required");
  return z.preprocess(
    toText,
    z
      .string({ error: required })
      .trim()
      .min(1, required)
      .max(
        max,
        say(label, (l) => `${l} must be ${max} characters or fewer.`, "validation.tooLong", { max }),
      ),
  );
}

/** An optional text: trimmed, at most `max` characters, "" when blank. */
export function optionalText(label: FieldLabel, max: number) {
  return z.preprocess(
    toText,
    z
      .string({ error: say(label, (l) => `${l} must be text.`, "validation.notText") })
      .trim()
      .max(
        max,
        say(label, (l) => `${l} must be ${max} characters or fewer.`, "validation.tooLong", { max }),
      ),
  );
}

/** Like optionalText, but blank becomes null (for nullable columns). */
export function nullableText(label: FieldLabel, max: number) {
  return optionalText(label, max).transform((v) => (v === "" ? null : v));
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * An optional web address. Only http(s) is accepted (never javascript: or data:); with `allowPath`, a site-relative
 * path such as /media/demo/x.webp is accepted too. Blank becomes null.
 */
export function optionalUrl(label: FieldLabel, opts: { allowPath?: boolean } = {}) {
  return optionalText(label, 2000)
    .refine(
      (v) => v === "" || isHttpUrl(v) || (opts.allowPath === true && /^\/(?!\/)[^\s\\]*$/.test(v)),
      opts.allowPath
        ? say(
            label,
            (l) => `${l} must be a web address starting with http:// or https://, or a path starting with /.`,
            "validation.urlOrPath",
          )
        : say(label, (l) => `${l} must be a web address starting with http:// or https://.`, "validation.url"),
    )
    .transform((v) => (v === "" ? null : v));
}

/** A required http(s) web address. */
export function requiredUrl(label: FieldLabel) {
  return requiredText(label, 2000).refine(
    (v) => isHttpUrl(v),
    say(label, (l) => `${l} must be a web address starting with http:// or https://.`, "validation.url"),
  );
}

/** An optional e-mail address; blank becomes null. */
export function optionalEmail(label: FieldLabel) {
  return optionalText(label, 254)
    .refine(
      (v) => v === "" || z.email().safeParse(v).success,
      say(label, (l) => `${l} must be a valid e-mail address.`, "validation.email"),
    )
    .transform((v) => (v === "" ? null : v));
}

/** An optional number within a range; blank becomes null. */
export function optionalNumber(label: FieldLabel, min: number, max: number, opts: { integer?: boolean } = {}) {
  return optionalText(label, 40)
    .refine(
      (v) => v === "" || Number.isFinite(Number(v)),
      say(label, (l) => `${l} must be a number.`, "validation.number"),
    )
    .transform((v) => (v === "" ? null : Number(v)))
    .refine(
      (v) => v === null || !opts.integer || Number.isInteger(v),
      say(label, (l) => `${l} must be a whole number.`, "validation.wholeNumber"),
    )
    .refine(
      (v) => v === null || (v >= min && v <= max),
      say(label, (l) => `${l} must be between ${min} and ${max}.`, "validation.between", { min, max }),
    );
}

/**
 * The fields of a form that may be absent from its post: an unticked checkbox, and a checkbox group with nothing
 * ticked, send nothing at all. Every other field of a form (a text field, text area, select or hidden field) is always
 * sent, empty or not, so its absence means a partial post (a script, a tampered or outdated page), never "empty it".
 */
const mayBeAbsent = new WeakSet<z.ZodType>();

function leftOutWhenNoneTicked<T extends z.ZodType>(schema: T): T {
  mayBeAbsent.add(schema);
  return schema;
}

/** The object schema at the heart of a form's schema (under its whole-form checks and transforms), or null. */
function formObject(schema: z.ZodType): z.ZodObject | null {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodPipe) return formObject(schema.in as z.ZodType) ?? formObject(schema.out as z.ZodType);
  return null;
}

/** The fields a form built on `schema` always sends: all of its fields but checkboxes and checkbox groups. */
export function fieldsAlwaysSent(schema: z.ZodType): string[] {
  const shape = formObject(schema)?.shape ?? {};
  return Object.entries(shape)
    .filter(([, field]) => !mayBeAbsent.has(field as z.ZodType))
    .map(([key]) => key);
}

/**
 * Refuses a post that lacks a field its form always sends, with 400 and a message naming them; nothing is stored.
 * A field that was sent empty is a choice to empty it; a field that was not sent at all would be emptied by mistake.
 */
export function refuseMissingFields(schema: z.ZodType, values: FormValues): void {
  const missing = fieldsAlwaysSent(schema).filter((key) => values[key] === undefined);
  if (missing.length === 0) return;
  throw data(
    `The form arrived without ${missing.length === 1 ? "the field" : "the fields"} ${missing.join(", ")}, so nothing was saved: a field left out is not emptied. Please reload the page and send the whole form again.`,
    { status: 400, headers: { "Cache-Control": "no-store" } },
  );
}

/** An optional id picked from a list; blank becomes null. */
export function optionalId(label: FieldLabel) {
  return optionalText(label, 36)
    .refine(
      (v) => v === "" || UUID_PATTERN.test(v),
      say(label, (l) => `Please choose a valid ${l.toLowerCase()}.`, "validation.chooseValid", {}, true),
    )
    .transform((v) => (v === "" ? null : v.toLowerCase()));
}

/**
 * The one id an action works on, as a form sends it: exactly one value, a UUID. None, or the field sent several
 * times (`id=a&id=b`), is refused with a message saying which; it is never read as its first or last value.
 */
export function formId(noun: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `The form does not say which ${noun}.`
          : Array.isArray(issue.input)
            ? `The form names more than one ${noun}: send one at a time.`
            : `The ${noun}'s id is not valid.`,
    })
    .regex(UUID_PATTERN, `The ${noun}'s id is not valid.`)
    .transform((v) => v.toLowerCase());
}

/** Like formId, for a form that may leave it out (adding rather than editing): blank or missing is undefined. */
export function optionalFormId(noun: string) {
  return z.preprocess((v) => (v === "" ? undefined : v), formId(noun).optional());
}

/** The body of a button-only form (an action whose subject is in its address): no fields at all. */
export const NoFields = z.strictObject({}, { error: "This action takes no form fields: use the button on its page." });

/** A list of ids from a checkbox group (one value arrives as a plain string; none ticked sends nothing). */
export function idList(label: FieldLabel, max = 50) {
  const invalid = say(label, (l) => `Please choose valid ${l.toLowerCase()}.`, "validation.chooseValidList", {}, true);
  return leftOutWhenNoneTicked(
    z.preprocess(
      (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
      z
        .array(z.string().regex(UUID_PATTERN, invalid), { error: invalid })
        .max(
          max,
          say(label, (l) => `Choose at most ${max} ${l.toLowerCase()}.`, "validation.tooMany", { max }, true),
        )
        .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
    ),
  );
}

/** The ticked values of a checkbox group, each one of `values`; none ticked sends nothing, which is an empty list. */
export function tickedValues<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return leftOutWhenNoneTicked(
    z.preprocess(
      (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]),
      z.array(z.enum(values, { error: message }), { error: message }),
    ),
  );
}

/**
 * Codes from a fixed list, from a checkbox group (a hidden empty value may come with the ticked ones, so that a form
 * with none ticked still sends the field) or as text ("en, pt", as staff edit a proposed value). Each must be one of
 * `choices`; they come out once each, in the order of `choices`, so one choice is always one value. None is [].
 */
export function codeList<const T extends string>(label: FieldLabel, choices: readonly T[], max: number) {
  const invalid = say(label, (l) => `Please choose valid ${l.toLowerCase()}.`, "validation.chooseValidList", {}, true);
  const order = new Map<string, number>(choices.map((c, i) => [c, i]));
  const isChoice = (c: string): c is T => order.has(c);
  return leftOutWhenNoneTicked(
    z.preprocess(
      (v) =>
        (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]).flatMap((item) =>
          typeof item === "string" ? item.split(/[\s,]+/).filter(Boolean) : [item],
        ),
      z
        .array(z.string().refine(isChoice, invalid), { error: invalid })
        .transform((codes) =>
          [...new Set(codes.filter(isChoice))].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)),
        )
        .refine(
          (codes) => codes.length <= max,
          say(label, (l) => `Choose at most ${max} ${l.toLowerCase()}.`, "validation.tooMany", { max }, true),
        ),
    ),
  );
}

/** A checkbox: present ("on") means true; an unticked checkbox sends nothing. */
export const checkbox = leftOutWhenNoneTicked(
  z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
);

/**
 * An entry's status as staff choose it on its form: draft, published or archived. Blank publishes, as saving did
 * before statuses existed.
 */
export const entryStatus = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? "published" : v),
  z.enum(ENTRY_STATUSES, { error: "Please choose draft, published or archived." }),
);
