import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { createApplication } from "./applications.server";
import { getDashboardCounts, listRecentApplications } from "./dashboard.server";

const t = testDatabaseForFile({ reference: false });

describe("dashboard queries", () => {
  it("counts every kind of content and applications per status with 50,000 locations", async () => {
    await t.db.execute(sql`
      insert into locations (name, created_at, updated_at)
      select 'Scale farm ' || g, now(), now() from generate_series(1, 50000) g
    `);
    for (const name of ["Ada", "Ben", "Cy"]) {
      await createApplication(t.db, {
        fullName: name,
        email: `${name.toLowerCase()}@example.org`,
        applicantType: "learner",
        country: "Kenya",
        consentAt: new Date(),
      });
    }
    await t.db.execute(sql`update applications set status = 'APPROVED' where full_name = 'Cy'`);

    const counts = await getDashboardCounts(t.db);
    expect(counts.locations).toBe(50_000);
    expect(counts.programs).toBe(0);
    expect(counts.applications).toEqual({ NEEDS_REVIEW: 2, UNDER_REVIEW: 0, APPROVED: 1, REJECTED: 0 });

    const recent = await listRecentApplications(t.db, 5);
    expect(recent.map((r) => r.fullName)).toHaveLength(3);
    expect(Object.keys(recent[0] ?? {}).sort()).toEqual(
      ["applicantType", "country", "createdAt", "fullName", "id", "status"].sort(),
    );
    // Inserting 50,000 rows runs the search triggers for each: slow on a busy machine.
  }, 240_000);
});
