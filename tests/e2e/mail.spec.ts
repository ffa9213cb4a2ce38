import type { Page } from "@playwright/test";
import { NEWSLETTER_MESSAGES } from "~/lib/constants";
import { E2E_ADMIN } from "../../playwright.config";
import { SLOW, signIn, uniqueEmail } from "./admin-core-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

/** Subscribes an address through the newsletter page, as a visitor would. */
async function subscribe(page: Page, email: string) {
  await page.goto("/newsletter");
  await page.waitForFunction(() => {
    const form = document.querySelector("main form");
    return !!form && Object.keys(form).some((k) => k.startsWith("__reactFiber"));
  });
  const main = page.getByRole("main");
  await main.getByLabel("E-mail address").fill(email);
  await main.getByRole("button", { name: "Subscribe" }).click();
  await expect(main.getByRole("status").filter({ hasText: NEWSLETTER_MESSAGES.success })).toBeVisible();
}

test("without a mail server, the confirmation e-mail waits in the Outbox and its link confirms the subscription", async ({
  page,
  visitorPage,
  browser,
}) => {
  const email = uniqueEmail("outbox-reader");
  await subscribe(visitorPage, email);

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/, SLOW);
  await page.getByRole("link", { name: "Outbox", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
  await expect(page.getByText("No mail server is configured")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row.getByText("Kept (no mail server)")).toBeVisible();
  await row.getByRole("link").first().click();
  const message = page.getByRole("region", { name: /Confirm/ });
  await expect(message).toBeVisible();
  await expect(
    page
      .frameLocator("iframe")
      .getByText(/confirm/i)
      .first(),
  ).toBeVisible();
  // The message frame is sandboxed without scripts, so axe cannot enter it: the e-mail is checked on its own below.
  await expectNoAxeViolations(page, { exclude: ["iframe"] });
  const html = await page.locator("iframe").getAttribute("srcdoc");
  const mailContext = await browser.newContext();
  const mailPage = await mailContext.newPage();
  await mailPage.setContent(html ?? "");
  // An e-mail is shown inside the mail client's own page, which has the landmarks: the message is one article.
  await expectNoAxeViolations(mailPage, { disableRules: ["landmark-one-main", "region"] });
  await mailContext.close();
  const link = await message.getByRole("link", { name: /\/newsletter\/confirm\?/ }).getAttribute("href");
  expect(link).toBeTruthy();

  // The subscriber is not counted until they confirm.
  await page.goto(`/admin/dashboard/newsletter?state=awaiting&q=${encodeURIComponent(email)}`);
  await expect(page.getByRole("rowheader", { name: email })).toBeVisible();

  const path = new URL(link ?? "").pathname + new URL(link ?? "").search;
  await visitorPage.goto(path);
  await visitorPage.getByRole("button", { name: /confirm/i }).click();
  await expect(visitorPage.getByRole("heading", { level: 1 })).toContainText(/confirmed|subscribed/i);

  await page.goto(`/admin/dashboard/newsletter?q=${encodeURIComponent(email)}`);
  const confirmed = page.getByRole("row").filter({ hasText: email });
  await expect(confirmed.getByRole("cell", { name: "Confirmed" })).toBeVisible();
});

test("the Outbox is usable at 320 px without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/, SLOW);
  await page.goto("/admin/dashboard/outbox");
  await expect(page.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});

test("staff ask a place's contact to confirm its entry; the contact's button updates its Last checked", async ({
  page,
  visitorPage,
}) => {
  const name = "Saanich Seed and Story Farm";
  const contact = uniqueEmail("entry-check");
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/, SLOW);
  await page.goto(`/admin/dashboard/locations?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  const check = page.getByRole("region", { name: "Entry check" });
  await expect(check).toContainText("Last checked");
  // A contact address of this run's own (a request to an address is limited to one a day).
  await page.getByLabel("Contact e-mail").fill(contact);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Location saved")).toBeVisible();
  await page.goto(`/admin/dashboard/locations?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await page.getByRole("button", { name: "Ask the contact to confirm now" }).click();
  await expect(page.getByText(`Asked ${contact} to confirm the entry.`)).toBeVisible();
  await expect(check).toContainText("its contact was last asked to confirm on");

  // The request waits in the Outbox (no mail server in the tests); its link opens the confirmation page.
  await page.goto("/admin/dashboard/outbox");
  const row = page.getByRole("row").filter({ hasText: contact });
  await expect(row.getByText("Entry check")).toBeVisible();
  await row.getByRole("link").first().click();
  const link = await page
    .getByRole("region", { name: /still right/ })
    .getByRole("link", { name: /\/entry\/confirm\?/ })
    .getAttribute("href");
  expect(link).toBeTruthy();

  const url = new URL(link ?? "");
  await visitorPage.goto(url.pathname + url.search);
  await expect(visitorPage.getByRole("heading", { level: 1, name: "Is this entry still right?" })).toBeVisible();
  await expectNoAxeViolations(visitorPage);
  await visitorPage.getByRole("button", { name: "Yes, it is still right" }).click();
  await expect(visitorPage.getByRole("heading", { level: 1, name: "Thank you" })).toBeVisible();
  await visitorPage.goto(url.pathname + url.search);
  await expect(visitorPage.getByRole("heading", { level: 1, name: "Already confirmed" })).toBeVisible();
  // A link that does not work says so, with a status a client can act on.
  const broken = await visitorPage.goto("/entry/confirm?token=not-a-token");
  expect(broken?.status()).toBe(410);
  await expect(visitorPage.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
  const month = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(),
  );
  await visitorPage.goto("/location/Saanich-Seed-and-Story-Farm");
  await expect(visitorPage.getByText(`Last checked: ${month}`)).toBeVisible();
});
