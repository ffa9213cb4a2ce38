import { expect, test } from "./fixtures";

// The map's list of what is in view names each group of places by where it is (its countries, or the town it is
// around when zoomed in), not by coordinates: with and without JavaScript.

const list = (page: import("@playwright/test").Page) =>
  page.getByRole("list", { name: /locations in view/ }).getByRole("link", { name: /^\d+ locations (in|around) / });

test.describe("the map's list names groups by place", () => {
  test("without JavaScript, the server-drawn list names each group by its countries", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    // The world view at zoom 1 (the first view of /map now fits all the places instead).
    await page.goto("/map?lat=22&lng=10&zoom=1");
    const names = await list(page).allTextContents();
    expect(names.length).toBeGreaterThan(3);
    for (const name of names) expect(name).toMatch(/^\d+ locations in \p{Lu}[^°]*$/u);
    expect(names.some((n) => n.includes("Kenya"))).toBe(true);
    expect(names.some((n) => /in Australia\b/.test(n))).toBe(true);
    // Zooming in on a group keeps naming the smaller groups there.
    const europe = list(page).filter({ hasText: "Austria" }).first();
    await europe.click();
    await expect(page).toHaveURL(/zoom=2/);
    await expect(
      list(page)
        .filter({ hasText: /in (Austria|Czechia|Spain)/ })
        .first(),
    ).toBeVisible();
    await context.close();
  });

  test("with the interactive map, the list it keeps up to date names groups the same way", async ({ page }) => {
    await page.goto("/map?lat=22&lng=10&zoom=1");
    await expect(page.locator("[data-map-box]")).toHaveAttribute("data-map-ready", "true", { timeout: 30_000 });
    await expect(list(page).first()).toBeVisible();
    const names = await list(page).allTextContents();
    for (const name of names) expect(name).not.toContain("°");
    expect(names.some((n) => n.includes("Kenya"))).toBe(true);
  });
});
