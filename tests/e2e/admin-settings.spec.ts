import type { Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-core-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
// Several steps hash passwords on purpose (slow by design); give each test room on a loaded machine.
test.setTimeout(180_000);

async function openSettings(page: Page) {
  await page.goto("/admin/dashboard/site-settings");
  await expect(page.getByRole("heading", { level: 1, name: "Site settings" })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test("hiding a page updates an already-open public page live, without a reload; showing it brings it back", async ({
  page,
  browser,
}) => {
  // A visitor has the home page open (no service worker in between, so the live stream is the server's own).
  const visitorContext = await browser.newContext({ serviceWorkers: "block" });
  const visitor = await visitorContext.newPage();
  await visitor.goto("/");
  await visitor.waitForFunction(() => {
    const header = document.querySelector("header");
    return !!header && Object.keys(header).some((k) => k.startsWith("__reactFiber"));
  });
  const aboutLink = visitor.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About Us" });
  await expect(aboutLink).toBeVisible();
  // Marks this document: if the page reloaded, the mark would be gone.
  await visitor.evaluate(() => Object.assign(window, { __noReload: true }));

  await openSettings(page);
  await expectNoAxeViolations(page);
  const about = page.getByRole("checkbox", { name: "Show About us" });
  await expect(about).toBeChecked();
  try {
    await about.uncheck();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("checkbox", { name: "Show About us" })).not.toBeChecked();
    await expect(aboutLink).toHaveCount(0);
  } finally {
    await openSettings(page);
    await page.getByRole("checkbox", { name: "Show About us" }).check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("checkbox", { name: "Show About us" })).toBeChecked();
  }
  await expect(aboutLink).toBeVisible();
  expect(await visitor.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  await visitorContext.close();

  // The change shows on the dashboard's recent changes.
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("cell", { name: /Saved site settings/ }).first()).toBeVisible();
});

test("invalid settings are refused with messages tied to their fields", async ({ page }) => {
  await openSettings(page);
  const email = page.getByLabel("Contact e-mail");
  const original = await email.inputValue();
  await email.fill("not-an-address");
  await page.getByLabel("Map tile style URL").fill("http://tiles.example/style.json");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByLabel("Contact e-mail")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Contact e-mail")).toHaveAccessibleDescription(/Please enter a valid e-mail address\./);
  await expect(page.getByLabel("Map tile style URL")).toHaveAccessibleDescription(/https:\/\//);
  // Nothing was saved.
  await openSettings(page);
  await expect(page.getByLabel("Contact e-mail")).toHaveValue(original);
});

test("the open data's attribution is written beside the data licence, and the screen stays accessible", async ({
  page,
}) => {
  await openSettings(page);
  const licence = page.getByRole("group", { name: "Data licence" });
  const attribution = licence.getByLabel("Attribution", { exact: true });
  await expect(attribution).toHaveAccessibleDescription(/© Permaculture Network contributors/);
  await attribution.fill("Data: Permaculture Network and its contributors");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Site settings saved.")).toBeVisible();
  await openSettings(page);
  await expect(page.getByLabel("Attribution", { exact: true })).toHaveValue(
    "Data: Permaculture Network and its contributors",
  );
  await expectNoAxeViolations(page);
  // The API states it.
  const answer = await page.request.get("/api/v1/categories");
  expect(await answer.json()).toMatchObject({ attribution: "Data: Permaculture Network and its contributors" });
  await page.getByLabel("Attribution", { exact: true }).fill("");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Site settings saved.")).toBeVisible();
});
