import { PROGRAM_FORMAT_LABELS } from "../../lib/query-string";

/** Display formatting shared by the public pages (fixed locale and time zone so server and browser agree). */
const LOCALE = "en-GB";

function parseDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  // Date-only strings are calendar days, not instants: read them at noon UTC so no time zone shifts the day.
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
}

export function formatDate(value: string | Date): string {
  return new Intl.DateTimeFormat(LOCALE, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    parseDate(value),
  );
}

/** "10 – 21 May 2027", "28 June – 3 July 2027", or one date when start and end are equal. */
export function formatDateRange(start: string | null, end: string | null): string {
  if (!start) return "Dates to be announced";
  if (!end || end === start) return formatDate(start);
  const fmt = new Intl.DateTimeFormat(LOCALE, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  // Node's and browsers' ICU space ranges differently (thin, narrow or no-break spaces); one form for both keeps
  // server HTML and hydration identical.
  return fmt.formatRange(parseDate(start), parseDate(end)).replace(/[\u2009\u202f\u00a0]/g, " ");
}

/** Price from cents with its currency; null means the program is free. */
export function formatPrice(cents: number | null, currency: string): string {
  if (cents === null || cents === undefined) return "Free";
  if (cents === 0) return "Free";
  try {
    return new Intl.NumberFormat(LOCALE, {
      style: "currency",
      currency: currency || "USD",
      maximumFractionDigits: cents % 100 === 0 ? 0 : 2,
    }).format(cents / 100);
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
