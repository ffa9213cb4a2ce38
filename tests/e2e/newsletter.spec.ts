import type { Page } from "@playwright/test";
import { NEWSLETTER_MESSAGES } from "~/lib/constants";
import { fieldsTooNarrow } from "./field-room";
import { expect, test } from "./fixtures";

// Request routing below must see every sign-up request, so no service worker sits in between.
test.use({ serviceWorkers: "block" });

async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => {
    const form = document.querySelector("main form");
    return !!form && Object.keys(form).some((k) => k.startsWith("__reactFiber"));
  });
}

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;

/** Holds each sign-up request a moment so the "Subscribing..." state can be seen, and counts them. */
async function slowNewsletterApi(page: Page, delayMs = 800) {
  const calls = { count: 0 };
  await page.route("**/api/newsletter", async (route) => {
    calls.count += 1;
    await new Promise((r) => setTimeout(r, delayMs));
    await route.continue();
  });
  return calls;
}

test("subscribing shows Subscribing..., then thanks and clears the field; a repeat meanwhile is ignored", async ({
  page,
}) => {
  const calls = await slowNewsletterApi(page, 1500);
  await gotoHydrated(page, "/newsletter");
  const main = page.getByRole("main");
  const field = main.getByLabel("E-mail address");
  await field.fill(unique("learner"));
  await field.press("Enter");
  await field.press("Enter");
  await expect(main.getByRole("button", { name: NEWSLETTER_MESSAGES.submitting })).toBeVisible();
  await expect(main.getByRole("status").filter({ hasText: NEWSLETTER_MESSAGES.success })).toBeVisible();
  await expect(field).toHaveValue("");
  await expect(main.getByRole("button", { name: "Subscribe" })).toBeVisible();
  expect(calls.count).toBe(1);
});

test("an invalid e-mail is refused in the browser with a message tied to the field", async ({ page }) => {
  const calls = await slowNewsletterApi(page, 0);
  await gotoHydrated(page, "/newsletter");
  const main = page.getByRole("main");
  const field = main.getByLabel("E-mail address");
  await field.fill("not-an-email");
  await main.getByRole("button", { name: "Subscribe" }).click();
  await expect(field).toHaveAccessibleDescription("Please enter a valid e-mail address.");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toBeFocused();
  await field.fill("");
  await main.getByRole("button", { name: "Subscribe" }).click();
  await expect(field).toHaveAccessibleDescription("Please enter your e-mail address.");
  expect(calls.count).toBe(0);
});

test("an address that is already subscribed gets the same friendly answer", async ({ page }) => {
  const email = unique("twice");
  await gotoHydrated(page, "/newsletter");
  const main = page.getByRole("main");
  const field = main.getByLabel("E-mail address");
  const thanks = main.getByRole("status").filter({ hasText: NEWSLETTER_MESSAGES.success });
  await field.fill(email);
  await main.getByRole("button", { name: "Subscribe" }).click();
  await expect(thanks).toBeVisible();
  await page.reload();
  await page.waitForFunction(() =>
    Object.keys(document.querySelector("main form") ?? {}).some((k) => k.startsWith("__reactFiber")),
  );
  await field.fill(email.toUpperCase());
  await main.getByRole("button", { name: "Subscribe" }).click();
  await expect(thanks).toBeVisible();
});

test("the footer form on other pages subscribes too", async ({ page }) => {
  await page.goto("/about");
  await page.waitForFunction(() =>
    Object.keys(document.querySelector("footer form") ?? {}).some((k) => k.startsWith("__reactFiber")),
  );
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("E-mail address").fill(unique("footer"));
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByText(NEWSLETTER_MESSAGES.success)).toBeVisible();
  await expect(page).toHaveURL(/\/about$/);
});

test("without JavaScript the form posts and /newsletter shows the outcome", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/newsletter");
  const main = page.getByRole("main");
  await main.getByLabel("E-mail address").fill(unique("nojs"));
  await main.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/newsletter\?subscribed=1$/);
  await expect(main.getByText(NEWSLETTER_MESSAGES.success)).toBeVisible();

  await main.getByLabel("E-mail address").fill("broken@");
  await main.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/newsletter\?error=invalid-email$/);
  await expect(main.getByLabel("E-mail address")).toHaveAccessibleDescription("Please enter a valid e-mail address.");
  await context.close();
});

test("on a phone, in every language, each sign-up field shows its whole example address", async ({ page }) => {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 800 });
    for (const lang of ["", "/es", "/pt", "/fr", "/de"]) {
      await page.goto(lang || "/");
      const fields = page.locator('form[action="/api/newsletter"] input[type="email"]');
      await expect(fields).toHaveCount(2); // the home page's band and the footer
      const cut = await fieldsTooNarrow(fields);
      expect(cut, `${lang || "/"} at ${width} px`).toEqual([]);
    }
  }
});
