import { describe, expect, it } from "vitest";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";

/**
 * The change bus tells this process's own subscribers at once, on PGlite and on Postgres alike: an editor who saves
 * and reloads reads the change from the instance that made it, without waiting for the server's notification to come
 * back; that notification is then not delivered a second time. Another process's change still arrives.
 */
const t = testDatabaseForFile({ reference: false });

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`the change bus (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("delivers a publish to its own subscribers before publish returns, and once only", async () => {
    const seen: string[] = [];
    const off = t.bus.subscribe("bus_test", (p) => seen.push(p));
    await wait(100);
    await t.bus.publish("bus_test", "one");
    expect(seen).toEqual(["one"]);
    await t.bus.publish("bus_test", "two");
    await t.bus.publish("bus_test", "two");
    await wait(500);
    expect(seen).toEqual(["one", "two", "two"]);
    off();
  });

  it.runIf(process.env.TEST_DATABASE_URL)("still delivers what another process publishes", async () => {
    const { openPostgres } = await import("~db/client");
    if (!t.url) throw new Error("no url");
    const other = await openPostgres(t.url, { max: 1 });
    try {
      const seen: string[] = [];
      const off = t.bus.subscribe("bus_test", (p) => seen.push(p));
      await wait(100);
      await other.bus.publish("bus_test", "from-elsewhere");
      for (let i = 0; i < 50 && seen.length === 0; i++) await wait(20);
      expect(seen).toEqual(["from-elsewhere"]);
      off();
    } finally {
      await other.close();
    }
  });
});
