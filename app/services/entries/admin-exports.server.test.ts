import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { exportCsv } from "./admin-exports.server";

const t = testDatabaseForFile({ reference: false });

beforeAll(async () => {
  // Fifteen pages seen yesterday, /page-1 once, /page-15 fifteen times.
  const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  for (let i = 1; i <= 15; i++) {
    await t.db.execute(
      sql`INSERT INTO analytics_daily_pages (day, path, views, visitors) VALUES (${yesterday}, ${`/page-${i}`}, ${i}, 1)`,
    );
  }
  // Searches of the same day: "brasil" from Spanish pages three times (once finding nothing), "ökodorf" from German.
  const searches = [
    ["brasil", "es", 3, 1],
    ["ökodorf", "de", 1, 0],
  ] as const;
  for (const [query, lang, n, zero] of searches) {
    await t.db.execute(
      sql`INSERT INTO search_stats (day, lang, query, searches, zero_results) VALUES (${yesterday}, ${lang}, ${query}, ${n}, ${zero})`,
    );
  }
});

describe("the analytics download", () => {
  it("lists every page of the period, not only the screen's top ten", async () => {
    const res = await exportCsv(t, "analytics", new URLSearchParams({ range: "7d" }));
    const pages = (await res.text())
      .split("\n")
      .filter((line) => line.startsWith("top page,"))
      .map((line) => line.split(",").slice(1, 3));
    expect(pages).toHaveLength(15);
    expect(pages[0]).toEqual(["/page-15", "15"]);
    expect(pages.at(-1)).toEqual(["/page-1", "1"]);
  });

  it("lists the period's searches and those that found nothing, each with its language", async () => {
    const res = await exportCsv(t, "analytics", new URLSearchParams({ range: "7d" }));
    const lines = (await res.text()).split("\n").map((l) => l.trim());
    expect(lines.filter((l) => l.startsWith("top search,"))).toEqual([
      "top search,brasil (es),3,",
      "top search,ökodorf (de),1,",
    ]);
    expect(lines.filter((l) => l.startsWith("search without results,"))).toEqual([
      "search without results,brasil (es),1,",
    ]);
  });
});
