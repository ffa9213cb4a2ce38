import { PROGRAM_FORMAT_LABELS } from "~/lib/query-string";

/** Display formatting shared by the public pages (fixed locale and time zone so server and browser agree). */
const LOCALE = "en-GB";

function parseDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  // Date-only strings are calendar days, not instants: read them at noon UTC so no time zone shifts the day.
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/*
 * Dates are formatted by hand in the en-GB style ("3 July 2027") rather than with Intl.DateTimeFormat: building an
 * ICU formatter costs several milliseconds in a browser, and the home page's sections format a dozen dates while
 * hydrating. The output is the same as Intl's en-GB long date, checked in format.test.ts.
 */
function parts(value: string | Date): { day: number; month: string; year: number } {
  const date = parseDate(value);
  return { day: date.getUTCDate(), month: MONTHS[date.getUTCMonth()] ?? "", year: date.getUTCFullYear() };
}

export function formatDate(value: string | Date): string {
  const { day, month, year } = parts(value);
  return Number.isNaN(day) ? String(value) : `${day} ${month} ${year}`;
}

/** "November 2026" (as Intl's en-GB month and year; an entry's "Last checked"). */
export function formatMonthYear(value: string | Date): string {
  const { day, month, year } = parts(value);
  return Number.isNaN(day) ? String(value) : `${month} ${year}`;
}

/** "10 – 21 May 2027", "28 June – 3 July 2027", or one date when start and end are equal. */
export function formatDateRange(start: string | null, end: string | null): string {
  if (!start) return "Dates to be announced";
  if (!end || end === start) return formatDate(start);
  const a = parts(start);
  const b = parts(end);
  if (Number.isNaN(a.day) || Number.isNaN(b.day)) return formatDate(start);
  if (a.year !== b.year) return `${a.day} ${a.month} ${a.year} – ${b.day} ${b.month} ${b.year}`;
  if (a.month !== b.month) return `${a.day} ${a.month} – ${b.day} ${b.month} ${b.year}`;
  if (a.day === b.day) return formatDate(start);
  return `${a.day} – ${b.day} ${b.month} ${b.year}`;
}

const priceFormats = new Map<string, Intl.NumberFormat>();

/** One NumberFormat per currency and precision: constructing them is the expensive part. */
function priceFormat(currency: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${currency}:${fractionDigits}`;
  let format = priceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { style: "currency", currency, maximumFractionDigits: fractionDigits });
    priceFormats.set(key, format);
  }
  return format;
}

/** Price from cents with its currency; null means the program is free. */
export function formatPrice(cents: number | null, currency: string): string {
  if (cents === null || cents === undefined) return "Free";
  if (cents === 0) return "Free";
  try {
    return priceFormat(currency || "USD", cents % 100 === 0 ? 0 : 2).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** "44 min", "1 h 5 min". */
export function formatDuration(seconds: number): string {
  if (!seconds || seconds < 60) return seconds > 0 ? `${seconds} s` : "";
  const minutes = Math.round(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${m} min` : `${m} min`;
}

/** ISO 8601 duration for schema.org and podcast players (PT44M). */
export function isoDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s || (!h && !m) ? `${s}S` : ""}`;
}

export const FORMAT_LABELS: Record<string, string> = PROGRAM_FORMAT_LABELS;

/** Splits stored text into paragraphs on blank lines. */
export function paragraphs(text: string | null | undefined): string[] {
  return (text ?? "")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
