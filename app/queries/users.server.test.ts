import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "~db/schema";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { createInvitedUser } from "./user-links.server";
import { changeUserRole, createUserWithPassword, getUserById, listUsers, setUserDisabled } from "./users.server";

const t = testDatabaseForFile({ reference: false });

const pw = "users-test-password-123";
/** A user with the test password. */
const userWithPassword = (email: string, name: string, role: "ADMIN" | "DEFAULT") =>
  createUserWithPassword(t.db, { email, name, password: pw, role });

describe("last active admin protection", () => {
  it("refuses to demote or disable the only active ADMIN, allows it once there is another", async () => {
    const first = await userWithPassword("first@example.org", "First", "ADMIN");
    expect(await changeUserRole(t.db, first, "DEFAULT")).toBe("last-admin");
    expect(await setUserDisabled(t.db, first, true)).toBe("last-admin");
    expect((await getUserById(t.db, first))?.role).toBe("ADMIN");

    const second = await userWithPassword("second@example.org", "Second", "DEFAULT");
    expect(await changeUserRole(t.db, second, "ADMIN")).toBe("ok");
    expect(await changeUserRole(t.db, second, "ADMIN")).toBe("unchanged");
    expect(await changeUserRole(t.db, first, "DEFAULT")).toBe("ok");
    // Now `second` is the last one.
    expect(await setUserDisabled(t.db, second, true)).toBe("last-admin");
  });

  it("a disabled admin does not count as the other active admin", async () => {
    const a = await userWithPassword("a@example.org", "A", "ADMIN");
    const b = await userWithPassword("b@example.org", "B", "ADMIN");
    expect(await setUserDisabled(t.db, a, true)).toBe("ok");
    // second@example.org is also an active admin from the previous test, so b may go; then second is last again.
    expect(await changeUserRole(t.db, b, "DEFAULT")).toBe("ok");
    const [second] = await t.db.query.users.findMany({ where: (u, { eq: e }) => e(u.email, "second@example.org") });
    expect(await changeUserRole(t.db, second?.id ?? "", "DEFAULT")).toBe("last-admin");
  });

  it("disabling ends all of the user's sessions at once; enabling lets them sign in again", async () => {
    const u = await userWithPassword("sess@example.org", "S", "DEFAULT");
    const now = new Date();
    for (const id of ["s1", "s2"]) {
      await t.db.insert(sessions).values({
        id,
        token: `tok-${id}`,
        userId: u,
        expiresAt: new Date(now.getTime() + 3_600_000),
        createdAt: now,
        updatedAt: now,
      });
    }
    expect(await setUserDisabled(t.db, u, true)).toBe("ok");
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, u))).toHaveLength(0);
    expect((await getUserById(t.db, u))?.banned).toBe(true);
    expect(await setUserDisabled(t.db, u, false)).toBe("ok");
    expect((await getUserById(t.db, u))?.banned).toBe(false);
  });

  it("reports unknown users", async () => {
    expect(await changeUserRole(t.db, "nope", "ADMIN")).toBe("not-found");
    expect(await setUserDisabled(t.db, "nope", true)).toBe("not-found");
  });
});

describe("the users list", () => {
  it("says who has a password: a user created with one has, an invited user has not yet", async () => {
    const withPassword = await userWithPassword("has-password@example.org", "Has", "DEFAULT");
    const invited = await createInvitedUser(t.db, { email: "invited@example.org", name: "Invited", role: "DEFAULT" });
    const list = await listUsers(t.db);
    expect(list.find((u) => u.id === withPassword)?.hasPassword).toBe(true);
    expect(list.find((u) => u.id === invited)?.hasPassword).toBe(false);
  });
});
