import { LANGUAGES, localizeHref } from "~/lib/i18n/languages";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

/** The page's title in each language, as its message file has it. */
const TITLES = {
  en: "Open data",
  es: "Datos abiertos",
  de: "Offene Daten",
  fr: "Données ouvertes",
  pt: "Dados abertos",
};

/**
 * /open-data (issue 39, decision 071): in every language it lists the dump files (made in the background soon after
 * the server starts), their sizes and date, the licence and how to keep a copy current, reached from the footer;
 * accessible from a phone's width to a desktop's. The files it links download as they are described.
 */
test.describe("open data page", () => {
  test.beforeAll(async ({ request }) => {
    // The first set is made within seconds of the start; until then /data answers 503.
    await expect
      .poll(async () => (await request.get("/data/datapackage.json")).status(), { timeout: 60_000 })
      .toBe(200);
  });

  for (const lang of LANGUAGES) {
    test(`lists the downloads in ${lang}, accessibly`, async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 800 });
      await page.goto(localizeHref("/open-data", lang));
      await expect(page.getByRole("heading", { level: 1, name: TITLES[lang] })).toBeVisible();
      const csv = page.getByRole("link", { name: "places.csv" });
      await expect(csv).toHaveAttribute("href", "/data/places.csv");
      await expect(page.getByRole("link", { name: "datapackage.json" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Creative Commons Attribution 4.0 International" })).toBeVisible();
      await expect(page.locator("time").first()).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
      // Nothing wider than the phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectNoAxeViolations(page);
    });
  }

  test("is linked from the footer, and its files are what datapackage.json says", async ({ page, request }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Open data" }).click();
    await expect(page).toHaveURL(/\/open-data$/);
    const pkg = (await (await request.get("/data/datapackage.json")).json()) as {
      resources: { path: string; bytes: number }[];
    };
    const places = pkg.resources.find((r) => r.path === "places.csv");
    const res = await request.get("/data/places.csv", { headers: { "Accept-Encoding": "identity" } });
    expect(res.headers()["access-control-allow-origin"]).toBe("*");
    expect((await res.body()).length).toBe(places?.bytes);
  });
});
