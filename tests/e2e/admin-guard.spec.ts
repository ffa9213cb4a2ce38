import type { APIRequestContext } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { createUsersAsAdmin, SLOW, signIn, uniqueEmail } from "./admin-core-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

const SOME_UUID = "123e4567-e89b-42d3-a456-426614174000";

/** Every guarded admin route, plus case and trailing-slash variants. */
const GUARDED = [
  "/admin",
  "/admin/dashboard",
  "/admin/dashboard/locations",
  "/admin/dashboard/add",
  `/admin/dashboard/edit/${SOME_UUID}`,
  "/admin/dashboard/programs",
  "/admin/dashboard/programs/add",
  `/admin/dashboard/programs/edit/${SOME_UUID}`,
  "/admin/dashboard/resources",
  "/admin/dashboard/resources/add",
  `/admin/dashboard/resources/edit/${SOME_UUID}`,
  "/admin/dashboard/moderation",
  `/admin/dashboard/moderation/${SOME_UUID}`,
  "/admin/dashboard/revisions/1/revert",
  "/admin/dashboard/applicants",
  "/admin/dashboard/newsletter",
  "/admin/dashboard/podcast",
  "/admin/dashboard/users",
  "/admin/dashboard/analytics",
  "/admin/dashboard/request-stats",
  "/admin/dashboard/change-makers",
  "/admin/dashboard/change-makers/add",
  `/admin/dashboard/change-makers/edit/${SOME_UUID}`,
  "/admin/dashboard/site-settings",
  "/admin/dashboard/media-library",
  "/admin/dashboard/no-such-screen",
  "/ADMIN/DASHBOARD/USERS",
  "/admin/dashboard/users/",
  "/Admin/Dashboard/Site-Settings/",
  "/admin/",
];

const defaultUser = {
  name: "Guard Test Default",
  email: uniqueEmail("guard-default"),
  password: "default-user-pass-123",
};

test.describe.configure({ mode: "serial" });
// Several steps hash passwords on purpose (slow by design); give each test room on a loaded machine.
test.setTimeout(180_000);

test.beforeAll(({ browser }) => createUsersAsAdmin(browser, [{ ...defaultUser, role: "DEFAULT" }]));

/** Things only an admin page would show: the admin's e-mail, the shell's navigation, dashboard content. */
function expectNoAdminData(html: string) {
  expect(html).not.toContain(E2E_ADMIN.email);
  expect(html).not.toContain('aria-label="Admin"');
  expect(html).not.toContain("Recent changes");
}

async function sweepAnonymous(request: APIRequestContext) {
  for (const path of GUARDED) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(302);
    const location = res.headers().location ?? "";
    expect(location, path).toMatch(/^\/admin\/login\?redirectTo=%2F/);
    expect(decodeURIComponent(location.split("redirectTo=")[1] ?? "")).toBe(path);
    expect(res.headers()["cache-control"], path).toBe("no-store");
    expectNoAdminData(await res.text());
  }
}

test("anonymous visitors are sent to the sign-in page from every admin route", async ({ request }) => {
  await sweepAnonymous(request);
});

test("anonymous posts to admin routes change nothing and lead to the sign-in page", async ({ request }) => {
  const res = await request.post("/admin/dashboard/users", {
    form: {
      intent: "create",
      name: "Intruder",
      email: uniqueEmail("intruder"),
      password: "intruder-pass-123",
      role: "ADMIN",
    },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toMatch(/^\/admin\/login\?redirectTo=/);
});

test("after following the redirect an anonymous visitor sees the sign-in form and comes back after signing in", async ({
  page,
}) => {
  await page.goto("/admin/dashboard/site-settings");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard%2Fsite-settings$/, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/site-settings$/, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Site settings" })).toBeVisible();
});

test("a signed-in DEFAULT user gets 403 Access denied on every admin route", async ({ page }) => {
  await signIn(page, defaultUser.email, defaultUser.password);
  await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible(SLOW);
  for (const path of GUARDED) {
    const res = await page.request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(403);
    expect(res.headers()["cache-control"], path).toBe("no-store");
    const html = await res.text();
    expect(html, path).toContain("Access denied");
    expectNoAdminData(html);
  }
  // Their own posts are refused too.
  const post = await page.request.post("/admin/dashboard/users", {
    form: { intent: "change-role", userId: "x", role: "ADMIN" },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(403);
});

test("the Access denied page offers a working sign-out", async ({ page }) => {
  await signIn(page, defaultUser.email, defaultUser.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, SLOW);
  await page.goto("/admin/dashboard/users");
  await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible(SLOW);
  await expect(page.getByText(defaultUser.email)).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/, SLOW);
  const res = await page.request.get("/admin/dashboard", { maxRedirects: 0 });
  expect(res.status()).toBe(302);
});

test("the admin shell links to every admin screen and marks the current one", async ({ page }) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, SLOW);
  await page.goto("/admin/dashboard/users");
  const nav = page.getByRole("navigation", { name: "Admin" });
  for (const label of [
    "Dashboard",
    "Locations",
    "Programs",
    "Resources",
    "Change-makers",
    "Applicants",
    "Newsletter",
    "Podcast",
    "Users",
    "Analytics",
    "Request stats",
    "Pages",
    "Media library",
    "Site settings",
  ]) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: "Users", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Dashboard", exact: true })).not.toHaveAttribute("aria-current", "page");
  // No public chrome in the admin area.
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeAttached();
  await expectNoAxeViolations(page);
});

test("CSV downloads are guarded like the screens: anonymous to sign-in, DEFAULT users 403", async ({
  page,
  request,
}) => {
  const downloads = [
    "/admin/dashboard/export/applicants",
    "/admin/dashboard/export/newsletter",
    "/admin/dashboard/export/podcast-subscribers",
    "/admin/dashboard/export/analytics",
    "/ADMIN/DASHBOARD/EXPORT/NEWSLETTER",
  ];
  for (const path of downloads) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(302);
    expect(res.headers().location ?? "", path).toMatch(/^\/admin\/login\?redirectTo=%2F/);
    expect(await res.text(), path).not.toContain("@");
  }
  await signIn(page, defaultUser.email, defaultUser.password);
  await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible(SLOW);
  for (const path of downloads) {
    const res = await page.request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(403);
    expect(res.headers()["content-type"] ?? "", path).not.toContain("text/csv");
  }
  // The button that asks a place's contact to confirm it (an action without a screen of its own).
  const ask = `/admin/dashboard/edit/${SOME_UUID}/check`;
  const anonymous = await request.post(ask, { maxRedirects: 0, headers: { Origin: new URL(page.url()).origin } });
  expect(anonymous.status(), ask).toBe(302);
  expect(anonymous.headers().location ?? "", ask).toMatch(/^\/admin\/login\?redirectTo=%2F/);
  const denied = await page.request.post(ask, { maxRedirects: 0, headers: { Origin: new URL(page.url()).origin } });
  expect(denied.status(), ask).toBe(403);
});
