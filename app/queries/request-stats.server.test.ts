import { beforeAll, describe, expect, it } from "vitest";
import { requestStats } from "~db/schema";
import { createRequestStats } from "~server/request-stats";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { getRequestStatsReport, rollupRequestStats } from "./request-stats.server";

const NOW = new Date("2026-06-10T12:30:00Z");
const t = testDatabaseForFile({ reference: false });

beforeAll(async () => {
  const stats = createRequestStats({ db: t.db, flushMs: 1e9 });
  const minutesAgo = (m: number) => NOW.getTime() - m * 60_000;
  // Last hour: a fast page and a slow, failing one.
  for (let i = 0; i < 100; i++) stats.record("/location/:slug", "GET", 200, 5, minutesAgo(10));
  for (let i = 0; i < 10; i++) stats.record("/programs", "GET", 500, 300, minutesAgo(20));
  // Two days ago, in two different minutes of one hour: rolled up into that hour.
  stats.record("/about", "GET", 200, 8, Date.parse("2026-06-08T09:15:00Z"));
  stats.record("/about", "GET", 404, 9, Date.parse("2026-06-08T09:45:00Z"));
  await stats.close();
});

describe("request statistics report", () => {
  it("shows totals, error rate, percentiles and the slowest routes first for the last hour", async () => {
    const r = await getRequestStatsReport(t.db, "hour", NOW);
    expect(r.totals.count).toBe(110);
    expect(r.totals.count5xx).toBe(10);
    expect(r.totals.errorRate).toBeCloseTo(10 / 110);
    expect(r.routes.map((x) => x.route)).toEqual(["/programs", "/location/:slug"]);
    const slow = r.routes[0];
    expect(slow?.p50).toBeGreaterThanOrEqual(300);
    expect(slow?.p50).toBeLessThan(380);
    expect(slow?.errorRate).toBe(1);
    expect(r.routes[1]?.p99).toBeLessThan(7);
    expect(r.series.reduce((a, s) => a + s.count, 0)).toBe(110);
  });

  it("merges old minute rows into hourly rows without losing counts", async () => {
    const before = await getRequestStatsReport(t.db, "week", NOW);
    const { merged } = await rollupRequestStats(t.db, NOW);
    expect(merged).toBe(2);
    const rows = (await t.db.select().from(requestStats)).filter((r) => r.route === "/about");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.bucketStart.toISOString()).toBe("2026-06-08T09:00:00.000Z");
    expect([rows[0]?.count, rows[0]?.count2xx, rows[0]?.count4xx]).toEqual([2, 1, 1]);
    const after = await getRequestStatsReport(t.db, "week", NOW);
    expect(after.totals).toEqual(before.totals);
    expect(await rollupRequestStats(t.db, NOW)).toEqual({ merged: 0 });
  });
});
