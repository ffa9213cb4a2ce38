import { describe, expect, it } from "vitest";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { hitRateLimit, resetRateLimit } from "./rate-limits.server";

const t = testDatabaseForFile({ reference: false });

describe("database rate limiter", () => {
  it("allows up to the limit in a window, then refuses with a retry time", async () => {
    const opts = { limit: 3, windowMs: 86_400_000 };
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await hitRateLimit(t.db, "k1", opts));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results[4]?.retryAfterMs).toBeGreaterThan(0);
    expect(results[4]?.count).toBe(5);
  });

  it("counts concurrent hits exactly", async () => {
    const opts = { limit: 100, windowMs: 86_400_000 };
    const results = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(t.db, "k2", opts)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("keeps keys apart and can reset one", async () => {
    await hitRateLimit(t.db, "a", { limit: 1, windowMs: 86_400_000 });
    expect((await hitRateLimit(t.db, "b", { limit: 1, windowMs: 86_400_000 })).allowed).toBe(true);
    await resetRateLimit(t.db, "a");
    expect((await hitRateLimit(t.db, "a", { limit: 1, windowMs: 86_400_000 })).allowed).toBe(true);
  });

  it("starts a new window after the old one ends", async () => {
    const opts = { limit: 1, windowMs: 200 };
    await hitRateLimit(t.db, "w", opts);
    await new Promise((r) => setTimeout(r, 250));
    expect((await hitRateLimit(t.db, "w", opts)).allowed).toBe(true);
  });
});
