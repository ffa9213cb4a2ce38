import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rollupAnalytics } from "~/queries/analytics.server";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { countedQuery, flushSearchStats, getSearchReport, recordSearch } from "./search-stats.server";

const t = testDatabaseForFile({ reference: false });

describe("what visitors search for, counted for staff", () => {
  it("counts a query by its text, lower case and spaces collapsed, and never one that may be an address or number", () => {
    expect(countedQuery("  Gestión   del Agua ")).toBe("gestión del agua");
    expect(countedQuery("x".repeat(300))).toHaveLength(100);
    expect(countedQuery("maria@example.org")).toBeNull();
    expect(countedQuery("call +49 30 1234567")).toBeNull();
    expect(countedQuery("0171 2345678")).toBeNull();
    expect(countedQuery("PDC 2027")).toBe("pdc 2027");
  });

  it("writes each day's counts per language in one statement, adding to what is there", async () => {
    const day = new Date("2026-11-20T10:00:00Z");
    for (let i = 0; i < 3; i++) recordSearch(t, { text: "Brasilien", lang: "de", found: true }, day);
    recordSearch(t, { text: "zauberwald", lang: "de", found: false }, day);
    recordSearch(t, { text: "Zauberwald", lang: "de", found: false }, day);
    recordSearch(t, { text: "brasilien", lang: "es", found: true }, day);
    recordSearch(t, { text: "someone@example.org", lang: "en", found: false }, day);
    await flushSearchStats(t);
    recordSearch(t, { text: "Brasilien", lang: "de", found: true }, day);
    await flushSearchStats(t);
    const report = await getSearchReport(t, { from: "2026-11-14", to: "2026-11-20" });
    expect(report.top).toEqual([
      { query: "brasilien", lang: "de", searches: 4, zeroResults: 0 },
      { query: "zauberwald", lang: "de", searches: 2, zeroResults: 2 },
      { query: "brasilien", lang: "es", searches: 1, zeroResults: 0 },
    ]);
    expect(report.zero).toEqual([{ query: "zauberwald", lang: "de", searches: 2, zeroResults: 2 }]);
    expect(report).toMatchObject({ searches: 7, zeroResults: 2 });
    // Another period does not see them.
    expect((await getSearchReport(t, { from: "2026-11-21", to: "2026-11-27" })).top).toEqual([]);
  });

  it("keeps the counts as long as raw analytics events, then deletes them with the hourly rollup", async () => {
    recordSearch(t, { text: "old search", lang: "en", found: false }, new Date("2024-01-01T00:00:00Z"));
    await flushSearchStats(t);
    await rollupAnalytics(t.db, new Date("2026-11-27T12:00:00Z"));
    const rows = (await t.db.execute(sql`SELECT query FROM search_stats ORDER BY query`)) as unknown as
      | { rows: { query: string }[] }
      | { query: string }[];
    const queries = (Array.isArray(rows) ? rows : rows.rows).map((r) => r.query);
    expect(queries).not.toContain("old search");
    expect(queries).toContain("zauberwald");
  });
});
