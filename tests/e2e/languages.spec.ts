import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

/** The first address on a list page that starts with `prefix` (a real entry from the demo content). */
async function firstLink(page: import("@playwright/test").Page, list: string, prefix: string): Promise<string> {
  const html = await (await page.request.get(list)).text();
  const href = html.match(new RegExp(`href="(${prefix}[^"?#]+)"`))?.[1];
  expect(href, `${list} links to ${prefix}…`).toBeTruthy();
  return href ?? "";
}

test("the language switcher keeps the visitor on the same location and remembers the choice", async ({
  page,
  context,
}) => {
  const location = await firstLink(page, "/locations", "/location/");
  await page.goto(location);
  const name = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  const footerLanguages = page.getByRole("navigation", { name: "Language" }).last();
  await expect(footerLanguages.getByRole("link", { name: "English" })).toHaveAttribute("aria-current", "true");
  await footerLanguages.getByRole("link", { name: "Deutsch" }).click();
  await expect(page).toHaveURL(new RegExp(`/de${location}$`));
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByRole("heading", { name: "Kontaktdaten" })).toBeVisible();
  await expect(page.getByRole("heading", { name: `Über ${name}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Zum Inhalt springen" })).toBeAttached();
  const german = page.getByRole("navigation", { name: "Sprache" }).last();
  await expect(german.getByRole("link", { name: "Deutsch" })).toHaveAttribute("aria-current", "true");
  await expect(german.getByRole("link", { name: "Español" })).toHaveAttribute("hreflang", "es");
  await expect(german.getByRole("link", { name: "Español" })).toHaveAttribute("lang", "es");
  const cookie = (await context.cookies()).find((c) => c.name === "pc_lang");
  expect(cookie?.value).toBe("de");
  expect(cookie?.sameSite).toBe("Lax");
  // The remembered choice now decides `/`.
  await page.goto("/");
  await expect(page).toHaveURL(/\/de$/);
  // The home page in German, its count in a German plural and number format.
  await expect(page.getByRole("heading", { name: /^[\d.]+ Orte? auf der Karte$/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Kommende Programme" })).toBeVisible();
  // A page's own links stay in German.
  await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Karte" }).click();
  await expect(page).toHaveURL(/\/de\/map$/);
});

test.describe("a browser that prefers Spanish", () => {
  test.use({ locale: "es-ES" });

  test("is sent to the Spanish home page, until English is chosen", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/es$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("link", { name: "Postúlate ahora" }).first()).toBeAttached();
    await page.getByRole("navigation", { name: "Idioma" }).last().getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/");
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});

test("dates and prices follow the page's language", async ({ page }) => {
  await page.goto("/de/programs");
  const german = (await page.locator("main").textContent()) ?? "";
  expect(german).toMatch(
    /\d{1,2}\.(–\d{1,2}\.)? (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}/,
  );
  await page.goto("/es/programs");
  const spanish = (await page.locator("main").textContent()) ?? "";
  expect(spanish).toMatch(
    /\d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) de \d{4}/,
  );
  await page.goto("/programs");
  const english = (await page.locator("main").textContent()) ?? "";
  expect(english).toMatch(
    /\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}/,
  );
});

test("pages in Spanish and German have no accessibility violations", async ({ page }) => {
  const location = await firstLink(page, "/locations", "/location/");
  for (const url of ["/es", "/es/locations", `/de${location}`, "/de/programs", "/de/no-such-page"]) {
    await page.goto(url);
    await expectNoAxeViolations(page);
  }
});

test("pages in Portuguese and French have no accessibility violations either", async ({ page }) => {
  const location = await firstLink(page, "/locations", "/location/");
  const program = await firstLink(page, "/programs", "/program/");
  for (const url of [
    "/pt",
    "/pt/locations",
    `/pt${location}`,
    "/pt/application",
    "/pt/resources",
    "/fr",
    "/fr/programs",
    `/fr${program}`,
    "/fr/change-makers",
    "/fr/newsletter",
  ]) {
    await page.goto(url);
    await expectNoAxeViolations(page);
  }
});

test.describe("on a 320 px phone", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("the menu lists the languages, and nothing scrolls sideways", async ({ page }) => {
    await page.goto("/fr/locations");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.getByRole("button", { name: "Menu" }).click();
    const languages = page.getByRole("list", { name: "Langue" });
    await expect(languages.getByRole("link", { name: "Français" })).toHaveAttribute("aria-current", "true");
    await languages.getByRole("link", { name: "Português" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/pt\/locations$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
