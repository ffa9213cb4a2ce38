import { intlLocale, type Language } from "~/lib/i18n/languages";
import type { Translate } from "~/lib/i18n/translate";
import { numberFormat } from "~/lib/numbers";

/**
 * Display formatting shared by the public pages, in the page's language with `Intl` (English in the British style:
 * "3 July 2027"). The time zone is fixed (UTC) so server and browser agree.
 */
function parseDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  // Date-only strings are calendar days, not instants: read them at noon UTC so no time zone shifts the day.
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
}

/*
 * Building an ICU formatter costs a few milliseconds in a browser and a page formats a dozen dates while
 * hydrating: each formatter is made once per language and style, then reused.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(lang: Language, style: "day" | "month"): Intl.DateTimeFormat {
  const key = `${lang}:${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(lang), {
      ...(style === "day" ? { day: "numeric" } : {}),
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    dateFormats.set(key, format);
  }
  return format;
}

/** "3 July 2027", "3. Juli 2027", "3 de julio de 2027". */
export function formatDate(value: string | Date, lang: Language = "en"): string {
  const date = parseDate(value);
  return Number.isNaN(date.getTime()) ? String(value) : dateFormat(lang, "day").format(date);
}

/** "November 2026" (an entry's "Last checked"). */
export function formatMonthYear(value: string | Date, lang: Language = "en"): string {
  const date = parseDate(value);
  return Number.isNaN(date.getTime()) ? String(value) : dateFormat(lang, "month").format(date);
}

/**
 * "10 – 21 May 2027", "28 June – 3 July 2027", or one date when start and end are equal (Intl's date range); without
 * a start, the page's message for dates still to come.
 */
export function formatDateRange(start: string | null, end: string | null, lang: Language, t: Translate): string {
  if (!start) return t("format.datesToBeAnnounced");
  // A date range costs ten times a date to format, and list pages show the same programs' dates on every request.
  const key = `${lang}|${start}|${end}`;
  let text = ranges.get(key);
  if (text === undefined) {
    text = dateRangeText(start, end, lang);
    if (ranges.size >= MAX_REMEMBERED_RANGES) ranges.clear();
    ranges.set(key, text);
  }
  return text;
}

function dateRangeText(start: string, end: string | null, lang: Language): string {
  const a = parseDate(start);
  const b = end ? parseDate(end) : a;
  if (Number.isNaN(a.getTime())) return start;
  if (Number.isNaN(b.getTime()) || b.getTime() <= a.getTime()) return formatDate(a, lang);
  // Plain spaces around the dash: ICU versions differ in the thin spaces they put there, and the server's text must
  // be the browser's.
  return dateFormat(lang, "day")
    .formatRange(a, b)
    .replace(/[\u2009\u202f]/g, " ");
}

/** Formatted date ranges by language and dates; emptied when full (the program dates a site shows are far fewer). */
const ranges = new Map<string, string>();
const MAX_REMEMBERED_RANGES = 5000;

/** Price from cents with its currency; null or 0 means the program is free (the page's word for it). */
export function formatPrice(cents: number | null, currency: string, lang: Language, t: Translate): string {
  if (cents === null || cents === undefined || cents === 0) return t("format.free");
  try {
    const fractionDigits = cents % 100 === 0 ? 0 : 2;
    return numberFormat(intlLocale(lang), {
      style: "currency",
      currency: currency || "USD",
      maximumFractionDigits: fractionDigits,
    }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** "44 min", "1 h 5 min", "44 Min.": an episode's length in the page's language. */
export function formatDuration(seconds: number, t: Translate): string {
  if (!seconds || seconds < 60) return seconds > 0 ? t("format.durationSeconds", { seconds }) : "";
  const total = Math.round(seconds / 60);
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  return hours > 0 ? t("format.durationHours", { hours, minutes }) : t("format.durationMinutes", { minutes });
}

/** ISO 8601 duration for schema.org and podcast players (PT44M). */
export function isoDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s || (!h && !m) ? `${s}S` : ""}`;
}

/** Each program format's message (the keys written out, so the message files' check finds them). */
const FORMAT_KEYS: Record<string, string> = {
  "in-person": "format.inPerson",
  online: "format.online",
  hybrid: "format.hybrid",
};

/** A program format's name in the page's language ("In person", "Presencial"); an unknown value as it is. */
export function formatLabel(format: string, t: Translate): string {
  const key = FORMAT_KEYS[format];
  return key ? t(key) : format;
}

/** Splits stored text into paragraphs on blank lines. */
export function paragraphs(text: string | null | undefined): string[] {
  return (text ?? "")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
