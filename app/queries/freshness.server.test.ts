import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { createChangeMaker } from "./change-makers.server";
import { listNeedsChecking, markEntryChecked } from "./freshness.server";
import { createProgram } from "./programs.server";

const yearAgo = () => {
  const d = new Date();
  d.setMonth(d.getMonth() - 12);
  return d;
};

const t = testDatabaseForFile();

describe(`entries that need checking (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("lists published entries unconfirmed for longer than the setting, longest first; marking one checked removes it", async () => {
    const old = await createProgram(t.db, { name: "Stale Course" });
    const older = await createChangeMaker(t.db, { name: "Stale Person" });
    const draft = await createProgram(t.db, { name: "Stale Draft Course", status: "draft" });
    await createProgram(t.db, { name: "Fresh Course" });
    await t.db.execute(
      sql`UPDATE programs SET checked_at = now() - interval '400 days' WHERE id IN (${old}, ${draft})`,
    );
    await t.db.execute(sql`UPDATE change_makers SET checked_at = now() - interval '500 days' WHERE id = ${older}`);

    const listed = await listNeedsChecking(t.db, yearAgo(), { limit: 50, offset: 0 });
    const names = listed.rows.map((r) => r.name);
    expect(names.indexOf("Stale Person")).toBeLessThan(names.indexOf("Stale Course"));
    expect(names).not.toContain("Stale Draft Course");
    expect(names).not.toContain("Fresh Course");
    expect(listed.total).toBe(listed.rows.length);

    // A shorter setting (1 month) lists the same entries; a longer one (24 months) none of them.
    const longer = new Date();
    longer.setMonth(longer.getMonth() - 24);
    expect((await listNeedsChecking(t.db, longer, { limit: 50, offset: 0 })).rows.map((r) => r.name)).not.toContain(
      "Stale Course",
    );

    expect(await markEntryChecked(t.db, "program", old)).toBe("Stale Course");
    const after = await listNeedsChecking(t.db, yearAgo(), { limit: 50, offset: 0 });
    expect(after.rows.map((r) => r.name)).not.toContain("Stale Course");
    expect(after.total).toBe(listed.total - 1);
    expect(await markEntryChecked(t.db, "program", "123e4567-e89b-42d3-a456-426614174000")).toBeNull();
  });
});
