import { describe, expect, it } from "vitest";
import { resolveAnalyticsQuery } from "./analytics-query.server";

const NOW = new Date("2026-11-22T15:00:00Z");
const q = (s: string) => resolveAnalyticsQuery(new URLSearchParams(s), NOW);

describe("the analytics period from the URL", () => {
  it("presets end today and cover their number of days", () => {
    expect(q("range=7d")).toMatchObject({ range: "7d", from: "2026-11-16", to: "2026-11-22", error: null });
    expect(q("range=365d&granularity=month")).toMatchObject({ from: "2025-11-23", granularity: "month" });
  });

  it("unknown values fall back to the last 30 days by day", () => {
    expect(q("range=forever&granularity=hourly")).toMatchObject({
      range: "30d",
      granularity: "day",
      from: "2026-10-24",
      to: "2026-11-22",
      error: null,
    });
  });

  it("a custom range is used as given", () => {
    expect(q("range=custom&from=2026-01-01&to=2026-03-31")).toMatchObject({
      from: "2026-01-01",
      to: "2026-03-31",
      error: null,
    });
  });

  it("a reversed, impossible or too long custom range shows the last 30 days with a message", () => {
    expect(q("range=custom&from=2026-03-01&to=2026-01-01").error).toMatch(/on or before the end date/);
    // 31 February does not exist; it must not become 3 March.
    expect(q("range=custom&from=2026-02-31&to=2026-03-10")).toMatchObject({
      from: "2026-10-24",
      error: expect.any(String),
    });
    expect(q("range=custom&from=2020-01-01&to=2026-01-01").error).toMatch(/at most three years/);
  });
});
