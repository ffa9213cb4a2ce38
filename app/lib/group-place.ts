import type { Language } from "./i18n/languages";
import type { Translate } from "./i18n/translate";

/**
 * Where a group of places on the map is, as the server names it (decision 032's rule for texts: the server says
 * what, the page says it in its language): the country codes of its parts, largest share first ("KE", "KE,TZ",
 * "FR,DE,+" when there are more), or the town it is around with that town's country ("@AU:Adelaide"). "" when
 * nothing is near enough to name it.
 */
export type GroupWhere = string;

/** Encodes a group's countries (largest share first; only the first two are named). */
export function groupInCountries(codes: string[]): GroupWhere {
  if (codes.length === 0) return "";
  return codes.length > 2 ? `${codes[0]},${codes[1]},+` : codes.join(",");
}

/** Encodes a group around a town, with the town's country code. */
export function groupAroundTown(town: string, countryCode: string): GroupWhere {
  return `@${countryCode}:${town}`;
}

const regionNames = new Map<Language, Intl.DisplayNames | null>();

/** A country's name in a language from its ISO code ("KE" → "Kenya", "Kenia"); the code itself when unknown. */
export function countryName(code: string, lang: Language): string {
  let names = regionNames.get(lang);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([lang], { type: "region" });
    } catch {
      names = null;
    }
    regionNames.set(lang, names);
  }
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}

const COUNTRIES = /^[A-Z]{2}(?:,[A-Z]{2})?(?:,\+)?$/;
const AROUND = /^@([A-Z]{2}):(.+)$/;

/**
 * A group's place in words in the page's language ("in Kenya and Tanzania", "around Adelaide, Australia"); a value
 * in no known form is shown as it is.
 */
export function groupPlace(where: GroupWhere, t: Translate, lang: Language): string {
  const around = AROUND.exec(where);
  if (around) return t("map.aroundTown", { town: around[2] ?? "", country: countryName(around[1] ?? "", lang) });
  if (!COUNTRIES.test(where)) return where;
  const [first = "", second, more] = where.split(",");
  if (!second) return t("map.inCountry", { country: countryName(first, lang) });
  const values = { first: countryName(first, lang), second: countryName(second, lang) };
  return more ? t("map.inCountries", values) : t("map.inTwoCountries", values);
}
