import { E2E_ADMIN } from "../../playwright.config";
import { SLOW, signIn, uniqueEmail } from "./admin-core-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

test("forgot password: the same answer for any address, usable by keyboard and at 320 px", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto("/admin/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
  await expectNoAxeViolations(page);
  const field = page.getByLabel("E-mail");
  await field.fill("nobody-here@example.org");
  await field.press("Enter");
  await expect(page.getByText("If an account exists for that address")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.getByLabel("E-mail").fill("not an address");
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByLabel("E-mail")).toHaveAccessibleDescription("Please enter a valid e-mail address.");
  await expectNoAxeViolations(page);
});

test("a link that does not work says so and offers a new one", async ({ page }) => {
  const response = await page.goto("/admin/reset-password?token=forged.token");
  expect(response?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute(
    "href",
    "/admin/forgot-password",
  );
  await expectNoAxeViolations(page);
});

test("an invited staff member chooses their own password from the link and signs in", async ({ page, visitorPage }) => {
  const email = uniqueEmail("invitee");
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/, SLOW);
  await page.goto("/admin/dashboard/users");
  const form = page.getByRole("region", { name: "Add a user" });
  await form.getByLabel("Name").fill("Invited Person");
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Role").selectOption("ADMIN");
  await expect(form.getByLabel("Send them an invitation")).toBeChecked();
  await form.getByRole("button", { name: "Add user" }).click();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row.getByText(/Invited, until/)).toBeVisible(SLOW);
  await expect(row.getByRole("button", { name: /Resend invitation/ })).toBeVisible();

  // No mail server in these tests: the invitation waits in the Outbox.
  await page.goto(`/admin/dashboard/outbox?kind=staff-invite`);
  await page.getByRole("row").filter({ hasText: email }).getByRole("link").first().click();
  const href = await page
    .getByRole("region", { name: /invited/ })
    .getByRole("link", { name: /reset-password\?token=/ })
    .getAttribute("href");
  const link = new URL(href ?? "");

  await visitorPage.goto(link.pathname + link.search);
  await expect(visitorPage.getByRole("heading", { level: 1, name: "Welcome! Choose your password" })).toBeVisible();
  await expectNoAxeViolations(visitorPage);
  await visitorPage.getByLabel("New password").fill("an invited password");
  await visitorPage.getByLabel("The same password again").fill("an invited password");
  await visitorPage.getByRole("button", { name: "Set my password" }).click();
  await expect(visitorPage.getByText("Your password is set")).toBeVisible(SLOW);
  await signIn(visitorPage, email, "an invited password");
  await expect(visitorPage).toHaveURL(/\/admin\/dashboard/, SLOW);
});
