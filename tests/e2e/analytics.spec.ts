import { E2E_ADMIN } from "../../playwright.config";
import { SLOW, signIn } from "./admin-core-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

// The ingestion endpoint ignores bots, and headless Chromium says so in its user agent; browse as a person would.
const HUMAN_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
test.use({ userAgent: HUMAN_UA });

test("page views on the production hostname reach the analytics dashboard; other hostnames do not", async ({
  page,
  baseURL,
}) => {
  const production = new URL(baseURL ?? "http://localhost:3100");
  const other = new URL(production.href);
  other.hostname = "127.0.0.1";
  const tag = Date.now().toString(36);
  const counted = `/location/Analytics-Probe-${tag}`;
  const ignored = `/location/Analytics-Elsewhere-${tag}`;

  // Several visits, so the probe ranks among the top pages however many pages earlier tests visited once.
  for (let i = 0; i < 4; i++) {
    await page.goto(new URL(counted, production).href);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  await page.goto(new URL(ignored, other).href);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The ingestion endpoint writes in batches about once a second.
  await page.waitForTimeout(2500);

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/, SLOW);
  await page.goto("/admin/dashboard/analytics?range=7d");
  const topPages = page.getByRole("region", { name: "Top pages" });
  await expect(topPages.getByText(counted)).toBeVisible();
  await expect(page.getByText(ignored)).toHaveCount(0);
  await expect(page.getByRole("img", { name: /Page views and visitors/ })).toBeVisible();
  await expectNoAxeViolations(page);

  const csv = await page.request.get("/admin/dashboard/export/analytics?range=7d");
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(await csv.text()).toContain(counted);
  // A custom range that cannot be honoured is refused rather than quietly replaced by another period.
  const bad = await page.request.get("/admin/dashboard/export/analytics?range=custom&from=2026-02-31&to=2026-03-10");
  expect(bad.status()).toBe(400);
});

test("request statistics show route patterns, not raw URLs", async ({ page }) => {
  await page.goto("/locations");
  await page.goto("/location/Pattern-Check-Place");
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/, SLOW);
  // Stats are flushed every 10 s.
  await expect(async () => {
    await page.goto("/admin/dashboard/request-stats?window=hour");
    await expect(page.getByRole("rowheader", { name: "GET /locations", exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole("rowheader", { name: /\/location\/:slug/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a visitor who leaves before the page's scripts run is counted, once; so is one who stays", async ({
  playwright,
  baseURL,
}) => {
  // A beacon sent while a page unloads goes out from the browser itself, with the browser's own user agent (the
  // context's override no longer applies), and the endpoint ignores headless Chromium's: start a browser that
  // introduces itself as a person's.
  const browser = await playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", `--user-agent=${HUMAN_UA}`],
  });
  const page = await browser.newPage({ baseURL });
  const tag = Date.now().toString(36);
  const early = `/location/Early-Leaver-${tag}`;
  const stayed = `/location/Stayed-On-${tag}`;

  // The scripts never arrive: the visitor reads the server-rendered page and moves on before it comes alive.
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto(early, { waitUntil: "load" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The starter has tried (it asks for the scripts after load and paint) and failed: the page is not the app.
  await expect
    .poll(() => page.evaluate(() => document.querySelectorAll('link[rel="modulepreload"]').length))
    .toBeGreaterThan(0);
  await page.waitForTimeout(500);
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "");
  await page.goto("about:blank");
  await page.unroute("**/assets/*.js");

  // This one stays until the app is live (the app sends the view), then moves on: the starter sends nothing more.
  await page.goto(stayed);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  await page.goto("/about");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  // The ingestion endpoint writes in batches about once a second.
  await page.waitForTimeout(2500);

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/, SLOW);
  const csv = await (await page.request.get("/admin/dashboard/export/analytics?range=7d")).text();
  await browser.close();
  const views = (path: string) =>
    csv
      .split("\n")
      .map((line) => line.split(","))
      .find((cells) => cells[0] === "top page" && cells[1] === path)?.[2];
  expect(views(early)).toBe("1");
  expect(views(stayed)).toBe("1");
});
