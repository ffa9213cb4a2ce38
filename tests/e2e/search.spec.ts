import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

test("the header's search field leads to results across the directory, grouped by kind with counts", async ({
  page,
}) => {
  await page.goto("/programs");
  await page.getByRole("banner").getByRole("button", { name: "Search" }).first().click();
  const field = page.getByRole("combobox", { name: "Search the directory" });
  await expect(field).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(field).toBeHidden();
  await page.getByRole("banner").getByRole("button", { name: "Search" }).first().click();
  await field.fill("kenya water");
  await field.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=kenya\+water/);
  const places = page.getByRole("region", { name: /^Places/ });
  await expect(places.getByRole("heading", { level: 2 })).toContainText(/Places \(\d+\)/);
  await expect(places.getByRole("link").first()).toBeVisible();
  // The matched words are marked in each snippet.
  await expect(places.locator("mark").first()).toHaveText(/kenya|water/i);
  await expect(page.getByRole("region", { name: /^Programs/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the header's search field suggests as you type, chosen by keyboard; Escape closes the list, then the field", async ({
  page,
}) => {
  await page.goto("/about");
  await page.waitForLoadState("load");
  await page.getByRole("banner").getByRole("button", { name: "Search" }).first().click();
  const field = page.getByRole("combobox", { name: "Search the directory" });
  await expect(field).toBeFocused();
  // The suggestions' code arrives after the page load; typing before it only fills the plain field.
  await expect(field).toHaveAttribute("aria-expanded", "false");
  await expect(async () => {
    await field.fill("");
    await field.pressSequentially("rift val", { delay: 20 });
    await expect(page.getByRole("listbox", { name: "Suggestions" })).toBeVisible({ timeout: 1000 });
  }).toPass();
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list.getByRole("option", { name: /Rift Valley Permaculture Training Centre/ })).toBeVisible();
  await field.press("Escape");
  await expect(list).toBeHidden();
  await expect(field).toBeVisible();
  await field.press("ArrowDown");
  await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await expectNoAxeViolations(page);
  await field.press("Escape");
  await field.press("Escape");
  await expect(field).toHaveValue("");
  await field.press("Escape");
  await expect(field).toBeHidden();
  await page.getByRole("banner").getByRole("button", { name: "Search" }).first().click();
  await field.pressSequentially("rift valley permaculture", { delay: 20 });
  await expect(list.getByRole("option", { name: /Rift Valley Permaculture Training Centre/ })).toBeVisible();
  await field.press("ArrowDown");
  await field.press("Enter");
  await expect(page).toHaveURL(/\/location\/Rift-Valley/);
});

test("the header's search field on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
  const field = page.getByRole("combobox", { name: "Search the directory" });
  await expect(field).toBeFocused();
  await expectNoAxeViolations(page);
});

test("a typo still finds, and the page says what it searched for instead", async ({ page }) => {
  await page.goto("/search?q=agroforstry");
  await expect(page.getByText(/Showing results for/)).toContainText("agroforestry");
  await expect(
    page
      .getByRole("region", { name: /^Places/ })
      .getByRole("listitem")
      .first(),
  ).toBeVisible();
});

test("in Spanish: a country's name finds its places, each saying what and where it is, in Spanish", async ({
  page,
}) => {
  await page.goto("/es/search?q=Brasil");
  const places = page.getByRole("region", { name: /^Lugares/ });
  await expect(places.getByRole("heading", { level: 2 })).toContainText("(3)");
  await expect(page.getByText(/Se muestran resultados para/)).toHaveCount(0);
  const tapajos = places.getByRole("listitem").filter({ hasText: "Tapajos Agroforestry School" });
  await expect(tapajos).toContainText("Escuela");
  await expect(tapajos).toContainText("Santarem, Brasil");
  await expectNoAxeViolations(page);
});

test("a query naming a country is offered a correction, a link reached by keyboard, never replaced", async ({
  page,
}) => {
  await page.goto("/es/search?q=Kenia%20agroforstry");
  await expect(page.getByText(/Se muestran resultados para/)).toHaveCount(0);
  const offer = page.getByRole("link", { name: "«kenia agroforestry»" });
  await expect(offer).toBeVisible();
  await expect(page.getByText("¿Quisiste decir")).toBeVisible();
  await expectNoAxeViolations(page);
  await offer.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/es\/search\?q=kenia%20agroforestry$/);
  await expect(
    page
      .getByRole("region", { name: /^Lugares/ })
      .getByRole("link")
      .first(),
  ).toBeVisible();
});

test("a town with no place in it offers the places nearest to it", async ({ page }) => {
  await page.goto("/search?q=berlin");
  await expect(page.getByText(/Showing results for/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "See the places nearest to “berlin”" })).toHaveAttribute(
    "href",
    "/locations?near=berlin",
  );
  await expectNoAxeViolations(page);
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

  test("the header's search field opens and searches with no script", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("banner").getByRole("button", { name: "Search" }).first().click();
    await page.getByRole("combobox", { name: "Search the directory" }).fill("nakuru");
    await page.getByRole("combobox", { name: "Search the directory" }).press("Enter");
    await expect(page).toHaveURL(/\/search\?q=nakuru/);
  });

  test("the search form works as a plain GET form", async ({ page }) => {
    await page.goto("/search");
    await page.getByRole("combobox", { name: "Search the directory" }).fill("permaculture portugal");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await expect(
      page
        .getByRole("region", { name: /^Places/ })
        .getByRole("link")
        .first(),
    ).toBeVisible();
  });
});

test("suggestions as you type: announced, chosen with the arrow keys, opened with Enter, closed with Escape", async ({
  page,
}) => {
  await page.goto("/search");
  const box = page.getByRole("combobox", { name: "Search the directory" });
  await expect(box).toBeFocused();
  await box.pressSequentially("adelaide hil", { delay: 30 });
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByText(/\d+ suggestions?\. Use the up and down arrow keys/)).toBeAttached();
  const option = list.getByRole("option", { name: /Adelaide Hills Water Wise Garden/ });
  await expect(option).toBeVisible();
  await box.press("Escape");
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).toHaveValue("adelaide hil");
  await box.press("ArrowDown");
  await expect(list).toBeVisible();
  await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  const activeId = await box.getAttribute("aria-activedescendant");
  expect(activeId).toBe(await list.getByRole("option").first().getAttribute("id"));
  await box.press("Enter");
  await expect(page).toHaveURL(/\/location\/Adelaide-Hills-Water-Wise-Garden$/);
});

test("Enter with no suggestion chosen searches for the words", async ({ page }) => {
  await page.goto("/search");
  const box = page.getByRole("combobox", { name: "Search the directory" });
  await box.pressSequentially("water", { delay: 20 });
  await expect(page.getByRole("listbox", { name: "Suggestions" })).toBeVisible();
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=water$/);
});

test("the suggestions endpoint answers every input with JSON, never an error", async ({ request }) => {
  for (const q of ["", "a", "!!!", "adel", "x".repeat(3000), "'\\\"; --"]) {
    const res = await request.get(`/api/search/suggest?q=${encodeURIComponent(q)}`);
    expect(res.status(), q).toBe(200);
    const body = (await res.json()) as { suggestions: unknown[] };
    expect(Array.isArray(body.suggestions)).toBe(true);
  }
});

test("resources and change-makers take words too, and keep the chosen type", async ({ page }) => {
  await page.goto("/resources?type=book");
  await page.getByLabel("Search resources").fill("water");
  await page.getByRole("main").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/resources\?q=water&type=book/);
  const list = page.getByRole("region", { name: /books?$/i });
  await expect(list.getByRole("heading", { name: "The Small Farm Water Year" })).toBeVisible();
  await expect(list.getByRole("article")).toHaveCount(1);
  await page.goto("/resources?q=zzzzqqqq");
  await expect(page.getByText("No resources match “zzzzqqqq”.")).toBeVisible();
  await page.goto("/change-makers?q=kenya");
  await expect(page.getByRole("article").first()).toBeVisible();
  await page.getByRole("link", { name: "Show all" }).click();
  await expect(page).toHaveURL(/\/change-makers$/);
});

test("with words, the location filters say how many places each choice would give", async ({ page }) => {
  await page.goto("/locations?q=water");
  const filters = page.getByRole("search", { name: "Filter locations" });
  const africa = filters.getByLabel("Region").locator("option", { hasText: /^Africa \(\d+\)$/ });
  await expect(africa).toHaveCount(1);
  const n = Number((await africa.textContent())?.match(/\((\d+)\)/)?.[1]);
  expect(n).toBeGreaterThan(0);
  await page.goto("/locations?q=water&region=Africa");
  await expect(page.getByText(new RegExp(`\\b${n} (location|place)s?\\b`, "i")).first()).toBeVisible();
});

test.describe("the map and search words", () => {
  test.use({ javaScriptEnabled: false });

  test("words on /map move the map to what was found", async ({ page }) => {
    await page.goto("/map?q=nakuru");
    const pan = page.getByRole("link", { name: "Pan east" });
    const href = new URL((await pan.getAttribute("href")) ?? "", "http://x");
    // Nakuru, Kenya: about 0.3° S, 36.1° E, shown at a town's scale rather than the whole world.
    expect(Math.abs(Number(href.searchParams.get("lat")) - -0.3)).toBeLessThan(3);
    expect(Math.abs(Number(href.searchParams.get("lng")) - 36.1)).toBeLessThan(5);
    expect(Number(href.searchParams.get("zoom"))).toBeGreaterThanOrEqual(6);
    expect(href.searchParams.get("q")).toBe("nakuru");
  });

  test("with words, the map's filters say how many places on the map each choice would give", async ({ page }) => {
    await page.goto("/map?q=water");
    const summary = page.getByText(/^\d+ matching locations? with a place on the map\.$/);
    const total = Number((await summary.textContent())?.match(/^(\d+)/)?.[1]);
    const region = page.getByLabel("Region");
    const options = await region.locator("option").allTextContents();
    const counted = options
      .map((o) => Number(o.match(/\((\d+)\)$/)?.[1] ?? Number.NaN))
      .filter((n) => !Number.isNaN(n));
    expect(counted.length).toBeGreaterThan(3);
    // Regions do not overlap: their counts add up to the places found (any without a region aside).
    expect(counted.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(total);
    expect(Math.max(...counted)).toBeGreaterThan(0);
    const africa = region.locator("option", { hasText: /^Africa \(\d+\)$/ });
    const n = Number((await africa.textContent())?.match(/\((\d+)\)/)?.[1]);
    await page.goto("/map?q=water&region=Africa");
    await expect(page.getByText(`${n} matching location${n === 1 ? "" : "s"} with a place on the map.`)).toBeVisible();
  });
});

test("places nearest to a town come first, with their distance, and a limit in kilometres", async ({ page }) => {
  await page.goto("/locations");
  const filters = page.getByRole("search", { name: "Filter locations" });
  await filters.getByLabel("Nearest to").fill("nakuru");
  await filters.getByLabel("Within").selectOption("500");
  await filters.getByRole("button", { name: "Show locations" }).click();
  const cards = page.getByRole("region", { name: "Results" }).getByRole("article");
  await expect(cards.first()).toContainText("Rift Valley Permaculture Training Centre");
  await expect(cards.first()).toContainText(/\d+(\.\d)? (m|km) from Nakuru, Kenya/);
  for (const text of await cards.allTextContents()) expect(text).toMatch(/Kenya|Uganda|Tanzania/);
  await page.goto("/locations?near=Erewhon");
  await expect(page.getByText("We don't know a place called “Erewhon”.", { exact: false })).toBeVisible();
});

test("Use my position sorts by distance from where the visitor is", async ({ page, context }) => {
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: 52.52, longitude: 13.405 });
  await page.goto("/locations");
  await page.getByRole("button", { name: "Use my position" }).click();
  await expect(page).toHaveURL(/lat=52\.52/);
  const first = page.getByRole("region", { name: "Results" }).getByRole("article").first();
  await expect(first).toContainText(/from your position/);
});
