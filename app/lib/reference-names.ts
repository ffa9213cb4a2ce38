import { intlLocale, LANGUAGES, type Language } from "./i18n/languages";

/**
 * Names from the database in the page's language.
 *
 * Regions, sub-regions and focus areas are reference data staff edit: each row keeps its name (English, as stored)
 * and its translations of that name, `{ "es": "Andes", "de": "Anden" }`. A page shows the translation for its
 * language, else the stored name. Countries are free text (an English name as typed): a name that is a known
 * country is shown by `Intl.DisplayNames` in the page's language, any other text as it is.
 */

/** A reference row's translated names, by language (never English: the stored name is the English one). */
export type NameTranslations = Partial<Record<Language, string>>;

/** The languages a reference name is translated into: every language but English. */
export const NAME_TRANSLATION_LANGUAGES = LANGUAGES.filter((l) => l !== "en") as Exclude<Language, "en">[];

/** The longest translated name staff may save. */
export const NAME_TRANSLATION_MAX = 120;

/** A reference row's name in a language: its translation when it has one, else its stored name. */
export function referenceName(row: { name: string; translations?: NameTranslations | null }, lang: Language): string {
  if (lang === "en") return row.name;
  const translated = row.translations?.[lang]?.trim();
  return translated ? translated : row.name;
}

/** Rows with their names in a language (and nothing else changed), ordered as given. */
export function withReferenceNames<T extends { name: string; translations?: NameTranslations | null }>(
  rows: readonly T[],
  lang: Language,
): T[] {
  return lang === "en" ? [...rows] : rows.map((r) => ({ ...r, name: referenceName(r, lang) }));
}

/** The ISO 3166-1 codes of today's countries and territories (the country lists of the public forms, decision 058). */
export const COUNTRY_CODES = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO " +
  "FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE " +
  "JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO " +
  "MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW " +
  "PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM " +
  "TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW"
).split(" ");

/** Other English names people type for a country, beside the ones `Intl` gives. */
const COUNTRY_ALIASES: Record<string, string> = {
  usa: "US",
  "united states of america": "US",
  america: "US",
  uk: "GB",
  "great britain": "GB",
  "czech republic": "CZ",
  turkey: "TR",
  "ivory coast": "CI",
  swaziland: "SZ",
  burma: "MM",
  macedonia: "MK",
  "east timor": "TL",
  "cabo verde": "CV",
  "democratic republic of the congo": "CD",
  "dr congo": "CD",
  "republic of the congo": "CG",
  congo: "CG",
  holland: "NL",
  "russian federation": "RU",
  "republic of korea": "KR",
  korea: "KR",
  vatican: "VA",
  palestine: "PS",
  "hong kong": "HK",
  macau: "MO",
  macao: "MO",
  "viet nam": "VN",
};

/** A country name made comparable: lower case, no accents, "and" for "&", "saint" for "St.", no leading "the". */
export function normalCountry(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/\bst\.?\s/g, "saint ")
    .replace(/[’'.,()-]/g, " ")
    .replace(/^\s*the\s+/, "")
    .replace(/\s+/g, " ")
    .trim();
}

let codesByName: Map<string, string> | null = null;

function countryCodes(): Map<string, string> {
  if (codesByName) return codesByName;
  const map = new Map<string, string>();
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) map.set(normalCountry(alias), code);
  try {
    const english = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
    for (const code of COUNTRY_CODES) {
      const name = english.of(code);
      if (!name) continue;
      map.set(normalCountry(name), code);
      // "Myanmar (Burma)", "Hong Kong SAR China": the short form is what people type.
      const short = name.replace(/\s*\(.*\)$/, "").replace(/\s+SAR China$/, "");
      if (short !== name) map.set(normalCountry(short), code);
    }
  } catch {
    // Without Intl's region names only the aliases are known.
  }
  codesByName = map;
  return map;
}

/**
 * Every form of a country's name that `countryCode` knows, as [the form made comparable, its ISO code]: search indexes
 * a stored country by that comparable form (`search_country_key` in the database folds the same way) and knows each
 * form's names in every language (decision 055).
 */
export function countryKeys(): [string, string][] {
  return [...countryCodes()];
}

/** A country's name in a language by its ISO code, as pages show it; undefined when the runtime does not know it. */
export function countryNameOf(code: string, lang: Language): string | undefined {
  return regionName(code, lang);
}

/** The ISO code of a country stored by its English name ("Kenya" → "KE"), or undefined when it names no country. */
export function countryCode(stored: string): string | undefined {
  const key = normalCountry(stored);
  return key ? countryCodes().get(key) : undefined;
}

const collators = new Map<Language, Intl.Collator>();

/**
 * Country choices for a filter: the stored name as the value (what the address keeps), its name in the page's
 * language as the label; sorted by label in languages other than English (English keeps the order given).
 */
export function countryChoices(stored: readonly string[], lang: Language): { value: string; label: string }[] {
  const choices = stored.map((c) => ({ value: c, label: countryLabel(c, lang) }));
  if (lang !== "en") {
    let collator = collators.get(lang);
    if (!collator) {
      collator = new Intl.Collator(intlLocale(lang));
      collators.set(lang, collator);
    }
    const { compare } = collator;
    choices.sort((a, b) => compare(a.label, b.label));
  }
  return choices;
}

/** Each language's labels by stored text: a page lists the same few dozen countries on every request. */
const labels = new Map<Language, Map<string, string>>();

/**
 * A stored country in the page's language: "Germany" is "Alemania" on a Spanish page. English pages, and text that
 * names no known country, show the stored text as it is.
 */
export function countryLabel(stored: string, lang: Language): string {
  if (lang === "en" || !stored) return stored;
  let known = labels.get(lang);
  if (!known) {
    known = new Map();
    labels.set(lang, known);
  }
  let label = known.get(stored);
  if (label === undefined) {
    label = regionName(countryCode(stored), lang) ?? stored;
    known.set(stored, label);
  }
  return label;
}

/** One region-name formatter per language (building one loads the language's data; a page names many countries). */
const regionNames = new Map<Language, Intl.DisplayNames | null>();

function regionName(code: string | undefined, lang: Language): string | undefined {
  if (!code) return undefined;
  let names = regionNames.get(lang);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([intlLocale(lang)], { type: "region", fallback: "none" });
    } catch {
      names = null;
    }
    regionNames.set(lang, names);
  }
  try {
    return names?.of(code);
  } catch {
    return undefined;
  }
}
