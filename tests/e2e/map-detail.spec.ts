import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

// Below country zoom the built-in map shows states and provinces and town names: loaded only when zoomed in, so the
// world view (the first paint of / and /map) downloads nothing more.

const DETAIL_FILES = /\/assets\/(admin1|places|countries-50m)-[\w-]+\.(json|tsv)$/;

function detailRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (DETAIL_FILES.test(new URL(r.url()).pathname)) seen.push(new URL(r.url()).pathname);
  });
  return seen;
}

const ready = (page: Page) =>
  expect(page.locator("[data-map-box]")).toHaveAttribute("data-map-ready", "true", { timeout: 30_000 });

test.describe("the map below country zoom", () => {
  test.use({ serviceWorkers: "block" });

  test("the world view loads no detail", async ({ page }) => {
    const requested = detailRequests(page);
    await page.goto("/map");
    await ready(page);
    await page.waitForLoadState("networkidle");
    expect(requested).toEqual([]);
    await expect(page.locator(".map-place-label")).toHaveCount(0);
  });

  test("zoomed in on Berlin, the map names the towns around it and stays accessible", async ({ page }) => {
    const requested = detailRequests(page);
    await page.goto("/map?lat=52.52&lng=13.4&zoom=8");
    await ready(page);
    // The interactive map shows itself with the detail the server-drawn one had.
    await expect(page.locator(".map-place-label", { hasText: /^Berlin$/ })).toBeVisible();
    await expect(page.locator(".map-place-label", { hasText: /^Potsdam$/ })).toBeVisible();
    expect(new Set(requested.map((p) => p.split("/")[2]?.split("-")[0]))).toEqual(
      new Set(["admin1", "places", "countries"]),
    );
    // Names are decoration beside the map's own content: hidden from assistive technology, never in the way.
    const label = page.locator(".map-place-label").first();
    await expect(label).toHaveAttribute("aria-hidden", "true");
    await expect(label).toHaveCSS("pointer-events", "none");
    // None overlaps another.
    const boxes = await page
      .locator(".map-place-label")
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i] as DOMRect;
        const b = boxes[j] as DOMRect;
        const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        expect(overlap, `labels ${i} and ${j} overlap`).toBe(false);
      }
    }
    await expectNoAxeViolations(page);
  });

  test("zooming in from the world view brings the names in", async ({ page }) => {
    await page.goto("/map?lat=-34.93&lng=138.6&zoom=3");
    await ready(page);
    await expect(page.locator(".map-place-label")).toHaveCount(0);
    for (let i = 0; i < 5; i++) await page.getByRole("link", { name: "Zoom in" }).click();
    await expect(page.locator(".map-place-label", { hasText: /^Adelaide$/ })).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the server-drawn map shows states and town names when zoomed in, and not in the world view", async ({
      page,
      request,
    }) => {
      await page.goto("/map?lat=52.52&lng=13.4&zoom=8");
      const outline = await page.locator("svg[data-map-svg] image[data-map-outline]").getAttribute("href");
      const svg = await (await request.get(outline ?? "")).text();
      expect(svg).toContain(">Berlin</text>");
      expect(svg).toContain('stroke-dasharray="3 2"');
      await page.goto("/map");
      const world = await page.locator("svg[data-map-svg] image[data-map-outline]").getAttribute("href");
      expect(await (await request.get(world ?? "")).text()).not.toContain("<text");
    });
  });
});
