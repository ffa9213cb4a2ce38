import { formatDateRange, formatLabel } from "../format";
import type { Language } from "../i18n/languages";
import type { Translate } from "../i18n/translate";
import type { IcsEvent } from "./ics";

/**
 * How a program becomes a calendar event (RFC 5545). A program's dates are days without times, so every event is an
 * all-day one: DTSTART and an exclusive DTEND as DATE values (section 3.6.1), marked TRANSPARENT (it does not make
 * anyone busy).
 *
 * A short program (up to two weeks: a residential course, a workshop) spans its days; that is what it takes of
 * them, and calendar apps draw it as a bar across those days. A long one (an online course from December to October,
 * a six-month certificate with evening classes) drawn the same way covers every day of those months as if it filled
 * them, in the month, week and day views of every calendar app. It is the event of its first day instead, named as
 * starting, whose description says first when it runs. Not taken: a recurrence rule (RRULE) needs a timetable the
 * site does not have; a DURATION or DTEND over the whole run is drawn the same as the long bar; leaving DTEND out
 * means one day per RFC 5545 but some apps read it as open-ended.
 */
export const SPANNED_DAYS_MAX = 14;

/** Days from start to end, both counted (a program on one day lasts 1). */
export function programDays(startDate: string, endDate: string | null): number {
  if (!endDate || endDate <= startDate) return 1;
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000) + 1;
}

export type CalendarProgram = {
  id: string;
  name: string;
  summary: string;
  startDate: string;
  endDate: string | null;
  format: string;
  updatedAt: Date;
  /** Where it happens, as words ("Cedar Hollow Food Forest, Olympia, United States"; "Online"), or "". */
  place: string;
  /** The languages it is taught in, as a sentence in the calendar's language ("Taught in English and Portuguese"), or "". */
  taughtIn?: string;
  /** The program's page. */
  url: string;
};

/** One program as a VEVENT, its words in the calendar's language. */
export function programEvent(p: CalendarProgram, opts: { host: string; lang: Language; t: Translate }): IcsEvent {
  const { t, lang } = opts;
  const long = programDays(p.startDate, p.endDate) > SPANNED_DAYS_MAX;
  const runs = long ? t("feeds.runsLine", { dates: formatDateRange(p.startDate, p.endDate, lang, t) }) : "";
  return {
    uid: `program-${p.id}@${opts.host}`,
    stamp: p.updatedAt,
    startDate: p.startDate,
    endDate: long ? p.startDate : p.endDate,
    summary: long ? t("feeds.startsSummary", { name: p.name }) : p.name,
    description: [runs, p.summary, t("feeds.formatLine", { format: formatLabel(p.format, t) }), p.taughtIn, p.url]
      .filter(Boolean)
      .join("\n\n"),
    location: p.place,
    url: p.url,
  };
}
