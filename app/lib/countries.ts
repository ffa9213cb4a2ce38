import { intlLocale, LANGUAGES, type Language } from "./i18n/languages";
import { COUNTRY_CODES, countryCode, countryNameOf, normalCountry } from "./reference-names";

/**
 * Countries as the public forms offer them and as staff accept them (decision 058). The site stores a country as its
 * English name (decision 038: pages show it by its ISO code's name in their language), so a visitor picks an ISO
 * code from a list named in their language, and the server stores that code's English name. Text typed before the
 * lists existed ("España", "Deutschland") is mapped to its country when it names one in any of the site's languages.
 */

const KNOWN = new Set(COUNTRY_CODES);

/** Whether a value is the ISO 3166-1 code of a country of the lists. */
export function isCountryCode(value: unknown): value is string {
  return typeof value === "string" && KNOWN.has(value);
}

let english: Intl.DisplayNames | undefined;

/**
 * The name a country is stored under: its English name as `Intl.DisplayNames` gives it, in the short form people
 * use ("Myanmar", not "Myanmar (Burma)"; "Hong Kong", not "Hong Kong SAR China"), which `countryCode` reads back.
 */
export function storedCountryName(code: string): string {
  // The names `countryCode` reads ("en", as Intl gives them; the pages' British English words some differently).
  english ??= new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  const name = english.of(code) ?? code;
  return name.replace(/\s*\(.*\)$/, "").replace(/\s+SAR China$/, "");
}

export type CountryOption = { value: string; label: string };

const optionsByLanguage = new Map<Language, CountryOption[]>();

/**
 * Every country of the lists as a choice: the ISO code as the value, its name in the language as the label, sorted
 * by that language's collation ("Österreich" among the Os in German, "Émirats arabes unis" among the Es in French).
 */
export function countryOptions(lang: Language): CountryOption[] {
  const known = optionsByLanguage.get(lang);
  if (known) return known;
  const collator = new Intl.Collator(intlLocale(lang));
  const options = COUNTRY_CODES.map((code) => ({ value: code, label: countryNameOf(code, lang) ?? code })).sort(
    (a, b) => collator.compare(a.label, b.label),
  );
  optionsByLanguage.set(lang, options);
  return options;
}

let anyLanguage: Map<string, string> | null = null;

/** Every country's name in each of the site's languages, made comparable, to its code. */
function codesInAnyLanguage(): Map<string, string> {
  if (anyLanguage) return anyLanguage;
  const map = new Map<string, string>();
  for (const lang of LANGUAGES) {
    for (const code of COUNTRY_CODES) {
      const name = countryNameOf(code, lang);
      if (!name) continue;
      map.set(normalCountry(name), code);
      const short = name.replace(/\s*\(.*\)$/, "");
      if (short !== name) map.set(normalCountry(short), code);
    }
  }
  anyLanguage = map;
  return map;
}

/** A free-text country as staff see it on acceptance: the country it names (its code and stored name), or not. */
export type NormalisedCountry =
  | { known: true; code: string; name: string; typed: string }
  | { known: false; typed: string };

/**
 * The country a typed value names, in any of the site's languages or by its code ("España", "Deutschland", "de",
 * "USA"): its ISO code and the name the site stores it under. Text that names no country is returned as typed.
 */
export function normaliseCountry(typed: string): NormalisedCountry {
  const text = typed.trim();
  if (!text) return { known: false, typed };
  const upper = text.toUpperCase();
  const code =
    (text.length === 2 && isCountryCode(upper) ? upper : undefined) ??
    countryCode(text) ??
    codesInAnyLanguage().get(normalCountry(text));
  return code ? { known: true, code, name: storedCountryName(code), typed } : { known: false, typed };
}
