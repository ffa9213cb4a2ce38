import { test as base, expect, type Page } from "@playwright/test";

/**
 * Public pages paint first and hydrate after the load event (decision 009); the root route marks
 * `<html data-hydrated>` once the app is live. Pages that are not the app (feeds, JSON), and pages opened with
 * JavaScript off, do not wait.
 */
export async function waitForApp(page: Page) {
  await page.waitForFunction(
    () =>
      !(window as unknown as { __reactRouterContext?: unknown }).__reactRouterContext ||
      document.documentElement.hasAttribute("data-hydrated"),
  );
}

/**
 * The test runner's `page`, whose `goto` (with the default `load`) returns once the app is live, so a test acts
 * on the page as a visitor would a moment after it appeared. Tests of the moments before hydration pass another
 * `waitUntil`.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (javaScriptEnabled !== false && (options?.waitUntil ?? "load") === "load") await waitForApp(page);
      return response;
    };
    await use(page);
  },
});

export type { Page };
export { expect };
