import { optionalText } from "../schemas/form";
import { z } from "../zod";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language, languageDisplayName } from "./languages";

/**
 * An entry's translations, as stored in its `translations` column: per language, the translated text of each of
 * its translatable fields. A language or field that is missing (or blank) has no translation.
 */
export type EntryTranslations = Partial<Record<Language, Record<string, string>>>;

type FieldSpec = { label: string; max: number; multiline: boolean };

/**
 * The fields of each kind of entry that may be translated: its name and its texts, with the same limits as the
 * original field. A person's name is never translated, nor are places, addresses and other facts.
 */
export const TRANSLATABLE_FIELDS = {
  location: {
    name: { label: "Name", max: 120, multiline: false },
    shortDescription: { label: "Short description", max: 300, multiline: true },
    longDescription: { label: "Long description", max: 10_000, multiline: true },
  },
  program: {
    name: { label: "Name", max: 120, multiline: false },
    summary: { label: "Summary", max: 300, multiline: true },
    description: { label: "Description", max: 10_000, multiline: true },
  },
  "change-maker": {
    role: { label: "Role", max: 120, multiline: false },
    bio: { label: "Biography", max: 10_000, multiline: true },
  },
  resource: {
    title: { label: "Title", max: 200, multiline: false },
    description: { label: "Description", max: 2000, multiline: true },
  },
  episode: {
    title: { label: "Title", max: 200, multiline: false },
    summary: { label: "Summary", max: 1000, multiline: true },
    showNotes: { label: "Show notes", max: 20_000, multiline: true },
  },
  // Not an entry, but translated the same way: a newsletter issue's subject and Markdown text (decision 040).
  "newsletter-issue": {
    subject: { label: "Subject", max: 200, multiline: false },
    body: { label: "Text", max: 100_000, multiline: true },
  },
} as const satisfies Record<string, Record<string, FieldSpec>>;

export type TranslatableKind = keyof typeof TRANSLATABLE_FIELDS;
export type TranslatableField<K extends TranslatableKind> = keyof (typeof TRANSLATABLE_FIELDS)[K] & string;

export function translatableFields<K extends TranslatableKind>(kind: K): TranslatableField<K>[] {
  return Object.keys(TRANSLATABLE_FIELDS[kind]) as TranslatableField<K>[];
}

/** An entry's stored language, read defensively: anything that is not a site language counts as English. */
export function originalLanguage(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** One field as a page shows it: the text, the language it is in, and whether it is a translation. */
export type ShownText = { text: string; lang: Language; translated: boolean };

export type LocalizedEntry<F extends string> = {
  /** The language the entry was written in. */
  original: Language;
  /** The language of the page showing it. */
  page: Language;
  fields: Record<F, ShownText>;
};

/**
 * The text to show for each field of an entry on a page in `page`'s language: the translation into that language
 * when the entry has one for the field, otherwise the original (in the original's language). Each field is decided
 * on its own, so a partly translated entry shows its translated fields translated and the rest in the original.
 */
export function localizeEntry<F extends string>(
  entry: { language?: unknown; translations?: unknown } & { [K in F]: string },
  fields: readonly F[],
  page: Language,
): LocalizedEntry<F> {
  const original = originalLanguage(entry.language);
  const translations = asTranslations(entry.translations);
  const out = {} as Record<F, ShownText>;
  for (const field of fields) {
    const translated = page === original ? undefined : translations[page]?.[field];
    out[field] =
      translated && translated.trim() !== ""
        ? { text: translated, lang: page, translated: true }
        : { text: entry[field] ?? "", lang: original, translated: false };
  }
  return { original, page, fields: out };
}

/** The language a shown text is in when it is not the page's (for `lang` and the "Shown in …" note), else null. */
export function foreignLanguage(shown: ShownText, page: Language): Language | null {
  return shown.lang === page || shown.text === "" ? null : shown.lang;
}

/** A stored translations value read defensively: only site languages and string texts are kept. */
export function asTranslations(value: unknown): EntryTranslations {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const out: EntryTranslations = {};
  for (const [lang, fields] of Object.entries(value as Record<string, unknown>)) {
    if (!isLanguage(lang) || !fields || typeof fields !== "object" || Array.isArray(fields)) continue;
    const kept: Record<string, string> = {};
    for (const [field, text] of Object.entries(fields as Record<string, unknown>)) {
      if (typeof text === "string" && text !== "") kept[field] = text;
    }
    if (Object.keys(kept).length > 0) out[lang] = kept;
  }
  return out;
}

// Keys in the order Postgres keeps a jsonb object's keys (shorter first, then by bytes), so a stored value read back
// compares equal to the value written and an unchanged save records no revision.
const jsonbKeyOrder = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** Translations without blank texts or empty languages, keys in a fixed order. */
export function canonicalTranslations(value: EntryTranslations): EntryTranslations {
  const out: EntryTranslations = {};
  for (const lang of (Object.keys(value) as Language[]).sort(jsonbKeyOrder)) {
    const fields = value[lang] ?? {};
    const kept: Record<string, string> = {};
    for (const field of Object.keys(fields).sort(jsonbKeyOrder)) {
      const text = fields[field];
      if (typeof text === "string" && text !== "") kept[field] = text;
    }
    if (Object.keys(kept).length > 0) out[lang] = kept;
  }
  return out;
}

/** The name of a translation's form field: `tr.<language>.<field>`. */
export function translationFieldName(lang: Language, field: string): string {
  return `tr.${lang}.${field}`;
}

export const UNKNOWN_LANGUAGE = "Please choose one of the site's languages.";

/** The original-language choice of an entry's form. A form that sends none keeps the entry's stored language. */
export const EntryLanguageSchema = z.enum(LANGUAGES, { error: UNKNOWN_LANGUAGE });

/**
 * The Zod schema of one kind's translations as a stored object: site languages only, that kind's fields only, each
 * text trimmed and within the original field's limit.
 */
export function translationsSchema<K extends TranslatableKind>(kind: K) {
  const spec = TRANSLATABLE_FIELDS[kind] as Record<string, FieldSpec>;
  const perLanguage = (lang: Language) =>
    z.strictObject(
      Object.fromEntries(
        Object.entries(spec).map(([field, s]) => [
          field,
          optionalText(`${s.label} in ${languageDisplayName(lang, DEFAULT_LANGUAGE)}`, s.max).optional(),
        ]),
      ),
      { error: "Only the entry's name and text fields can be translated." },
    );
  return z.strictObject(Object.fromEntries(LANGUAGES.map((lang) => [lang, perLanguage(lang).optional()])), {
    error: UNKNOWN_LANGUAGE,
  });
}

export type EntryLanguageInput = { language: Language; translations: EntryTranslations };
export type EntryLanguageResult =
  | { ok: true; value: EntryLanguageInput }
  | { ok: false; errors: Record<string, string> };

/**
 * Reads an entry form's original language (`language`) and translation fields (`tr.<language>.<field>`). A
 * translation field the form does not send keeps its stored text (a form without the fields changes nothing); a
 * blank one removes that translation. A field for a language the site does not speak, or for a field that cannot
 * be translated, is refused, as is a text longer than the original field allows. Errors are keyed by field name.
 */
export function readEntryLanguageForm<K extends TranslatableKind>(
  kind: K,
  values: Record<string, string | string[] | undefined>,
  stored: { language?: unknown; translations?: unknown } | null,
): EntryLanguageResult {
  const errors: Record<string, string> = {};
  const spec = TRANSLATABLE_FIELDS[kind] as Record<string, FieldSpec>;
  let language: Language = stored ? originalLanguage(stored.language) : DEFAULT_LANGUAGE;
  if (values.language !== undefined) {
    const parsed = EntryLanguageSchema.safeParse(values.language);
    if (parsed.success) language = parsed.data;
    else errors.language = UNKNOWN_LANGUAGE;
  }
  const merged: Record<string, Record<string, string>> = {};
  for (const [lang, fields] of Object.entries(asTranslations(stored?.translations))) merged[lang] = { ...fields };
  for (const [key, raw] of Object.entries(values)) {
    if (!key.startsWith("tr.")) continue;
    const [, lang, field, ...rest] = key.split(".");
    if (!lang || !field || rest.length > 0 || !isLanguage(lang)) {
      errors[key] = UNKNOWN_LANGUAGE;
      continue;
    }
    const s = spec[field];
    if (!s) {
      errors[key] = "Only the entry's name and text fields can be translated.";
      continue;
    }
    const parsed = optionalText(`${s.label} in ${languageDisplayName(lang, DEFAULT_LANGUAGE)}`, s.max).safeParse(raw);
    if (!parsed.success) {
      errors[key] = parsed.error.issues[0]?.message ?? "This translation is not valid.";
      continue;
    }
    const text = s.multiline ? parsed.data : parsed.data.replace(/\s+/g, " ");
    merged[lang] = { ...(merged[lang] ?? {}), [field]: text };
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const checked = translationsSchema(kind).safeParse(canonicalTranslations(merged as EntryTranslations));
  if (!checked.success) return { ok: false, errors: { translations: checked.error.issues[0]?.message ?? "" } };
  return { ok: true, value: { language, translations: canonicalTranslations(merged as EntryTranslations) } };
}

export { languageDisplayName };

/**
 * What a page needs to show an entry's fields in its language: each field's text, the `lang` its block must carry
 * (null when the text is in the page's language), the language the "Shown in …" note names when any shown text is
 * the original in another language (null otherwise; `ShownInNote` words it in the page's language), and the
 * language of the entry's main text for JSON-LD's `inLanguage`.
 */
export type EntryForPage<F extends string> = {
  text: Record<F, string>;
  lang: Record<F, Language | null>;
  note: Language | null;
  inLanguage: Language;
};

export function entryForPage<K extends TranslatableKind>(
  kind: K,
  entry: { language?: unknown; translations?: unknown } & { [P in TranslatableField<K>]: string },
  page: Language,
): EntryForPage<TranslatableField<K>> {
  const fields = translatableFields(kind);
  const shown = localizeEntry(entry, fields, page);
  const text = {} as Record<TranslatableField<K>, string>;
  const lang = {} as Record<TranslatableField<K>, Language | null>;
  let foreign = false;
  for (const f of fields) {
    text[f] = shown.fields[f].text;
    lang[f] = foreignLanguage(shown.fields[f], page);
    if (lang[f]) foreign = true;
  }
  // The main text is the first text field after the name (a change-maker's biography, a place's short description).
  const main = shown.fields[fields[1] ?? fields[0] ?? ("" as TranslatableField<K>)];
  return {
    text,
    lang,
    note: foreign ? shown.original : null,
    inLanguage:
      main && main.text !== "" ? main.lang : (shown.fields[fields[0] as TranslatableField<K>]?.lang ?? shown.original),
  };
}

/** An entry's language and translations as its admin form's values (`language`, `tr.<language>.<field>`). */
export function translationFormValues(
  kind: TranslatableKind,
  entry: { language?: unknown; translations?: unknown },
): Record<string, string> {
  const out: Record<string, string> = { language: originalLanguage(entry.language) };
  const stored = asTranslations(entry.translations);
  for (const lang of LANGUAGES) {
    for (const field of translatableFields(kind)) {
      const text = stored[lang]?.[field];
      if (text) out[translationFieldName(lang, field)] = text;
    }
  }
  return out;
}

/** Labels for the error summary and the revision history of an entry form's language fields. */
export function translationLabels(kind: TranslatableKind): Record<string, string> {
  const out: Record<string, string> = { language: "Original language", translations: "Translations" };
  const spec = TRANSLATABLE_FIELDS[kind] as Record<string, FieldSpec>;
  for (const lang of LANGUAGES) {
    for (const [field, s] of Object.entries(spec)) {
      out[translationFieldName(lang, field)] = `${s.label} in ${languageDisplayName(lang, DEFAULT_LANGUAGE)}`;
    }
  }
  return out;
}

/**
 * For a site text (About, Privacy, Terms) shown on a page: the `lang` its block needs and the language its
 * "Shown in …" note names, both null when the text is in the page's language.
 */
export function pageTextLanguage(
  textLanguage: string,
  page: Language,
): { lang: Language | null; note: Language | null } {
  const lang = originalLanguage(textLanguage);
  if (lang === page) return { lang: null, note: null };
  return { lang, note: lang };
}
