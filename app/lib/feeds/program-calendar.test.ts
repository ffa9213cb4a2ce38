import { describe, expect, it } from "vitest";
import { serverTranslate } from "~/server-lib/messages.server";
import { buildCalendar } from "./ics";
import { type CalendarProgram, programDays, programEvent, SPANNED_DAYS_MAX } from "./program-calendar";

const SITE = "https://permaculture.example";

const program = (over: Partial<CalendarProgram>): CalendarProgram => ({
  id: "0b6f5e0c-1111-4222-8333-444455556666",
  name: "Cool Climate Food Forest Design Course",
  summary: "Two weeks on a working food forest.",
  startDate: "2027-05-10",
  endDate: "2027-05-21",
  format: "in-person",
  updatedAt: new Date("2026-11-20T09:00:00Z"),
  place: "Cedar Hollow Food Forest, Olympia, United States",
  url: `${SITE}/program/Cool-Climate-Food-Forest-Design-Course`,
  ...over,
});

/** The calendar text of one program's event, unfolded (RFC 5545 continuation lines joined). */
function ics(p: CalendarProgram, lang: "en" | "es" = "en"): string {
  const event = programEvent(p, { host: "permaculture.example", lang, t: serverTranslate(lang) });
  return buildCalendar({ name: "Programs", description: "All", events: [event] }).replace(/\r\n /g, "");
}

describe("programs in a calendar", () => {
  it("counts a program's days with both ends", () => {
    expect(programDays("2027-05-10", "2027-05-21")).toBe(12);
    expect(programDays("2027-05-10", null)).toBe(1);
    expect(programDays("2027-05-10", "2027-05-09")).toBe(1);
    expect(programDays("2026-12-01", "2027-10-31")).toBe(335);
  });

  it("spans a course of up to two weeks across its days, as an all-day event with an exclusive end", () => {
    const text = ics(program({}));
    expect(text).toContain("\r\nDTSTART;VALUE=DATE:20270510\r\n");
    expect(text).toContain("\r\nDTEND;VALUE=DATE:20270522\r\n");
    expect(text).toContain("\r\nSUMMARY:Cool Climate Food Forest Design Course\r\n");
    expect(text).toContain("\r\nTRANSP:TRANSPARENT\r\n");
    const fortnight = ics(program({ startDate: "2027-01-10", endDate: "2027-01-23" }));
    expect(programDays("2027-01-10", "2027-01-23")).toBe(SPANNED_DAYS_MAX);
    expect(fortnight).toContain("\r\nDTEND;VALUE=DATE:20270124\r\n");
  });

  it("shows an eleven-month online course on its first day, not as a bar across eleven months", () => {
    const satoyama = program({
      name: "Satoyama Seasons Online Course",
      summary: "A year of the Japanese countryside, online.",
      startDate: "2026-12-01",
      endDate: "2027-10-31",
      format: "online",
      place: "Online",
    });
    const text = ics(satoyama);
    expect(text).toContain("\r\nDTSTART;VALUE=DATE:20261201\r\n");
    expect(text).toContain("\r\nDTEND;VALUE=DATE:20261202\r\n");
    expect(text).toContain("\r\nSUMMARY:Satoyama Seasons Online Course (starts)\r\n");
    // The description says first when it runs (escaped commas: RFC 5545 TEXT).
    expect(text).toMatch(
      /\r\nDESCRIPTION:Dates: 1 Dec(ember)? 2026 – 31 Oct(ober)? 2027\. This event marks the first day only\./,
    );
    expect(text).toContain("Format: Online");
    // Fifteen days is past a fortnight: the first day only.
    const threeWeeks = ics(program({ startDate: "2027-02-08", endDate: "2027-02-22" }));
    expect(threeWeeks).toContain("\r\nDTEND;VALUE=DATE:20270209\r\n");
  });

  it("words the event in the calendar's language", () => {
    const text = ics(
      program({ name: "Curso de las estaciones", startDate: "2026-12-01", endDate: "2027-10-31" }),
      "es",
    );
    expect(text).toContain("\r\nSUMMARY:Curso de las estaciones (comienzo)\r\n");
    expect(text).toContain("DESCRIPTION:Fechas: ");
    expect(text).toContain("Este evento marca solo el primer día.");
  });
});
