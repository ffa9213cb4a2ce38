import { signInAsAdmin } from "./admin-core-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

// The admin area had no way back to the public site (issue 37): the sidebar's "View site" opens the home page.

test.setTimeout(90_000);

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test("the sidebar's View site link opens the public home page, from the keyboard", async ({ page }) => {
  const link = page.getByRole("complementary").getByRole("link", { name: "View site" });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", "/");
  await expectNoAxeViolations(page);

  // From the top of the page: the skip link, the admin's name, then the way out, before the screens' list.
  await page.locator("body").focus();
  for (let i = 0; i < 5 && !(await link.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(link).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "View site" })).toHaveCount(0);
});

test("on a phone the link is there too, beside the sign-out button", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/admin/dashboard/media-library");
  const link = page.getByRole("link", { name: "View site" });
  await expect(link).toBeVisible();
  const box = await link.boundingBox();
  // A pointer target of at least 24 × 24 px (WCAG 2.5.8).
  expect(box && box.height >= 24 && box.width >= 24).toBe(true);
  await expectNoAxeViolations(page);
  await link.click();
  await expect(page).toHaveURL(/:\d+\/$/);
});
