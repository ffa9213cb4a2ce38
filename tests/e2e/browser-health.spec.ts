import { expect, type Page, test } from "./fixtures";

// What Chrome's issues panel and Lighthouse's best-practices audit would flag on a public page: content-security-
// policy violations, errors in the console (including hydration mismatches), and uncaught exceptions. Pages with
// forms matter most: form libraries are where eval-style tricks hide.
const PAGES = [
  "/",
  "/locations",
  "/map",
  "/programs",
  "/application",
  "/suggest-a-place",
  "/newsletter",
  "/podcast",
  "/resources",
  "/about",
];

for (const path of PAGES) {
  test(`${path} loads styled, with no CSP violation or console error`, async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __cspViolations: string[] };
      w.__cspViolations = [];
      document.addEventListener("securitypolicyviolation", (e) => {
        w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
      });
    });
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`console: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`exception: ${e.message}`));
    const stylesheetRequests: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "stylesheet") stylesheetRequests.push(r.url());
    });

    await page.goto(path, { waitUntil: "load" });
    // Let hydration and the after-load work (service worker, web vitals) run.
    await page.waitForTimeout(800);

    const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    // The site's stylesheet arrives inside the HTML: the page is styled without a render-blocking request. (The
    // map library's own stylesheet loads later with the map, which is expected.)
    expect(stylesheetRequests.filter((u) => /\/assets\/app-[\w-]+\.css$/.test(u))).toEqual([]);
    await expect(page.locator("style#app-css")).toHaveCount(1);
    const bodyFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(bodyFont).toContain("system-ui");
  });
}

const PHONE_PAGES = [
  ...PAGES,
  "/change-makers",
  "/privacy",
  "/terms",
  "/search?q=forest",
  "/location/Cedar-Hollow-Food-Forest",
  "/no-such-page",
];

/** The page at `path` needs no sideways scrolling on 320, 360 and 390 px wide phones. */
async function expectFitsPhones(page: Page, path: string) {
  for (const width of [320, 360, 390]) {
    await page.setViewportSize({ width, height: 700 });
    await page.goto(path, { waitUntil: "load" });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
  }
}

for (const path of PHONE_PAGES) {
  test(`${path} fits 320, 360 and 390 px phones without sideways scrolling`, async ({ page }) => {
    await expectFitsPhones(page, path);
  });
}

test("detail pages fit 320, 360 and 390 px phones: a program, a change-maker, a correction form", async ({ page }) => {
  const paths: string[] = [];
  for (const [list, prefix] of [
    ["/programs", "/program/"],
    ["/change-makers", "/change-makers/"],
  ] as const) {
    await page.goto(list);
    paths.push((await page.getByRole("main").locator(`a[href^="${prefix}"]`).first().getAttribute("href")) ?? "");
  }
  await page.goto("/location/Cedar-Hollow-Food-Forest");
  paths.push((await page.locator('a[href^="/suggest-a-correction/"]').first().getAttribute("href")) ?? "");
  for (const path of paths) await expectFitsPhones(page, path);
});

test("a page served from the render cache runs its scripts under the page's own hash policy", async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { reportViolation: (v: string) => void }).reportViolation(e.violatedDirective);
    });
  });
  // The first view renders and stores the page; later views come from memory, the same bytes for every visitor.
  let cached = false;
  for (let i = 0; i < 10 && !cached; i++) {
    const res = await page.goto("/resources");
    cached = res?.headers()["x-render-cache"] === "hit";
    if (!cached) await page.waitForTimeout(100);
  }
  expect(cached).toBe(true);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  expect(violations).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the home page shows its map, its forms and the footer in place", async ({ page }) => {
    await page.goto("/");
    // Parts that hydrate later (islands) must be in the HTML where they belong, not appended for a script to move.
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("svg[data-map-svg]")).toBeVisible();
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("heading", { name: "Stay Updated" })).toBeVisible();
    await expect(footer.getByRole("textbox", { name: /e-?mail/i })).toBeVisible();
    await expect(page.locator("main").getByRole("textbox", { name: /e-?mail/i })).toBeVisible();
    expect(await page.locator("div[hidden][id^='S:']").count()).toBe(0);
  });

  test("an unknown page shows the not-found message inside the shell", async ({ page }) => {
    const res = await page.goto("/no-such-page-here");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: /not found/i })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });
});
