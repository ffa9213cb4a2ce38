import { E2E_ADMIN } from "../../playwright.config";
import { createUsersAsAdmin, SLOW, signIn, uniqueEmail } from "./admin-core-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

const FAILED = "The e-mail or password is incorrect.";

// Wrong passwords are tried on accounts made for this file, never on the shared admin (it would lock it).
const probe = { name: "Auth Probe", email: uniqueEmail("auth-probe"), password: "probe-user-pass-123" };
const target = { name: "Auth Target", email: uniqueEmail("auth-target"), password: "target-user-pass-123" };
const leaver = { name: "Auth Leaver", email: uniqueEmail("auth-leaver"), password: "leaver-user-pass-123" };

test.describe.configure({ mode: "serial" });
// Several steps hash passwords on purpose (slow by design); give each test room on a loaded machine.
test.setTimeout(180_000);

test.beforeAll(({ browser }) =>
  createUsersAsAdmin(browser, [
    { ...probe, role: "ADMIN" },
    { ...target, role: "ADMIN" },
    { ...leaver, role: "DEFAULT" },
  ]),
);

test("an admin signs in, sees the dashboard with their e-mail, and signs out", async ({ page, context }) => {
  await page.goto("/admin/login");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expectNoAxeViolations(page);
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByText(E2E_ADMIN.email).first()).toBeVisible();
  await expectNoAxeViolations(page);

  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name === "pc.session_token");
  expect(session, "session cookie").toBeTruthy();
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");

  // Visiting the sign-in page while signed in leads to the dashboard.
  await page.goto("/admin/login");
  await expect(page).toHaveURL(/\/admin\/dashboard$/, SLOW);

  await page.getByRole("button", { name: "Sign out" }).first().click();
  await expect(page).toHaveURL(/\/admin\/login$/, SLOW);
  expect((await context.cookies()).find((c) => c.name === "pc.session_token")).toBeUndefined();
  const after = await page.request.get("/admin/dashboard", { maxRedirects: 0 });
  expect(after.status()).toBe(302);
});

test("a signed-out session cannot be reused: the server ended it", async ({ page, context, playwright }) => {
  await signIn(page, probe.email, probe.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, SLOW);
  const token = (await context.cookies()).find((c) => c.name === "pc.session_token");
  await page.getByRole("button", { name: "Sign out" }).first().click();
  await expect(page).toHaveURL(/\/admin\/login$/, SLOW);
  const replay = await playwright.request.newContext({
    baseURL: new URL(page.url()).origin,
    extraHTTPHeaders: { cookie: `pc.session_token=${token?.value}` },
  });
  const res = await replay.get("/admin/dashboard", { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  await replay.dispose();
});

test("GET /admin/logout does not sign anyone out", async ({ page }) => {
  await signIn(page, probe.email, probe.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, SLOW);
  await page.request.get("/admin/logout");
  const res = await page.request.get("/admin/dashboard", { maxRedirects: 0 });
  expect(res.status()).toBe(200);
});

test("a wrong password and an unknown account get the same answer, tied to the fields", async ({ page, request }) => {
  const wrong = await request.post("/admin/login", { form: { email: probe.email, password: "wrong-password-1" } });
  const unknown = await request.post("/admin/login", {
    form: { email: uniqueEmail("nobody"), password: "wrong-password-1" },
  });
  expect(wrong.status()).toBe(401);
  expect(unknown.status()).toBe(wrong.status());
  for (const res of [wrong, unknown]) expect(await res.text()).toContain(FAILED);

  await signIn(page, uniqueEmail("nobody"), "wrong-password-2");
  const alert = page.getByRole("alert").filter({ hasText: FAILED });
  await expect(alert).toBeVisible(SLOW);
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Password")).toHaveAccessibleDescription(FAILED);
  await expectNoAxeViolations(page);
});

test("empty fields get their own messages", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("E-mail")).toHaveAccessibleDescription("Please enter your e-mail address.");
  await expect(page.getByLabel("Password")).toHaveAccessibleDescription("Please enter your password.");
});

for (const evil of ["//evil.example", "https://evil.example", "/\\evil.example"]) {
  test(`an off-site return path (${evil}) lands on the dashboard`, async ({ page }) => {
    await signIn(page, probe.email, probe.password, `/admin/login?redirectTo=${encodeURIComponent(evil)}`);
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/admin\/dashboard$/, SLOW);
  });
}

test("30 wrong passwords in a row are refused with 429 and a clear message", async ({ request }) => {
  const statuses: number[] = [];
  let last = "";
  for (let i = 0; i < 30; i++) {
    const res = await request.post("/admin/login", { form: { email: target.email, password: `guess-${i}-wrong` } });
    statuses.push(res.status());
    last = await res.text();
  }
  expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(
    statuses.slice(5).filter((s) => s !== 429),
    `statuses: ${statuses.join(",")}`,
  ).toEqual([]);
  expect(last).toMatch(/Too many sign-in attempts\. Please wait \d+ minutes? and try again\./);
  // While the account is locked even the right password waits (the window is tested in Vitest).
  const right = await request.post("/admin/login", { form: { email: target.email, password: target.password } });
  expect(right.status()).toBe(429);
});

test("admin pages and the sign-in page are never cached", async ({ page }) => {
  const login = await page.request.get("/admin/login");
  expect(login.headers()["cache-control"]).toBe("no-store");
  await signIn(page, probe.email, probe.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, SLOW);
  for (const path of [
    "/admin/dashboard",
    "/admin/dashboard/users",
    "/admin/dashboard/site-settings",
    "/admin/dashboard/nope",
  ]) {
    const res = await page.request.get(path);
    expect(res.headers()["cache-control"], path).toBe("no-store");
  }
});

test("a cross-site POST with the admin's cookie is refused and changes nothing", async ({ page }) => {
  await signIn(page, probe.email, probe.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, SLOW);
  const victim = uniqueEmail("csrf");
  const res = await page.request.post("/admin/dashboard/users", {
    headers: { Origin: "https://evil.example" },
    form: { intent: "create", name: "CSRF", email: victim, password: "csrf-password-123", role: "ADMIN" },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(403);
  const fromSite = await page.request.post("/admin/dashboard/users", {
    headers: { "Sec-Fetch-Site": "cross-site" },
    form: { intent: "create", name: "CSRF", email: victim, password: "csrf-password-123", role: "ADMIN" },
    maxRedirects: 0,
  });
  expect(fromSite.status()).toBe(403);
  await page.goto("/admin/dashboard/users");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  await expect(page.getByText(victim)).toHaveCount(0);
});

test("a disabled user is signed out everywhere and cannot sign in again", async ({ page, browser }) => {
  const theirs = await browser.newPage();
  await signIn(theirs, leaver.email, leaver.password);
  await expect(theirs.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible(SLOW);

  await signIn(page, probe.email, probe.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, SLOW);
  await page.goto("/admin/dashboard/users");
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: leaver.email }) });
  await row.getByRole("button", { name: `Disable ${leaver.email}` }).click();
  await expect(row.getByRole("cell", { name: "Disabled", exact: true })).toBeVisible();

  // Their open session has ended.
  const res = await theirs.request.get("/admin/dashboard", { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  // And the right password now gets the same answer as a wrong one.
  await signIn(theirs, leaver.email, leaver.password);
  await expect(theirs.getByRole("alert").filter({ hasText: FAILED })).toBeVisible(SLOW);
  await theirs.close();

  await page.goto("/admin/dashboard/users");
  await row.getByRole("button", { name: `Enable ${leaver.email}` }).click();
  await expect(row.getByRole("cell", { name: "Active", exact: true })).toBeVisible();
});
