import { desc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getUserByEmail, getUserById } from "~/queries/users.server";
import { auditLog } from "~db/schema";
import { adminHarnessForFile, call, dataResult, formRequest, settle } from "~tests/helpers/admin-context";
import { action } from "./users";

const h = adminHarnessForFile("users-admin@example.org", { reference: false });

const post = (fields: Record<string, string>) =>
  settle(() => call(action, formRequest("/admin/dashboard/users", fields), h.context));

type Result = { formError?: string; fields: Record<string, string> };

/** The screen's answer to a new administrator with a password, which it is expected to refuse. */
const refusedAdmin = async (user: { name: string; email: string; password: string }) =>
  dataResult<Result>((await post({ intent: "create", access: "password", ...user, role: "ADMIN" })).value);

async function latestAudit() {
  const [row] = await h.t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row;
}

describe("users screen actions", () => {
  it("creates a user with a role, ignoring fields that are not part of the form", async () => {
    const { value } = await post({
      intent: "create",
      access: "password",
      name: "New Person",
      email: "New.Person@Example.org",
      password: "twelve-chars-ok",
      role: "DEFAULT",
      createdAt: "2001-01-01",
      banned: "true",
    });
    expect((value as Response).status).toBe(302);
    const user = await getUserByEmail(h.t.db, "new.person@example.org");
    expect(user).toMatchObject({ name: "New Person", role: "DEFAULT", banned: false });
    expect(user?.createdAt.getFullYear()).toBeGreaterThan(2001);
    expect(await latestAudit()).toMatchObject({
      action: "create",
      entity: "user",
      userEmail: "users-admin@example.org",
    });
  });

  it("refuses a duplicate e-mail and a short password with field errors", async () => {
    const dup = await refusedAdmin({ name: "Again", email: "new.person@example.org", password: "twelve-chars-ok" });
    expect(dup.status).toBe(409);
    expect(dup.data.fields.email).toBe("A user with this e-mail address already exists.");

    const short = await refusedAdmin({ name: "S", email: "s@example.org", password: "short" });
    expect(short.status).toBe(400);
    expect(short.data.fields.password).toBe("The password must be at least 12 characters.");
  });

  it("answers 400 to an unknown intent and to a bad role", async () => {
    expect(dataResult((await post({ intent: "drop-table" })).value).status).toBe(400);
    expect(dataResult((await post({ intent: "change-role", userId: h.userId, role: "ROOT" })).value).status).toBe(400);
  });

  it("changes a role; a disable request does not change the role even when one is posted", async () => {
    const user = await getUserByEmail(h.t.db, "new.person@example.org");
    const id = user?.id ?? "";
    expect(((await post({ intent: "change-role", userId: id, role: "ADMIN" })).value as Response).status).toBe(302);
    expect((await getUserById(h.t.db, id))?.role).toBe("ADMIN");
    expect(await latestAudit()).toMatchObject({ action: "role", entityId: id });

    expect(((await post({ intent: "disable", userId: id, role: "DEFAULT" })).value as Response).status).toBe(302);
    expect(await getUserById(h.t.db, id)).toMatchObject({ banned: true, role: "ADMIN" });
    expect(await latestAudit()).toMatchObject({ action: "disable", entityId: id });

    expect(((await post({ intent: "enable", userId: id })).value as Response).status).toBe(302);
    expect((await getUserById(h.t.db, id))?.banned).toBe(false);
  });

  it("an admin cannot disable themselves", async () => {
    const self = dataResult<Result>((await post({ intent: "disable", userId: h.userId })).value);
    expect(self.status).toBe(409);
    expect(self.data.formError).toBe("You cannot disable your own account.");
    expect((await getUserById(h.t.db, h.userId))?.banned).toBe(false);
  });

  it("the last active admin cannot be demoted, with a clear message", async () => {
    const other = await getUserByEmail(h.t.db, "new.person@example.org");
    expect(
      ((await post({ intent: "change-role", userId: other?.id ?? "", role: "DEFAULT" })).value as Response).status,
    ).toBe(302);
    const last = dataResult<Result>((await post({ intent: "change-role", userId: h.userId, role: "DEFAULT" })).value);
    expect(last.status).toBe(409);
    expect(last.data.formError).toMatch(/^This is the last active administrator\./);
    expect((await getUserById(h.t.db, h.userId))?.role).toBe("ADMIN");
  });
});
