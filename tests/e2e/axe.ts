import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Runs axe-core (WCAG 2.1 A/AA and best practices) on the page and fails with a readable list of violations.
 * `exclude` leaves out parts axe cannot enter, such as a sandboxed frame that may run no script (check its
 * document on its own instead).
 */
export async function expectNoAxeViolations(page: Page, opts: { exclude?: string[]; disableRules?: string[] } = {}) {
  let builder = new AxeBuilder({ page }).withTags([
    "wcag2a",
    "wcag2aa",
    "wcag21a",
    "wcag21aa",
    "wcag22aa",
    "best-practice",
  ]);
  // Contrast is judged on the settled page: an element still fading in (a toast entering) is partly transparent
  // for a moment. Endless animations (a spinner) are not waited for; after 5 s axe runs anyway.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => {});
  for (const selector of opts.exclude ?? []) builder = builder.exclude(selector);
  if (opts.disableRules) builder = builder.disableRules(opts.disableRules);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}
