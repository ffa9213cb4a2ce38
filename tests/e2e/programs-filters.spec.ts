import { expectNoAxeViolations } from "./axe";
import { fieldsTooNarrow } from "./field-room";
import { expect, test } from "./fixtures";

test("programs filter by words, format and time together, and the calendar feed follows", async ({ page, request }) => {
  await page.goto("/programs");
  const filters = page.getByRole("search", { name: "Filter programs" });
  await filters.getByLabel("Words").fill("agroforestry");
  await filters.getByLabel("Format").selectOption("online");
  await filters.getByRole("button", { name: "Show programs" }).click();
  await expect(page).toHaveURL(/q=agroforestry/);
  const upcoming = page.getByRole("region", { name: "Upcoming programs" });
  await expect(upcoming.getByRole("heading", { name: "Syntropic Agroforestry Online Foundations" })).toBeVisible();
  await expect(upcoming.getByRole("article")).toHaveCount(1);
  await expectNoAxeViolations(page);

  await filters.getByLabel("Format").selectOption("in-person");
  await filters.getByRole("button", { name: "Show programs" }).click();
  await expect(page.getByText("No upcoming programs match.")).toBeVisible();

  const ics = await (await request.get("/programs.ics?q=agroforestry")).text();
  expect(ics).toContain("SUMMARY:Syntropic Agroforestry Online Foundations");
  expect(ics).not.toContain("Desert Rain Harvesting Certificate");
});

test("chosen dates keep only programs on those days; an impossible date is ignored with a note", async ({ page }) => {
  await page.goto("/programs?when=dates&from=1990-01-01&to=1990-12-31");
  await expect(page.getByText("No upcoming programs match.")).toBeVisible();
  await page.goto("/programs?from=2027-02-30");
  await expect(page.getByText(/not recognised and have been ignored/)).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form is a plain GET form", async ({ page }) => {
    await page.goto("/programs");
    await page.getByLabel("Words").fill("composting");
    await page.getByLabel("Price").selectOption("paid");
    await page.getByRole("button", { name: "Show programs" }).click();
    await expect(page.getByRole("heading", { name: "Community Composting Starter Course" })).toBeVisible();
  });
});

test.describe("on phones", () => {
  test.use({ locale: "en-US" });

  test("the language of instruction filter finds the courses taught in a language, in English and German (issue 37)", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/programs");
    const filters = page.getByRole("search", { name: "Filter programs" });
    const language = filters.getByLabel("Language of instruction");
    // The languages the programs are taught in, not only the site's five.
    await expect(language.locator("option", { hasText: "Quechua" })).toHaveCount(1);
    await language.selectOption({ label: "Portuguese" });
    await filters.getByRole("button", { name: "Show programs" }).click();
    await expect(page).toHaveURL(/taughtIn=pt/);
    const upcoming = page.getByRole("region", { name: "Upcoming programs" });
    await expect(upcoming.getByRole("heading", { name: "Water Retention Landscapes Course" })).toBeVisible();
    await expect(upcoming.getByRole("heading", { name: "Community Composting Starter Course" })).toBeVisible();
    await expect(upcoming.getByRole("heading", { name: "Cool Climate Food Forest Design Course" })).toHaveCount(0);
    for (const card of await upcoming.getByRole("article").all()) await expect(card).toContainText("Portuguese");
    await expect(upcoming.getByRole("article").filter({ hasText: "Water Retention Landscapes Course" })).toContainText(
      "Taught in English and Portuguese",
    );
    // The form and the cards fit the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    await upcoming.getByRole("link", { name: "Water Retention Landscapes Course" }).click();
    const facts = page.getByRole("region", { name: "At a glance" });
    await expect(facts.getByRole("definition").filter({ hasText: "English and Portuguese" })).toBeVisible();
    await expectNoAxeViolations(page);

    // In German the languages are named in German, and the chosen one stays chosen.
    await page.goto("/de/programs?taughtIn=pt");
    const german = page.getByRole("search", { name: "Programme filtern" }).getByLabel("Unterrichtssprache");
    await expect(german.locator("option:checked")).toHaveText("Portugiesisch");
    await expect(page.getByText("Unterricht auf Englisch und Portugiesisch").first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
  });

  test("each date field is wide enough to show a whole date with its calendar button", async ({ page }) => {
    for (const width of [320, 360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/programs");
      // What an empty field shows in en-US, and the picker button beside it (about 1.5 em).
      const short = await fieldsTooNarrow(page.locator('input[type="date"]'), { text: "mm/dd/yyyy", extraEm: 1.5 });
      expect(short, `at ${width} px`).toEqual([]);
    }
  });
});
