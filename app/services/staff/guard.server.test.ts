import pino from "pino";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { createUserWithPassword, setUserDisabled } from "~/queries/users.server";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { createAuth } from "./auth.server";
import { getSessionUser, requireAdmin, roleFromRecord, safeReturnPath } from "./guard.server";

describe("safeReturnPath", () => {
  it.each([
    ["/admin/dashboard/users", "/admin/dashboard/users"],
    ["/admin/dashboard/users?page=2", "/admin/dashboard/users?page=2"],
    ["/admin/dashboard/edit/abc#x", "/admin/dashboard/edit/abc"],
  ])("keeps the same-site path %s", (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    "",
    "//evil.example",
    "//evil.example/admin",
    "https://evil.example",
    "http://evil.example/admin",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "admin/dashboard",
    "/\t/evil.example",
    "/\n/evil.example",
  ])("refuses %j and falls back to the dashboard", (input) => {
    expect(safeReturnPath(input)).toBe("/admin/dashboard");
  });

  it("uses the given fallback", () => {
    expect(safeReturnPath("//x", "/")).toBe("/");
  });
});

describe("role from the user record", () => {
  it("is ADMIN only for the ADMIN role; DEFAULT when missing or unreadable", () => {
    const base = { id: "u", name: "n", email: "e@x.org", banned: false, createdAt: new Date() };
    expect(roleFromRecord({ ...base, role: "ADMIN" })).toBe("ADMIN");
    expect(roleFromRecord({ ...base, role: "DEFAULT" })).toBe("DEFAULT");
    expect(roleFromRecord(undefined)).toBe("DEFAULT");
    expect(roleFromRecord(null)).toBe("DEFAULT");
    expect(roleFromRecord("unreadable")).toBe("DEFAULT");
  });
});

describe("requireAdmin against real sessions", () => {
  const t = testDatabaseForFile({ reference: false });
  let auth: ReturnType<typeof createAuth>;
  const password = "guard-test-password-123";

  beforeAll(async () => {
    auth = createAuth(t.db, { secret: "x".repeat(32), siteUrl: "http://localhost:3000" });
    await createUserWithPassword(t.db, { email: "boss@example.org", name: "Boss", password, role: "ADMIN" });
    await createUserWithPassword(t.db, { email: "helper@example.org", name: "Helper", password, role: "DEFAULT" });
  });

  function contextWith(db: unknown): AppLoadContext {
    return {
      services: { db, auth, logger: pino({ level: "silent" }) },
      cspNonce: "",
      clientIp: "127.0.0.1",
    } as unknown as AppLoadContext;
  }

  async function cookieFor(email: string): Promise<string> {
    const res = await auth.api.signInEmail({ body: { email, password }, headers: new Headers(), asResponse: true });
    expect(res.status).toBe(200);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }

  const request = (path: string, cookie?: string) =>
    new Request(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} });

  async function thrown(fn: () => Promise<unknown>): Promise<unknown> {
    try {
      await fn();
    } catch (err) {
      return err;
    }
    throw new Error("expected a throw");
  }

  it("sends anonymous visitors to the login page with the path to come back to", async () => {
    const err = (await thrown(() =>
      requireAdmin(request("/admin/dashboard/users?x=1"), contextWith(t.db)),
    )) as Response;
    expect(err.status).toBe(302);
    expect(err.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fdashboard%2Fusers%3Fx%3D1");
    expect(err.headers.get("Cache-Control")).toBe("no-store");
  });

  it("lets an ADMIN through and refuses a DEFAULT user with 403", async () => {
    const admin = await requireAdmin(request("/admin", await cookieFor("boss@example.org")), contextWith(t.db));
    expect(admin).toMatchObject({ email: "boss@example.org", role: "ADMIN" });
    const helperCookie = await cookieFor("helper@example.org");
    const err = (await thrown(() => requireAdmin(request("/admin", helperCookie), contextWith(t.db)))) as {
      init: { status: number };
      data: { email: string };
    };
    expect(err.init.status).toBe(403);
    expect(err.data.email).toBe("helper@example.org");
  });

  it("falls back to the DEFAULT role when the user record cannot be read", async () => {
    const cookie = await cookieFor("boss@example.org");
    const failingDb = {
      select: () => {
        throw new Error("database unavailable");
      },
    };
    const user = await getSessionUser(request("/admin", cookie), contextWith(failingDb));
    expect(user?.role).toBe("DEFAULT");
  });

  it("treats a disabled user's session as signed out", async () => {
    await createUserWithPassword(t.db, { email: "leaver@example.org", name: "Leaver", password, role: "ADMIN" });
    const cookie = await cookieFor("leaver@example.org");
    const users = await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, "leaver@example.org") });
    expect(await setUserDisabled(t.db, users?.id ?? "", true)).toBe("ok");
    expect(await getSessionUser(request("/admin", cookie), contextWith(t.db))).toBeNull();
  });
});
