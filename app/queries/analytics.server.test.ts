import { beforeAll, describe, expect, it } from "vitest";
import { analyticsDailyTotals, analyticsEvents } from "~db/schema";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { bucketOf, getAnalyticsReport, rollupAnalytics, setRetentionDays, utcDay } from "./analytics.server";

const NOW = new Date("2026-06-10T12:00:00Z");
const at = (day: string, hour = 10) => new Date(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);

const t = testDatabaseForFile({ reference: false });

beforeAll(async () => {
  const ev = (
    day: string,
    kind: "page_view" | "user_interaction" | "form_submission",
    extra: Record<string, unknown> = {},
  ) => ({
    kind,
    path: "/",
    visitorHash: "v1",
    device: "desktop",
    createdAt: at(day),
    ...extra,
  });
  await t.db.insert(analyticsEvents).values([
    // Two days ago: 3 views by 2 visitors, one form.
    ev("2026-06-08", "page_view", { path: "/", visitorHash: "a" }),
    ev("2026-06-08", "page_view", { path: "/map", visitorHash: "a", referrer: "search.example" }),
    ev("2026-06-08", "page_view", { path: "/map", visitorHash: "b", device: "mobile", country: "KE" }),
    ev("2026-06-08", "form_submission", { formName: "newsletter" }),
    // Yesterday: 1 view, 1 interaction.
    ev("2026-06-09", "page_view", { path: "/locations", visitorHash: "c" }),
    ev("2026-06-09", "user_interaction", { category: "map", action: "zoom" }),
    // Today (live, not rolled up): 2 views by the same visitor.
    ev("2026-06-10", "page_view", { path: "/map", visitorHash: "d" }),
    ev("2026-06-10", "page_view", { path: "/map", visitorHash: "d" }),
    // Far past, beyond retention.
    ev("2024-01-01", "page_view", { path: "/old", visitorHash: "z" }),
  ]);
});

describe("analytics rollups and report", () => {
  it("rolls finished days into daily tables, once, and deletes raw events past retention", async () => {
    await setRetentionDays(t.db, 396);
    const first = await rollupAnalytics(t.db, NOW);
    expect(first.days).toBe(3);
    expect(first.deleted).toBe(1);
    const again = await rollupAnalytics(t.db, NOW);
    expect(again).toEqual({ days: 0, deleted: 0 });
    const days = (await t.db.select().from(analyticsDailyTotals)).map((r) => r.day).sort();
    expect(days).toEqual(["2024-01-01", "2026-06-08", "2026-06-09"]);
  });

  it("reports views, daily unique visitors, top pages and dimensions, including today's live events", async () => {
    const r = await getAnalyticsReport(t.db, { from: "2026-06-08", to: "2026-06-10", granularity: "day", now: NOW });
    expect(r.series).toEqual([
      { bucket: "2026-06-08", pageViews: 3, visitors: 2 },
      { bucket: "2026-06-09", pageViews: 1, visitors: 1 },
      { bucket: "2026-06-10", pageViews: 2, visitors: 1 },
    ]);
    expect(r.totals).toEqual({ pageViews: 6, visitors: 4, interactions: 1, formSubmissions: 1 });
    expect(r.topPages[0]).toEqual({ path: "/map", views: 4, visitors: 3 });
    expect(r.dims.referrer).toEqual([{ key: "search.example", count: 1 }]);
    expect(r.dims.device).toEqual([
      { key: "desktop", count: 5 },
      { key: "mobile", count: 1 },
    ]);
    expect(r.dims.country).toEqual([{ key: "KE", count: 1 }]);
    expect(r.dims.form).toEqual([{ key: "newsletter", count: 1 }]);
    expect(r.dims.interaction).toEqual([{ key: "map / zoom", count: 1 }]);
  });

  it("groups by ISO week and by month, zero-filling empty buckets", async () => {
    expect(bucketOf("2026-06-10", "week")).toBe("2026-06-08");
    expect(bucketOf("2026-06-07", "week")).toBe("2026-06-01");
    expect(bucketOf("2026-06-10", "month")).toBe("2026-06-01");
    const r = await getAnalyticsReport(t.db, { from: "2026-05-20", to: "2026-06-10", granularity: "week", now: NOW });
    expect(r.series.map((s) => s.bucket)).toEqual(["2026-05-18", "2026-05-25", "2026-06-01", "2026-06-08"]);
    expect(r.series.at(-1)?.pageViews).toBe(6);
    expect(r.series[0]?.pageViews).toBe(0);
    expect(utcDay(NOW)).toBe("2026-06-10");
  });
});
