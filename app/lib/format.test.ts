import { describe, expect, it } from "vitest";
import { serverTranslate } from "~/server-lib/messages.server";
import { formatDate, formatDateRange, formatDuration, formatLabel, formatMonthYear, formatPrice } from "./format";

const en = serverTranslate("en");
const es = serverTranslate("es");
const de = serverTranslate("de");
const fr = serverTranslate("fr");

const intl = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const noon = (day: string) => new Date(`${day}T12:00:00Z`);

describe("public date formatting", () => {
  it("writes every day of two years exactly as Intl's en-GB long date", () => {
    const start = Date.UTC(2026, 0, 1, 12);
    for (let i = 0; i < 731; i++) {
      const day = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
      expect(formatDate(day)).toBe(intl.format(noon(day)));
    }
  });

  it("writes ranges as Intl's en-GB formatRange does, with plain spaces", () => {
    const cases: [string, string][] = [
      ["2027-05-10", "2027-05-21"],
      ["2027-06-28", "2027-07-03"],
      ["2026-12-28", "2027-01-03"],
      ["2027-02-01", "2027-02-28"],
    ];
    for (const [a, b] of cases) {
      const expected = intl.formatRange(noon(a), noon(b)).replace(/[\u2009\u202f\u00a0]/g, " ");
      expect(formatDateRange(a, b, "en", en)).toBe(expected);
    }
    expect(formatDateRange("2027-05-10", "2027-05-21", "en", en)).toBe("10 – 21 May 2027");
    // Remembered per language: the same dates again, in German, then in English.
    const german = new Intl.DateTimeFormat("de", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    const inGerman = german.formatRange(noon("2027-05-10"), noon("2027-05-21")).replace(/[\u2009\u202f]/g, " ");
    expect(formatDateRange("2027-05-10", "2027-05-21", "de", en)).toBe(inGerman);
    expect(inGerman).not.toBe("10 – 21 May 2027");
    expect(formatDateRange("2027-05-10", "2027-05-21", "en", en)).toBe("10 – 21 May 2027");
  });

  it("shows one date for a one-day program and a notice when dates are not set", () => {
    expect(formatDateRange("2027-05-10", "2027-05-10", "en", en)).toBe("10 May 2027");
    expect(formatDateRange("2027-05-10", null, "en", en)).toBe("10 May 2027");
    expect(formatDateRange(null, null, "en", en)).toBe("Dates to be announced");
  });

  it("writes month and year as Intl's en-GB does, for every month", () => {
    const monthYear = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
    for (let m = 0; m < 24; m++) {
      const date = new Date(Date.UTC(2026, m, 15));
      expect(formatMonthYear(date)).toBe(monthYear.format(date));
    }
    expect(formatMonthYear("2026-11-24T08:00:00.000Z")).toBe("November 2026");
  });

  it("formats timestamps by their UTC day", () => {
    expect(formatDate(new Date("2027-03-31T23:30:00Z"))).toBe("31 March 2027");
    expect(formatDate("2027-03-31T23:30:00.000Z")).toBe("31 March 2027");
  });

  it("formats prices per currency, whole amounts without cents, and free programs", () => {
    expect(formatPrice(null, "USD", "en", en)).toBe("Free");
    expect(formatPrice(0, "EUR", "en", en)).toBe("Free");
    expect(formatPrice(120000, "EUR", "en", en)).toBe("€1,200");
    expect(formatPrice(99950, "GBP", "en", en)).toBe("£999.50");
    expect(formatPrice(5000, "AUD", "en", en)).toBe("A$50");
    expect(formatPrice(5050, "AUD", "en", en)).toBe("A$50.50");
    expect(formatPrice(5000, "not-a-currency", "en", en)).toBe("50.00 not-a-currency");
  });
});

describe("dates and prices in the page's language", () => {
  it("follow German and Spanish conventions", () => {
    expect(formatDate("2027-07-03", "de")).toBe("3. Juli 2027");
    expect(formatDate("2027-07-03", "es")).toBe("3 de julio de 2027");
    expect(formatDateRange("2027-05-10", "2027-05-21", "de", de)).toBe("10.–21. Mai 2027");
    expect(formatDateRange("2027-06-28", "2027-07-03", "es", es)).toBe("28 de junio – 3 de julio de 2027");
    expect(formatMonthYear("2026-11-24T08:00:00.000Z", "es")).toBe("noviembre de 2026");
    expect(formatPrice(120050, "EUR", "de", de)).toBe("1.200,50\u00a0€");
    expect(formatPrice(120000, "EUR", "es", es)).toBe("1200\u00a0€");
  });

  it("name free programs, dates not yet set, formats and durations in the page's language", () => {
    expect(formatPrice(null, "EUR", "es", es)).toBe("Gratis");
    expect(formatPrice(0, "EUR", "de", de)).toBe("Kostenlos");
    expect(formatPrice(null, "EUR", "fr", fr)).toBe("Gratuit");
    expect(formatDateRange(null, null, "de", de)).toBe("Termine folgen");
    expect(formatDateRange(null, null, "es", es)).toBe("Fechas por anunciar");
    expect(formatLabel("in-person", es)).toBe("Presencial");
    expect(formatLabel("in-person", de)).toBe("Vor Ort");
    expect(formatLabel("in-person", en)).toBe("In person");
    expect(formatLabel("unknown", de)).toBe("unknown");
    expect(formatDuration(2640, en)).toBe("44 min");
    expect(formatDuration(3900, en)).toBe("1 h 5 min");
    expect(formatDuration(30, en)).toBe("30 s");
    expect(formatDuration(2640, de)).toBe("44 Min.");
    expect(formatDuration(3900, de)).toBe("1 Std. 5 Min.");
    expect(formatDuration(0, de)).toBe("");
  });
});
