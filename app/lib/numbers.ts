import { DEFAULT_LANGUAGE, intlLocale, type Language } from "./i18n/languages";

const formats = new Map<Language, Intl.NumberFormat>();

/**
 * 12345 -> "12,345" in English ("12.345" in German, "12 345" in French), the same on the server and in every
 * browser. English keeps its own grouping code (toLocaleString is slow the first time); other languages use one
 * `Intl.NumberFormat` per language, as the page's messages do for `{{count, number}}`.
 */
export function formatInteger(value: number, lang: Language = DEFAULT_LANGUAGE): string {
  const n = Math.round(value);
  if (lang !== DEFAULT_LANGUAGE) {
    let format = formats.get(lang);
    if (!format) {
      format = new Intl.NumberFormat(lang, { maximumFractionDigits: 0 });
      formats.set(lang, format);
    }
    return format.format(n);
  }
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return n < 0 ? `-${digits}` : digits;
}

/** A count that may have stopped at a cap: 1000 and capped -> "1,000+" (German "1.000+"). */
export function formatCount(value: number, capped: boolean, lang: Language = DEFAULT_LANGUAGE): string {
  return capped ? `${formatInteger(value, lang)}+` : formatInteger(value, lang);
}

const fixedFormats = new Map<string, Intl.NumberFormat>();

/** A number with exactly `digits` decimals in the page's language ("52.5200", "52,5200"): a coordinate. */
export function formatFixed(value: number, digits: number, lang: Language): string {
  const key = `${lang}:${digits}`;
  let format = fixedFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(lang), { minimumFractionDigits: digits, maximumFractionDigits: digits });
    fixedFormats.set(key, format);
  }
  return format.format(value);
}
