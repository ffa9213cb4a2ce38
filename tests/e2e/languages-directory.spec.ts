import { E2E_ADMIN } from "../../playwright.config";
import { SLOW, signIn } from "./admin-core-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

// The list of places, the map and search as visitors reading Spanish and German use them in a browser: what the
// interactive map draws once it runs, the search box's suggestions, and no accessibility violations.

test("the list of places in Spanish has no accessibility violations, and its filters speak Spanish", async ({
  page,
}) => {
  await page.goto("/es/locations");
  await expect(page.getByRole("heading", { level: 1, name: "Lugares" })).toBeVisible();
  const filters = page.getByRole("search", { name: "Filtrar lugares" });
  await expect(filters.getByLabel("Región", { exact: true })).toBeVisible();
  await expect(filters.getByLabel("Área de interés")).toBeVisible();
  await expect(filters.getByRole("button", { name: "Usar mi ubicación" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Páginas de lugares" })).toBeVisible();
  await expectNoAxeViolations(page);
  // A region chosen and sent: the list, its heading and the address stay Spanish.
  await filters.getByLabel("Región", { exact: true }).selectOption({ label: "Europa" });
  await filters.getByRole("button", { name: "Mostrar lugares" }).click();
  await expect(page).toHaveURL(/\/es\/locations\?region=Europe$/);
  await expect(page.getByRole("heading", { level: 1, name: "Lugares en Europa" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Quitar filtros" })).toBeVisible();
  await page.goto("/es/locations?q=zzqqxxw");
  await expect(page.getByText("Ningún lugar coincide con estos filtros.")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the interactive map speaks German once it runs, and the Spanish map has no accessibility violations", async ({
  page,
}) => {
  await page.goto("/de/map");
  await expect(page.locator("[data-map-box]")).toHaveAttribute("data-map-ready", "true", { timeout: 30_000 });
  const map = page.locator("[data-map-box]");
  // MapLibre's markers and its own texts, in German.
  await expect(map.getByRole("button", { name: /^[\d.]+ Orte hier; hineinzoomen$/ }).first()).toBeAttached();
  await expect(map.getByRole("region", { name: "Karte", exact: true })).toBeAttached();
  await expect(map.getByRole("navigation", { name: "Kartensteuerung" })).toBeVisible();
  const summary = page.getByRole("status").filter({ hasText: /Orte? im Kartenausschnitt$/ });
  await expect(summary).toHaveText(/^[\d.]+ Orte? im Kartenausschnitt$/);
  // Zooming in with the control keeps the list up to date, still German.
  const before = await summary.textContent();
  await map.getByRole("link", { name: "Hineinzoomen" }).click();
  await expect(summary).not.toHaveText(before ?? "");
  await expect(summary).toHaveText(/^[\d.]+ Orte? im Kartenausschnitt$/);
  await expect(page.getByRole("button", { name: "In meiner Nähe" })).toBeEnabled();

  await page.goto("/es/map");
  await expect(page.getByRole("heading", { level: 1, name: "Mapa" })).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(page.locator("[data-map-box]")).toHaveAttribute("data-map-ready", "true", { timeout: 30_000 });
  await expect(
    page
      .locator("[data-map-box]")
      .getByRole("button", { name: /^[\d.]+ lugares aquí; acerca el mapa$/ })
      .first(),
  ).toBeAttached();
  await expectNoAxeViolations(page);
});

test("search in German has no accessibility violations; the search box suggests in Spanish", async ({ page }) => {
  await page.goto("/de/search?q=soil");
  await expect(page.getByRole("heading", { level: 1, name: "Suche" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: /^Orte/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/es/search");
  const box = page.getByRole("combobox", { name: "Buscar en el directorio" });
  await box.fill("cedar holl");
  const list = page.getByRole("listbox", { name: "Sugerencias" });
  await expect(list.getByRole("option").first()).toBeVisible();
  await expect(list.getByRole("option").first()).toContainText("Lugar");
  // The place's Spanish name (demo content), not its original.
  await expect(list.getByRole("option", { name: /Bosque comestible Cedar Hollow/ })).toBeVisible();
  await expect(page.getByText(/^\d+ sugerencias?\. Usa las flechas arriba y abajo para elegir\.$/)).toBeAttached();
  await box.press("ArrowDown");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/es\/location\//);
});

test("the home page's featured places show a translation where a place has one", async ({ page, browser }) => {
  const name = "Northern Rivers Subtropical Food Forest";
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, SLOW);
  await page.goto(`/admin/dashboard/locations?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  const spanishName = page.locator("details").filter({ has: page.locator('[name="tr.es.name"]') });
  await spanishName.locator("summary").click();
  await spanishName.getByLabel("Spanish").fill("Bosque comestible subtropical de Northern Rivers");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Location saved")).toBeVisible();

  const visitor = await browser.newContext({ serviceWorkers: "block" });
  const home = await visitor.newPage();
  await home.goto("/es");
  const featured = home.getByRole("region", { name: "Lugares destacados" });
  const card = featured.getByRole("link", { name: "Bosque comestible subtropical de Northern Rivers" });
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute("href", "/es/location/Northern-Rivers-Subtropical-Food-Forest");
  // In German there is no translation: the original, marked as English.
  await home.goto("/de");
  const original = home.getByRole("region", { name: "Ausgewählte Orte" }).getByRole("link", { name });
  await expect(original.locator('[lang="en"]')).toHaveText(name);
  await visitor.close();
});

test.describe("on a 320 px phone", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("the longer German and French texts of these pages never scroll sideways", async ({ page }) => {
    for (const url of ["/de/locations", "/de/map", "/fr/map", "/de/search?q=soil", "/fr/locations?q=zzqqxxw"]) {
      await page.goto(url);
      expect({ url, width: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({
        url,
        width: 320,
      });
    }
  });
});
