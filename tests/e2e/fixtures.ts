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
 *
 * An uncaught exception in the page (a `pageerror`: a script that threw, a promise nobody caught) fails the test
 * that saw it, as an unexpected `console.error` fails a unit test (tests/fail-on-console-error.ts). A spec that
 * expects one says so with `test.use({ pageErrorsExpected: true })` and listens for it itself.
 *
 * `visitorPage` is another visitor's page beside it: a plain page in a browser context of its own (none of the
 * test's sign-in or cookies), closed after the test.
 */
export const test = base.extend<{ pageErrorsExpected: boolean; visitorPage: Page }>({
  pageErrorsExpected: [false, { option: true }],
  page: async ({ page, javaScriptEnabled, pageErrorsExpected }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (javaScriptEnabled !== false && (options?.waitUntil ?? "load") === "load") await waitForApp(page);
      return response;
    };
    const pageErrors: string[] = [];
    page.on("pageerror", (e) => pageErrors.push(`${page.url()}: ${e.stack ?? e.message}`));
    await use(page);
    if (!pageErrorsExpected) {
      expect(pageErrors, "uncaught exceptions in the page (a spec that expects them sets pageErrorsExpected)").toEqual(
        [],
      );
    }
  },
  visitorPage: async ({ browser }, use) => {
    const context = await browser.newContext();
    await use(await context.newPage());
    await context.close();
  },
});

export type { Page };
export { expect };
