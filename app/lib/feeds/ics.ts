/** iCalendar (RFC 5545) writing: TEXT escaping, 75-octet line folding and CRLF line ends. */

/** Escapes a TEXT value: backslash, semicolon, comma and line breaks (RFC 5545 section 3.3.11). */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Folds one content line so no physical line exceeds 75 octets of UTF-8; continuation lines begin with a space.
 * Never splits a multi-byte character.
 */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let currentBytes = 0;
  let limit = 75;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    if (currentBytes + size > limit) {
      parts.push(current);
      current = "";
      currentBytes = 0;
      limit = 74; // the leading space of a continuation line counts
    }
    current += ch;
    currentBytes += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** "2027-05-10" -> "20270510" (a DATE value). */
export function icsDate(isoDate: string): string {
  return isoDate.replaceAll("-", "");
}

/** The day after a date: DTEND of an all-day event is exclusive. */
export function nextDay(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** UTC DATE-TIME: 20261122T113000Z. */
export function icsDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

export type IcsEvent = {
  uid: string;
  stamp: Date;
  startDate: string;
  endDate: string | null;
  summary: string;
  description: string;
  location: string;
  url: string;
};

/** A VCALENDAR of all-day VEVENTs, ready to serve as text/calendar. */
export function buildCalendar(opts: { name: string; description: string; events: IcsEvent[] }): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Permaculture Network//Programs//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeIcsText(opts.name)}`,
    `X-WR-CALDESC:${escapeIcsText(opts.description)}`,
  ];
  for (const e of opts.events) {
    const end = e.endDate && e.endDate >= e.startDate ? e.endDate : e.startDate;
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.uid}`,
      `DTSTAMP:${icsDateTime(e.stamp)}`,
      `DTSTART;VALUE=DATE:${icsDate(e.startDate)}`,
      `DTEND;VALUE=DATE:${icsDate(nextDay(end))}`,
      `SUMMARY:${escapeIcsText(e.summary)}`,
      `DESCRIPTION:${escapeIcsText(e.description)}`,
    );
    if (e.location) lines.push(`LOCATION:${escapeIcsText(e.location)}`);
    lines.push(`URL:${e.url}`, "TRANSP:TRANSPARENT", "END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(foldIcsLine).join("\r\n")}\r\n`;
}
