import pino from "pino";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { LOGIN_FAILED_MESSAGE } from "~/lib/schemas/admin-login";
import { createUserWithPassword, setUserDisabled } from "~/queries/users.server";
import { createAuth } from "~/services/staff/auth.server";
import { loginLimits } from "~/services/staff/login-limiter.server";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { action, loader } from "./login";

let context: AppLoadContext;
const logged: Record<string, unknown>[] = [];
const password = "login-test-password-123";

const t = testDatabaseForFile({ reference: false });

beforeAll(async () => {
  const auth = createAuth(t.db, { secret: "y".repeat(32), siteUrl: "http://localhost:3000" });
  const logger = pino({ level: "info" }, { write: (line: string) => logged.push(JSON.parse(line)) });
  context = {
    services: {
      db: t.db,
      auth,
      logger,
      config: {
        siteUrl: "http://localhost:3000",
        hashSecret: "s",
        authSecret: "y".repeat(32),
        loginLimits: loginLimits({ backoffWindowMs: 900_000, accountWindowMs: 3_600_000, ipLimit: 50 }),
      },
    },
    cspNonce: "",
    clientIp: "192.0.2.10",
  } as unknown as AppLoadContext;
  await createUserWithPassword(t.db, { email: "admin@example.org", name: "Admin", password, role: "ADMIN" });
  const banned = await createUserWithPassword(t.db, {
    email: "gone@example.org",
    name: "Gone",
    password,
    role: "ADMIN",
  });
  await setUserDisabled(t.db, banned, true);
});

function post(fields: Record<string, string>) {
  return new Request("http://localhost:3000/admin/login", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost:3000" },
  });
}

type Result = { data: { formError?: string; fields: Record<string, string> }; init: { status: number } | null };
const signIn = async (fields: Record<string, string>) =>
  (await action({ request: post(fields), context, params: {} } as never)) as unknown as Result & Response;

describe("admin sign-in action", () => {
  it("signs in with the right password, forwards the session cookie and goes to a safe return path", async () => {
    const res = (await signIn({
      email: " Admin@Example.org ",
      password,
      redirectTo: "/admin/dashboard/users",
    })) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/dashboard/users");
    const cookie = res.headers.getSetCookie().join("\n");
    expect(cookie).toMatch(/pc\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it("ignores an off-site return path", async () => {
    for (const redirectTo of ["//evil.example", "https://evil.example/x"]) {
      const res = (await signIn({ email: "admin@example.org", password, redirectTo })) as Response;
      expect(res.headers.get("Location")).toBe("/admin/dashboard");
    }
  });

  it("answers a wrong password, an unknown account and a disabled account identically", async () => {
    const wrong = await signIn({ email: "admin@example.org", password: "not-the-password" });
    const unknown = await signIn({ email: "nobody@example.org", password: "not-the-password" });
    const disabled = await signIn({ email: "gone@example.org", password });
    for (const r of [wrong, unknown, disabled]) {
      expect(r.init?.status).toBe(401);
      expect(r.data.formError).toBe(LOGIN_FAILED_MESSAGE);
    }
  });

  it("asks for both fields", async () => {
    const r = await signIn({ email: "", password: "" });
    expect(r.init?.status).toBe(400);
    expect(r.data.fields).toEqual({
      email: "Please enter your e-mail address.",
      password: "Please enter your password.",
    });
  });

  it("locks the account after repeated failures, even for the right password, and never logs the password", async () => {
    const email = "admin@example.org";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await signIn({ email, password: `wrong-${i}-secret` })).init?.status ?? 0);
    // One failure came from the previous test; the account locks after the fifth.
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4)).toEqual([429, 429]);
    const locked = await signIn({ email, password });
    expect(locked.init?.status).toBe(429);
    expect(locked.data.formError).toMatch(/^Too many sign-in attempts\. Please wait \d+ minutes? and try again\.$/);

    const lines = logged.filter((l) => l.event === "admin_sign_in");
    expect(lines.map((l) => l.outcome)).toEqual(expect.arrayContaining(["success", "failure", "rate_limited"]));
    expect(JSON.stringify(logged)).not.toContain("wrong-0-secret");
    expect(JSON.stringify(logged)).not.toContain(password);
    expect(lines.every((l) => l.ip === "192.0.2.10")).toBe(true);
  });
});

describe("admin sign-in page", () => {
  it("sends a signed-in admin straight on", async () => {
    const res = (await signIn({ email: "other-admin@example.org", password })) as unknown as Result;
    expect(res.init?.status).toBe(401);
    await createUserWithPassword(t.db, { email: "other-admin@example.org", name: "O", password, role: "ADMIN" });
    const ok = (await signIn({ email: "other-admin@example.org", password })) as Response;
    const cookie = ok.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const request = new Request("http://localhost:3000/admin/login?redirectTo=%2Fadmin%2Fdashboard%2Fusers", {
      headers: { cookie },
    });
    let thrown: unknown;
    try {
      await loader({ request, context, params: {} } as never);
    } catch (err) {
      thrown = err;
    }
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/admin/dashboard/users");
  });
});

describe("a body that is not a form", () => {
  it("is answered 400 with a message, not a server error", async () => {
    const request = new Request("http://localhost:3000/admin/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@example.org", password }),
    });
    await expect(action({ request, context, params: {} } as never)).rejects.toMatchObject({
      data: expect.stringContaining("could not be read"),
      init: { status: 400 },
    });
  });
});
