import { LANGUAGE_NAMES } from "../i18n/languages";
import { NAME_TRANSLATION_LANGUAGES, NAME_TRANSLATION_MAX, type NameTranslations } from "../reference-names";
import { z } from "../zod";

/** The kinds of reference rows staff translate the names of, as the form posts them. */
export const REFERENCE_KINDS = ["region", "subRegion", "focusArea"] as const;

/** Each translation language's name on the admin screen (staff's screens are in English). */
export const TRANSLATION_LANGUAGE_LABELS: Record<(typeof NAME_TRANSLATION_LANGUAGES)[number], string> = {
  es: "Spanish",
  pt: "Portuguese",
  fr: "French",
  de: "German",
};

const languageList = NAME_TRANSLATION_LANGUAGES.map((l) => `${TRANSLATION_LANGUAGE_LABELS[l]} (${l})`).join(", ");

function translatedName(lang: (typeof NAME_TRANSLATION_LANGUAGES)[number]) {
  const label = TRANSLATION_LANGUAGE_LABELS[lang];
  return z
    .string({ error: `The ${label} name must be text.` })
    .trim()
    .max(NAME_TRANSLATION_MAX, `The ${label} name is too long: at most ${NAME_TRANSLATION_MAX} characters.`)
    .refine((v) => !/[\p{Cc}]/u.test(v), `The ${label} name cannot hold control characters.`)
    .default("");
}

/**
 * One row's translated names as the Names screen posts them: which row (kind and id) and a name per language, each
 * optional (empty: the page shows the stored name). A field for any other language is refused, not ignored.
 */
export const NameTranslationsFormSchema = z.strictObject(
  {
    kind: z.enum(REFERENCE_KINDS, { error: "Choose a region, sub-region or focus area from the list." }),
    id: z.uuid({ error: "Choose a region, sub-region or focus area from the list." }),
    es: translatedName("es"),
    pt: translatedName("pt"),
    fr: translatedName("fr"),
    de: translatedName("de"),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Names are translated into ${languageList} only; “${issue.keys.join("”, “")}” is not one of them.`
        : undefined,
  },
);

/** The translations to store: the languages given a name, none for an empty field. */
export function toNameTranslations(values: z.output<typeof NameTranslationsFormSchema>): NameTranslations {
  const out: NameTranslations = {};
  for (const lang of NAME_TRANSLATION_LANGUAGES) if (values[lang]) out[lang] = values[lang];
  return out;
}

/** A language's name in its own language, shown beside its English name ("Spanish · Español"). */
export function translationLanguageLabel(lang: (typeof NAME_TRANSLATION_LANGUAGES)[number]): string {
  return `${TRANSLATION_LANGUAGE_LABELS[lang]} · ${LANGUAGE_NAMES[lang]}`;
}
