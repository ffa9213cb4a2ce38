import { DEFAULT_LANGUAGE, intlLocale, type Language } from "./i18n/languages";

const formats = new Map<string, Intl.NumberFormat>();

/**
 * The number format for a locale and options, made at its first use and then reused: making one costs far more
 * than formatting with it (tens of microseconds on the server, milliseconds in a phone's browser), and pages format
 * numbers on every render. Every number format of the site comes from here.
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/**
 * 12345 -> "12,345" in English ("12.345" in German, "12 345" in French), the same on the server and in every
 * browser. English keeps its own grouping code (toLocaleString is slow the first time); other languages use one
 * `Intl.NumberFormat` per language, as the page's messages do for `{{count, number}}`.
 */
export function formatInteger(value: number, lang: Language = DEFAULT_LANGUAGE): string {
  const n = Math.round(value);
  if (lang !== DEFAULT_LANGUAGE) return numberFormat(lang, { maximumFractionDigits: 0 }).format(n);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return n < 0 ? `-${digits}` : digits;
}

/** A count that may have stopped at a cap: 1000 and capped -> "1,000+" (German "1.000+"). */
export function formatCount(value: number, capped: boolean, lang: Language = DEFAULT_LANGUAGE): string {
  return capped ? `${formatInteger(value, lang)}+` : formatInteger(value, lang);
}

/** A number with exactly `digits` decimals in the page's language ("52.5200", "52,5200"): a coordinate. */
export function formatFixed(value: number, digits: number, lang: Language): string {
  return numberFormat(intlLocale(lang), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/**
 * A size in bytes in the page's language, in the largest whole unit it reaches: 131072 -> "128 kB" ("128 ko" in
 * French), 8388608 -> "8 MB". Binary multiples (1 kB = 1,024 bytes), as limits are set.
 */
export function formatByteSize(bytes: number, lang: Language = DEFAULT_LANGUAGE): string {
  const [value, unit] =
    bytes >= 1024 * 1024
      ? [bytes / (1024 * 1024), "megabyte"]
      : bytes >= 1024
        ? [bytes / 1024, "kilobyte"]
        : [bytes, "byte"];
  return numberFormat(intlLocale(lang), { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 }).format(
    value,
  );
}
