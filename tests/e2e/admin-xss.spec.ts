import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { expect, test } from "./fixtures";

const PAYLOAD = "<script>alert(1)</script><img src=x onerror=alert(1)>";
// For fields limited to 20-40 characters.
const SHORT = "<svg/onload=alert()>";

let dialogs: string[] = [];

test.beforeEach(async ({ page }) => {
  dialogs = [];
  page.on("dialog", async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  await page.goto("/admin/login");
  await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/, { timeout: 30_000 });
});

test.afterEach(() => {
  expect(dialogs, "no script from saved content may run").toEqual([]);
});

const tag = () => Date.now().toString(36);

/** The payload shows as literal text and created no element from it. */
async function expectShownAsText(page: Page, text: string) {
  await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  expect(await page.locator('img[src="x"], svg[onload]').count()).toBe(0);
}

test("a location with script in every text field shows it as text, in admin and public pages", async ({ page }) => {
  const name = `XSS ${PAYLOAD} ${tag()}`;
  await page.goto("/admin/dashboard/add");
  await page.getByLabel("Name").fill(name);
  for (const label of ["Short description", "Long description", "Country", "Address", "City", "State or province"]) {
    await page.getByLabel(label, { exact: true }).fill(PAYLOAD);
  }
  await page.getByLabel("Contact phone").fill(SHORT);
  await page.getByLabel("ZIP or postal code").fill(SHORT);
  await page.getByRole("button", { name: "Create location" }).click();
  await expect(page.getByText("Location saved")).toBeVisible();

  await page.goto(`/admin/dashboard/locations?q=${encodeURIComponent(name)}`);
  await expectShownAsText(page, name);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByLabel("Name")).toHaveValue(name);
  await expect(page.getByLabel("Long description")).toHaveValue(PAYLOAD);

  await page.goto(`/location/${encodeURIComponent(name.replaceAll(" ", "-"))}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expectShownAsText(page, PAYLOAD);
  await page.goto(`/locations?q=${encodeURIComponent(name)}`);
  await expectShownAsText(page, name);
});

test("a program with script in its text fields shows it as text", async ({ page }) => {
  const name = `XSS program ${PAYLOAD} ${tag()}`;
  await page.goto("/admin/dashboard/programs/add");
  // The name's field by its role: "Name" is also in a language's label (Vietnamese).
  await page.getByRole("textbox", { name: /^Name/ }).fill(name);
  await page.getByLabel("Summary").fill(PAYLOAD);
  await page.getByLabel("Description").fill(PAYLOAD);
  await page.getByLabel("Educators").fill(`${PAYLOAD}\n${SHORT}`);
  await page.getByRole("button", { name: "Create program" }).click();
  await expect(page.getByText("Program saved")).toBeVisible();
  await page.goto(`/admin/dashboard/programs?q=${encodeURIComponent(name)}`);
  await expectShownAsText(page, name);
  await page.goto(`/program/${encodeURIComponent(name.replaceAll(" ", "-"))}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expectShownAsText(page, PAYLOAD);
  await page.goto("/programs");
  await expectShownAsText(page, name);
});

test("a resource with script in its text fields shows it as text", async ({ page }) => {
  const title = `XSS resource ${PAYLOAD} ${tag()}`;
  await page.goto("/admin/dashboard/resources/add");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Type").selectOption("book");
  await page.getByRole("textbox", { name: /^URL/ }).fill("https://example.org/book");
  await page.getByLabel("Author").fill(PAYLOAD);
  await page.getByLabel("Description").fill(PAYLOAD);
  await page.getByRole("button", { name: "Create resource" }).click();
  await expect(page.getByText("Resource saved")).toBeVisible();
  await page.goto(`/admin/dashboard/resources?q=${encodeURIComponent("XSS resource")}`);
  await expectShownAsText(page, title);
  await page.goto("/resources?type=book");
  await expectShownAsText(page, title);
});

test("a change-maker with script in its text fields shows it as text", async ({ page }) => {
  const name = `XSS person ${PAYLOAD} ${tag()}`;
  await page.goto("/admin/dashboard/change-makers/add");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Role").fill(PAYLOAD);
  await page.getByLabel("Biography").fill(PAYLOAD);
  await page.getByLabel("Country").fill(PAYLOAD);
  await page.getByLabel("Link 1 label").fill(PAYLOAD);
  await page.getByLabel("Link 1 URL").fill("https://example.org/person");
  await page.getByRole("button", { name: "Create change-maker" }).click();
  await expect(page.getByText("Change-maker saved")).toBeVisible();
  await page.goto(`/admin/dashboard/change-makers?q=${encodeURIComponent("XSS person")}`);
  await expectShownAsText(page, name);
  await page.getByRole("link", { name: `View ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expectShownAsText(page, PAYLOAD);
  await page.goto("/change-makers");
  await expectShownAsText(page, name);
});
