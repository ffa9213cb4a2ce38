import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

test("the header's search leads to results across the directory, grouped by kind with counts", async ({ page }) => {
  await page.goto("/programs");
  await page.getByRole("banner").getByRole("link", { name: "Search" }).first().click();
  await expect(page).toHaveURL(/\/search$/);
  const box = page.getByRole("searchbox", { name: "Search the directory" });
  await box.fill("kenya water");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=kenya\+water/);
  const places = page.getByRole("region", { name: /^Places/ });
  await expect(places.getByRole("heading", { level: 2 })).toContainText(/Places \(\d+\)/);
  await expect(places.getByRole("link").first()).toBeVisible();
  // The matched words are marked in each snippet.
  await expect(places.locator("mark").first()).toHaveText(/kenya|water/i);
  await expect(page.getByRole("region", { name: /^Programs/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a typo still finds, and the page says what it searched for instead", async ({ page }) => {
  await page.goto("/search?q=agroforstry");
  await expect(page.getByText(/Showing results for/)).toContainText("agroforestry");
  await expect(page.getByRole("region", { name: /^Places/ }).getByRole("listitem").first()).toBeVisible();
});

test("words found across fields on /locations, in either order, with accents ignored", async ({ page }) => {
  for (const q of ["Adelaide Australia", "australia adelaide", "water management australia"]) {
    await page.goto(`/locations?q=${encodeURIComponent(q)}`);
    await expect(page.getByRole("link", { name: /Adelaide Hills Water Wise Garden/ }).first(), q).toBeVisible();
  }
});

test("hostile and meaningless queries get a clear answer, never an error", async ({ page }) => {
  for (const q of ["a", "!!!", "'; drop table locations; --", "x".repeat(5000), "a:* & !"]) {
    const res = await page.goto(`/search?q=${encodeURIComponent(q)}`);
    expect(res?.status(), q).toBe(200);
  }
  await page.goto("/search?q=a");
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Type at least 2 letters to search.");
  await page.goto("/search?q=%21%21%21");
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Type a word to search for: letters or numbers.");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search form works as a plain GET form", async ({ page }) => {
    await page.goto("/search");
    await page.getByRole("searchbox", { name: "Search the directory" }).fill("permaculture portugal");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("region", { name: /^Places/ }).getByRole("link").first()).toBeVisible();
  });
});
