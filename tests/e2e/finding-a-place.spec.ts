import { E2E_ADMIN } from "../../playwright.config";
import { SLOW, signIn } from "./admin-core-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, type Page, test } from "./fixtures";

/** Issue 37, "Finding a place and getting there": what a visitor looking for a place and the way there meets. */

const PHONE = { width: 360, height: 640 };
const DESKTOP = { width: 1280, height: 800 };
/** A farm in the Alpujarra, Andalusia, with an address and a position. */
const FARM = "/location/Alpujarra-Terraces-Farm";

const results = (page: Page) =>
  page.getByRole("region", { name: /Results|Resultados|Ergebnisse/ }).getByRole("article");

test.describe("nearest to a town", () => {
  test("a town with no listed place is known: Berlin, in English and German, and München", async ({ page }) => {
    await page.goto("/locations?near=Berlin");
    await expect(page.getByText(/don't know a place called/)).toHaveCount(0);
    await expect(results(page).first()).toContainText(/\d+(\.\d)? (m|km) from Berlin, Germany/);

    await page.goto("/de/locations?near=M%C3%BCnchen");
    await expect(results(page).first()).toContainText(/\d+(,\d)? (m|km) von München, Deutschland/);
    // Without accents, in Portuguese.
    await page.goto("/pt/locations?near=sao%20paulo");
    await expect(results(page).first()).toContainText(/São Paulo, Brasil/);
  });

  test("a town typed on the map after a refused position shows its nearest places on the map", async ({ browser }) => {
    const context = await browser.newContext({ permissions: [], viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto("/es/map");
    await expect(page.locator("[data-map-box]")).toHaveAttribute("data-map-ready", "true", { timeout: 30_000 });
    await page.getByRole("button", { name: "Cerca de mí" }).click();
    await page.getByLabel("Localidad o lugar").fill("Berlin");
    await page.getByRole("button", { name: "Buscar lugares cerca" }).click();
    const nearest = page.getByRole("region", { name: "Lugares más cercanos" });
    await expect(nearest.getByRole("listitem").first()).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("Los lugares más cercanos a Berlín, Alemania están en el mapa");
    // The answer is on the map, in view.
    const box = await nearest.boundingBox();
    expect(box && box.y + box.height <= DESKTOP.height).toBe(true);
    await context.close();
  });
});

test.describe("a place page tells how to get there", () => {
  test("directions, the map app, the address and the mini map at town level", async ({ page }) => {
    await page.goto(FARM);
    const directions = page.getByRole("link", { name: "Directions on OpenStreetMap" });
    await expect(directions).toHaveAttribute(
      "href",
      /^https:\/\/www\.openstreetmap\.org\/directions\?route=%3B36\.\d+%2C-3\.\d+#map=14\//,
    );
    await expect(page.getByRole("link", { name: "Open in your map app" })).toHaveAttribute(
      "href",
      /^geo:36\.\d+,-3\.\d+\?q=36\.\d+,-3\.\d+\(Alpujarra%20Terraces%20Farm\)$/,
    );
    await expect(page.getByRole("link", { name: /Cortijo Los Almendros.*\(on a street map\)/ })).toHaveAttribute(
      "href",
      /^https:\/\/www\.openstreetmap\.org\/\?mlat=36\.\d+&mlon=-3\.\d+#map=17\//,
    );
    // The mini map shows the farm's surroundings with the nearest towns named (it showed all of Iberia: zoom 3).
    const outline = await page.getByRole("img", { name: /Map showing Alpujarra Terraces Farm/ }).locator("image");
    const zoom = Number(new URL(`http://x${await outline.getAttribute("href")}`).searchParams.get("zoom"));
    expect(zoom).toBeGreaterThanOrEqual(7);
    const svg = await (await page.request.get((await outline.getAttribute("href")) ?? "")).text();
    expect(svg).toContain(">Motril<");
    await expect(page.getByRole("link", { name: "Open in the full map" })).toHaveAttribute(
      "href",
      new RegExp(`zoom=${zoom + 1}$`),
    );
  });

  test("nearby places, nearest first, in the page's language", async ({ page }) => {
    await page.goto(`/de${FARM}`);
    const nearby = page.getByRole("region", { name: "Orte in der Nähe" });
    const items = nearby.getByRole("listitem");
    await expect(items.first()).toContainText(/\d+ km entfernt · Ökodorf · Monchique, Portugal/);
    await items.first().getByRole("link").click();
    await expect(page).toHaveURL(/\/de\/location\/Serra-Cork-Oak-Ecovillage$/);
  });

  test("share copies the link on a computer", async ({ browser }) => {
    const context = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"], viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`/fr${FARM}`);
    const share = page.getByRole("button", { name: "Copier le lien de ce lieu" });
    await share.click();
    await expect(page.getByRole("status").filter({ hasText: "Lien copié." })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      /^http:\/\/localhost:\d+\/fr\/location\/Alpujarra-Terraces-Farm$/,
    );
    await expectNoAxeViolations(page);
    await context.close();
  });

  test("share opens the phone's share sheet", async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    // Chromium on Linux has no share sheet: a stand-in records what the page asks the browser to share.
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { __shared: shared });
      Object.defineProperty(navigator, "share", { value: async (data: ShareData) => void shared.push(data) });
      Object.defineProperty(navigator, "canShare", { value: () => true });
    });
    await page.goto(`/es${FARM}`);
    await page.getByRole("button", { name: "Compartir este lugar" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared))
      .toEqual([
        {
          title: "Finca de los Bancales de la Alpujarra",
          url: expect.stringMatching(/\/es\/location\/Alpujarra-Terraces-Farm$/),
        },
      ]);
    await expectNoAxeViolations(page);
    await context.close();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("share is a plain link to the page's own address", async ({ page }) => {
      await page.goto(`/pt${FARM}`);
      await expect(page.getByRole("link", { name: "Compartilhar este lugar" })).toHaveAttribute(
        "href",
        /^http:\/\/localhost:\d+\/pt\/location\/Alpujarra-Terraces-Farm$/,
      );
      await expect(page.getByRole("link", { name: "Rota no OpenStreetMap" })).toBeVisible();
    });
  });

  test("the place page has no axe violations in German", async ({ page }) => {
    await page.goto(`/de${FARM}`);
    await expectNoAxeViolations(page);
  });
});

test.describe("the locations list on a phone", () => {
  test("the filters fold behind a button that counts them, and the first result is on the first screen", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/locations");
    const form = page.getByRole("search", { name: "Filter locations" });
    const toggle = page.locator("summary", { hasText: /^Filters$/ });
    await expect(toggle).toBeVisible();
    await expect(form).toBeHidden();
    const first = await results(page).first().boundingBox();
    expect(first && first.y < PHONE.height - 64).toBe(true);
    await toggle.click();
    await expect(form).toBeVisible();
    await form.getByLabel("Region", { exact: true }).selectOption({ label: "Europe" });
    await form.getByRole("button", { name: "Show locations" }).click();
    await expect(page).toHaveURL(/region=Europe/);
    await expect(page.locator("summary", { hasText: "Filters (1)" })).toBeVisible();

    await page.goto("/de/locations?region=Europe&near=Berlin");
    await expect(page.locator("summary", { hasText: "Filter (2)" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("on a computer the filters are shown as before, with no button", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/locations");
    await expect(page.getByRole("search", { name: "Filter locations" })).toBeVisible();
    await expect(page.locator("summary", { hasText: "Filters" })).toBeHidden();
    await page.getByRole("search", { name: "Filter locations" }).getByLabel("Search").fill("farm");
    await page.getByRole("button", { name: "Show locations" }).click();
    await expect(page).toHaveURL(/q=farm/);
  });
});

test.describe("the map", () => {
  const ready = (page: Page) =>
    expect(page.locator("[data-map-box]")).toHaveAttribute("data-map-ready", "true", { timeout: 30_000 });
  const inView = async (page: Page) =>
    Number((await page.getByText(/locations? in view$/).textContent())?.replace(/\D/g, ""));

  test("Near me is a control on the map, and its answer is in view on a phone", async ({ browser }) => {
    const context = await browser.newContext({
      viewport: PHONE,
      permissions: ["geolocation"],
      geolocation: { latitude: 52.52, longitude: 13.405 },
      locale: "de-DE",
    });
    const page = await context.newPage();
    await page.goto("/de/map");
    const nearMe = page.locator("[data-map-box]").getByRole("button", { name: "In meiner Nähe" });
    const box = await nearMe.boundingBox();
    expect(box && box.y + box.height < PHONE.height).toBe(true);
    await ready(page);
    // The first thing the keyboard reaches in the map.
    expect(
      await page
        .locator("[data-map-box]")
        .evaluate((box) => box.querySelector("a[href], button:not([disabled]), [tabindex='0']")?.textContent),
    ).toBe("In meiner Nähe");
    await nearMe.focus();
    await page.keyboard.press("Enter");
    const nearest = page.getByRole("region", { name: "Nächstgelegene Orte" });
    await expect(nearest.getByRole("listitem").first()).toBeInViewport();
    await expect(page.getByRole("alert").filter({ hasText: "am nächsten liegen" })).toBeInViewport();
    await expectNoAxeViolations(page);
    // Closed, the focus goes back to the control.
    await page.getByRole("button", { name: "Liste der nächsten Orte schließen" }).click();
    await expect(nearest).toHaveCount(0);
    await expect(nearMe).toBeFocused();
    await context.close();
  });

  test("the first view shows every place, on a computer", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/map");
    const total = Number((await page.getByText(/locations with a place on the map/).textContent())?.replace(/\D/g, ""));
    // The server-drawn first view already holds them all, and so does the interactive map.
    expect(await inView(page)).toBe(total);
    await ready(page);
    await expect.poll(() => inView(page)).toBe(total);
  });

  test("the address follows the view, and opening it draws that view", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/map?region=Europe");
    await ready(page);
    await page.getByRole("link", { name: "Zoom in", exact: true }).click();
    await expect(page).toHaveURL(/\/map\?lat=[-\d.]+&lng=[-\d.]+&zoom=[\d.]+&region=Europe$/);
    const url = new URL(page.url());
    const [lat, lng, zoom] = ["lat", "lng", "zoom"].map((k) => url.searchParams.get(k));
    // Opened in a new tab (the server draws it first), the map shows the same view.
    const html = await (await page.request.get(url.pathname + url.search)).text();
    expect(html).toContain(`/api/map/outline?lat=${lat}&amp;lng=${lng}&amp;zoom=${zoom}&amp;`);
    const other = await page.context().newPage();
    await other.goto(url.pathname + url.search);
    await ready(other);
    await expect(other).toHaveURL(url.href);
  });

  test("the built-in map stops where its data ends, and says so", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    // Closer than the built-in map goes: drawn at its closest, where every place stands apart.
    await page.goto("/map?lat=36.9&lng=-3.42&zoom=16");
    await expect(page.getByText("This map shows towns, not streets.")).toBeVisible();
    await expect(page.getByText(/Staff: for street maps/)).toHaveCount(0);
    const zoomIn = page.getByRole("link", { name: "Zoom in", exact: true });
    await expect(zoomIn).toHaveAttribute("aria-disabled", "true");
    await expect(zoomIn).toHaveAttribute("href", /zoom=13&|zoom=13$/);
    await ready(page);
    await expect(page.getByText("This map shows towns, not streets.")).toBeVisible();
    await expectNoAxeViolations(page);
    // Zoomed out to where the towns are named, the note goes.
    await page.getByRole("link", { name: "Zoom out", exact: true }).click();
    await page.getByRole("link", { name: "Zoom out", exact: true }).click();
    await page.getByRole("link", { name: "Zoom out", exact: true }).click();
    await page.getByRole("link", { name: "Zoom out", exact: true }).click();
    await expect(page.getByText("This map shows towns, not streets.")).toHaveCount(0);
  });

  test("staff are told what to configure for street maps, and the settings explain the choices", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/, SLOW);
    const res = await page.goto("/es/map?lat=36.9&lng=-3.42&zoom=12");
    expect(res?.headers()["cache-control"]).toContain("private");
    await expect(page.getByText(/Equipo: para ver calles, rellena «Map tile style URL»/)).toBeVisible();

    await page.goto("/admin/dashboard/site-settings");
    const field = page.getByLabel("Map tile style URL");
    await expect(field).toHaveAccessibleDescription(/street detail/);
    const choices = page.locator("#street-maps");
    await expect(choices).toContainText("A hosted style");
    await expect(choices).toContainText("A PMTiles file on this server");
    await expect(choices).toContainText(/Privacy: each visitor.s browser then loads the style, tiles/);
    await expectNoAxeViolations(page);
    // The site's own PMTiles style is a path on this site: accepted (it was refused as not https://). Checked beside a
    // refused field, so nothing is saved while other tests use the map.
    await field.fill("/api/map/style.json");
    await page.getByLabel("Contact e-mail").fill("not-an-address");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByLabel("Contact e-mail")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Map tile style URL")).not.toHaveAttribute("aria-invalid", "true");
  });
});
