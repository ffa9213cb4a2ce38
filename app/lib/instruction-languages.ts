import { intlLocale, LANGUAGES, type Language } from "./i18n/languages";

/**
 * The languages a program is taught in (decision 060): ISO 639-1 codes from a bounded list of languages courses are
 * commonly given in, not only the site's five. This is not the language an entry is written in (its `language`,
 * decision 032): a course in Portugal may be described in English and taught in Portuguese and English.
 *
 * Names come from `Intl.DisplayNames` in the page's language, worked out on the server, so no page carries a table of
 * language names and the browser builds no formatter for them.
 */
export const INSTRUCTION_LANGUAGES = [
  // The site's own languages first: the choices staff and visitors reach without opening "More languages".
  ...LANGUAGES,
  ..."af am ar bg bn ca cs da el et eu fa fi gl gn ha he hi hr ht hu id ig it ja ko lt lv mi ms ne nl no pl qu ro ru sk sl sr sv sw th tl tr uk ur vi xh yo zh zu".split(
    " ",
  ),
] as const;
export type InstructionLanguage = (typeof INSTRUCTION_LANGUAGES)[number];

/** At most this many languages per program (a course taught in more is better described in its text). */
export const INSTRUCTION_LANGUAGES_MAX = 10;

const KNOWN = new Set<string>(INSTRUCTION_LANGUAGES);
const ORDER = new Map<string, number>(INSTRUCTION_LANGUAGES.map((code, i) => [code, i]));

export function isInstructionLanguage(value: unknown): value is InstructionLanguage {
  return typeof value === "string" && KNOWN.has(value);
}

/**
 * Codes as they are stored: known ones only, each once, in the list's order, so the same choice is always the same
 * value (a correction that changes nothing is seen as no change).
 */
export function canonicalInstructionLanguages(codes: readonly string[]): InstructionLanguage[] {
  return [...new Set(codes.filter(isInstructionLanguage))].sort((a, b) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0));
}

const names = new Map<Language, Intl.DisplayNames | null>();

/** A language's name in the page's language, as `Intl` gives it ("portugués" in Spanish, "Portugiesisch" in German). */
export function instructionLanguageName(code: string, page: Language): string {
  let display = names.get(page);
  if (display === undefined) {
    try {
      display = new Intl.DisplayNames([page], { type: "language", fallback: "code" });
    } catch {
      display = null;
    }
    names.set(page, display);
  }
  try {
    return display?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The first letter in upper case, as a name standing alone is written ("Inglés" in a list of choices). */
function standAlone(text: string, page: Language): string {
  return text.charAt(0).toLocaleUpperCase(intlLocale(page)) + text.slice(1);
}

export type InstructionLanguageOption = { value: string; label: string };

const optionsByLanguage = new Map<Language, InstructionLanguageOption[]>();

/**
 * Languages as choices: the code as the value, the name standing alone in the page's language as the label, sorted
 * by that language's collation. All of the list by default, or the given codes (those programs are taught in).
 */
export function instructionLanguageOptions(page: Language, codes?: readonly string[]): InstructionLanguageOption[] {
  const all = codes === undefined;
  const cached = all ? optionsByLanguage.get(page) : undefined;
  if (cached) return cached;
  const collator = new Intl.Collator(intlLocale(page));
  const options = canonicalInstructionLanguages(codes ?? INSTRUCTION_LANGUAGES)
    .map((code) => ({ value: code, label: standAlone(instructionLanguageName(code, page), page) }))
    .sort((a, b) => collator.compare(a.label, b.label));
  if (all) optionsByLanguage.set(page, options);
  return options;
}

/** A page language's collator and list format, made once (a list page names the languages of every card). */
const formatting = new Map<Language, { collator: Intl.Collator; list: Intl.ListFormat | null }>();
function listFormatting(page: Language) {
  let f = formatting.get(page);
  if (!f) {
    let list: Intl.ListFormat | null = null;
    try {
      list = new Intl.ListFormat(intlLocale(page), { type: "conjunction" });
    } catch {
      list = null;
    }
    f = { collator: new Intl.Collator(intlLocale(page)), list };
    formatting.set(page, f);
  }
  return f;
}

/**
 * The languages as words in the page's language: "English and Portuguese", "inglés y portugués", "Englisch und
 * Portugiesisch". `standAlone` writes the first name as a value that begins a line ("Inglés y portugués"); inside a
 * sentence the names keep the language's own case. "" for none.
 */
export function instructionLanguageList(
  codes: readonly string[],
  page: Language,
  opts: { standAlone?: boolean } = {},
): string {
  const { collator, list } = listFormatting(page);
  const words = canonicalInstructionLanguages(codes)
    .map((code) => instructionLanguageName(code, page))
    .sort((a, b) => collator.compare(a, b));
  if (words.length === 0) return "";
  const text = list ? list.format(words) : words.join(", ");
  return opts.standAlone ? standAlone(text, page) : text;
}
