import type { Page } from "@playwright/test";
import { NEWSLETTER_MESSAGES } from "~/lib/constants";
import { E2E_ADMIN } from "../../playwright.config";
import { SLOW, signIn, uniqueEmail } from "./admin-core-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

/** A visitor on `v` subscribes and confirms through the link the Outbox shows (no mail server in these tests). */
async function confirmedSubscriber(v: Page, admin: Page): Promise<string> {
  const email = uniqueEmail("issue-reader");
  await v.goto("/newsletter");
  await v.waitForFunction(() => {
    const form = document.querySelector("main form");
    return !!form && Object.keys(form).some((k) => k.startsWith("__reactFiber"));
  });
  await v.getByRole("main").getByLabel("E-mail address").fill(email);
  await v.getByRole("main").getByRole("button", { name: "Subscribe" }).click();
  await expect(v.getByRole("main").getByRole("status").filter({ hasText: NEWSLETTER_MESSAGES.success })).toBeVisible();
  // The confirmation is queued after the answer (decision 054): look again until it is in the Outbox.
  await expect(async () => {
    await admin.goto("/admin/dashboard/outbox?kind=newsletter-confirm");
    await expect(admin.getByRole("row").filter({ hasText: email })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await admin.getByRole("row").filter({ hasText: email }).getByRole("link").first().click();
  const href = await admin.getByRole("link", { name: /\/newsletter\/confirm\?/ }).getAttribute("href");
  const link = new URL(href ?? "");
  await v.goto(link.pathname + link.search);
  await v.getByRole("button", { name: /confirm/i }).click();
  await expect(v.getByRole("heading", { level: 1 })).toContainText(/subscribed/i);
  return email;
}

test("staff write an issue in Markdown with a live preview, send a test, then send it after confirming", async ({
  page,
  visitorPage,
}) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/, SLOW);
  await confirmedSubscriber(visitorPage, page);
  await page.goto("/admin/dashboard/newsletter");
  await page.getByRole("link", { name: "Newsletter issues" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Newsletter issues" })).toBeVisible();
  const subject = `Harvest news ${Date.now().toString(36)}`;
  await page.getByLabel("Subject").fill(subject);
  await page.getByRole("button", { name: "Start writing" }).click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible(SLOW);

  // The preview follows the typing, with raw HTML shown as text.
  await page.getByLabel("Text (Markdown)").fill("## Seed swap\n\nBring **your seeds** <b>now</b>.");
  const preview = page.frameLocator('iframe[title^="Preview"]');
  await expect(preview.getByRole("heading", { name: "Seed swap" })).toBeVisible();
  await expect(preview.getByText("<b>now</b>", { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, { exclude: ["iframe"] });

  await page.getByRole("button", { name: "Save and send a test to me" }).click();
  await expect(page.getByText(/test is in the Outbox|test is on its way/)).toBeVisible(SLOW);

  await page.getByRole("link", { name: /^Send to \d+ subscribers?…$/ }).click();
  const confirm = page.getByRole("region", { name: /^Send ".*" to \d+ confirmed/ });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Send now" }).click();
  await expect(page.getByText(/of \d+ sent/).first()).toBeVisible(SLOW);
  await expect(page.getByRole("progressbar")).toBeVisible();
  await expectNoAxeViolations(page, { exclude: ["iframe"] });

  await page.goto("/admin/dashboard/newsletter/issues");
  await expect(page.getByRole("row").filter({ hasText: subject })).toBeVisible();
});
