import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { SLOW, signIn } from "./admin-core-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

/**
 * The location picker (issue 37, decision 058): a town search from the built-in towns list and a map that opens on
 * demand and zooms to a town's streets, on the suggestion, correction and admin location forms; the coordinates
 * fields stay for typing. The old picker was a 360 × 180 world drawing: one pixel was about 107 km on a phone.
 */

/** The coordinates fields' names by the page's language. */
const FIELDS = {
  en: ["Latitude", "Longitude"],
  es: ["Latitud", "Longitud"],
  de: ["Breitengrad", "Längengrad"],
} as const;

/** The coordinates the form holds. */
async function coordinates(page: Page, lang: keyof typeof FIELDS = "en") {
  const [lat, lng] = FIELDS[lang];
  return {
    lat: Number(await page.getByLabel(lat, { exact: true }).inputValue()),
    lng: Number(await page.getByLabel(lng, { exact: true }).inputValue()),
  };
}

/** Names of the scripts the page has loaded so far. */
const scripts = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name.split("/").pop() ?? ""));

/** The map's canvas once it has drawn, and its box. */
async function openMap(page: Page) {
  const canvas = page.getByTestId("map-picker").locator("canvas");
  await expect(canvas).toBeVisible(SLOW);
  const box = await canvas.boundingBox();
  if (!box) throw new Error("the picker's map has no box");
  return { canvas, box };
}

for (const width of [360, 1280]) {
  test(`at ${width} px a town found by name fills the coordinates, and the map places the pin to a few metres`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/es/suggest-a-place");
    // The map's code is not part of the page until the picker is opened.
    expect((await scripts(page)).some((s) => /^(map-style|picker-map)\.client/.test(s))).toBe(false);

    await page.getByLabel("Buscar una localidad").fill("Múnich");
    await page.getByRole("main").getByRole("button", { name: "Buscar", exact: true }).click();
    await expect(page.getByTestId("town-answer")).toHaveText(/^Múnich, Alemania: las coordenadas están rellenadas/);
    const town = await coordinates(page, "es");
    expect(town.lat).toBeCloseTo(48.14, 1);
    expect(town.lng).toBeCloseTo(11.58, 1);

    // The picker opened itself at the town; its code came with it.
    const { canvas, box } = await openMap(page);
    expect((await scripts(page)).some((s) => s.startsWith("picker-map.client"))).toBe(true);
    await expect(canvas).toHaveAccessibleName(/Mapa para elegir el sitio/);
    // Wait for the flight to the town to end: the middle of the map is the town.
    await expect
      .poll(async () => {
        await page.getByRole("button", { name: "Poner la chincheta en el centro" }).click();
        const c = await coordinates(page, "es");
        return Math.abs(c.lat - town.lat) + Math.abs(c.lng - town.lng);
      }, SLOW)
      .toBeLessThan(0.01);

    // Two clicks ten pixels apart land a few hundred metres apart, not hundreds of kilometres.
    const x = box.width / 2 + 20;
    const y = box.height / 2 + 20;
    await canvas.click({ position: { x, y } });
    const first = await coordinates(page, "es");
    await canvas.click({ position: { x: x + 10, y } });
    const second = await coordinates(page, "es");
    const metresPerPixel = (Math.abs(second.lng - first.lng) * 111_320 * Math.cos((first.lat * Math.PI) / 180)) / 10;
    expect(metresPerPixel).toBeGreaterThan(1);
    expect(metresPerPixel).toBeLessThan(200);
    await expect(page.getByText(/^Chincheta colocada en/)).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test("the picker works from the keyboard: the arrow keys move the map and a button puts the pin in the middle", async ({
  page,
}) => {
  await page.goto("/suggest-a-place");
  await page.getByLabel("Latitude", { exact: true }).fill("-33.45");
  await page.getByLabel("Longitude", { exact: true }).fill("-70.66");
  const summary = page.getByText("Choose the spot on a map");
  await summary.focus();
  await page.keyboard.press("Enter");
  const { canvas } = await openMap(page);
  await canvas.focus();
  await expect(canvas).toHaveAccessibleName(/Map for choosing the spot/);
  for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
  // A stop or two after the map (its attribution) is "Put the pin in the middle".
  const pin = page.getByRole("button", { name: "Put the pin in the middle" });
  for (let i = 0; i < 4 && !(await pin.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(pin).toBeFocused();
  await page.keyboard.press("Enter");
  const moved = await coordinates(page);
  expect(moved.lng).toBeGreaterThan(-70.66);
  expect(moved.lat).toBeCloseTo(-33.45, 0);
  await expect(
    page.getByText(/^Pin placed at -?\d+\.\d{5}, -?\d+\.\d{5}; the coordinates are filled in\.$/),
  ).toBeVisible();
  // Zooming in from the keyboard: the same button, nearer the ground, moves the pin less for the same keys.
  await page.getByRole("button", { name: "Zoom in" }).press("Enter");
  await expect(page.getByRole("button", { name: "Zoom out" })).toBeVisible();
});

test("without JavaScript, Find fills the coordinates from the server and the form keeps what was typed", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/de/suggest-a-place");
  await page.getByLabel("Name des Ortes").fill("Ohne Skript Hof");
  await page.waitForTimeout(3200);
  await page.getByLabel("Einen Ort suchen").fill("Köln");
  await page.getByRole("main").getByRole("button", { name: "Suchen", exact: true }).click();
  await expect(page.getByText(/^Köln, Deutschland: Die Koordinaten sind eingetragen/)).toBeVisible();
  expect((await coordinates(page, "de")).lat).toBeCloseTo(50.94, 1);
  await expect(page.getByLabel("Name des Ortes")).toHaveValue("Ohne Skript Hof");
  await page.getByText("Die Stelle auf einer Karte wählen").click();
  await expect(page.getByText("Die Karte braucht JavaScript.")).toBeVisible();
  await context.close();
});

test("the correction form of a place and the admin location form have the picker too", async ({ page, browser }) => {
  await page.goto("/location/Willamette-Commons-Permaculture-School");
  await page.getByRole("link", { name: "Suggest a correction" }).click();
  await page.getByLabel("Find a town").fill("Eugene");
  await page.getByRole("main").getByRole("button", { name: "Find", exact: true }).click();
  await expect(page.getByTestId("town-answer")).toHaveText(/^Eugene, United States: the coordinates are filled in/);
  await openMap(page);
  await expectNoAxeViolations(page);

  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(staff).toHaveURL(/\/admin\/dashboard/, SLOW);
  await staff.goto("/admin/dashboard/add");
  await staff.getByLabel("Find a town").fill("Nairobi");
  await staff.getByRole("button", { name: "Find", exact: true }).click();
  await expect(staff.getByTestId("town-answer")).toHaveText(/^Nairobi, Kenya: the coordinates are filled in/);
  const found = await coordinates(staff);
  expect(found.lat).toBeCloseTo(-1.28, 1);
  expect(found.lng).toBeCloseTo(36.82, 1);
  const { canvas } = await openMap(staff);
  await canvas.click({ position: { x: 40, y: 40 } });
  expect((await coordinates(staff)).lat).not.toBe(found.lat);
  await expectNoAxeViolations(staff);
  await staff.context().close();
});
