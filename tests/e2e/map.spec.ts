import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { seen } from "./seen";

const CLUSTER_NAME = /locations here; zoom in/;

/** The first cluster link of the server-drawn map (what shows before MapLibre takes over, or without JavaScript). */
const firstSvgCluster = (page: Page) =>
  page.locator("svg[data-map-svg]").getByRole("link", { name: CLUSTER_NAME }).first();

/**
 * A server-drawn cluster that a visitor can actually click: the SVG runs under the filters panel and the sticky
 * header, so the first cluster in document order may be hidden behind them (which one depends on the data).
 */
async function clickableSvgCluster(page: Page): Promise<Locator> {
  const clusters = page.locator("svg[data-map-svg]").getByRole("link", { name: CLUSTER_NAME });
  const covers = [
    await page.locator("header").first().boundingBox(),
    await page.getByRole("complementary", { name: "Map filters and places in view" }).boundingBox(),
  ];
  const viewport = page.viewportSize();
  const count = await clusters.count();
  for (let i = 0; i < count; i++) {
    const box = await clusters.nth(i).boundingBox();
    if (!box || !viewport) continue;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    const inView = x > 0 && y > 0 && x < viewport.width && y < viewport.height;
    const covered = covers.some((c) => c && x >= c.x && x <= c.x + c.width && y >= c.y && y <= c.y + c.height);
    if (inView && !covered) return clusters.nth(i);
  }
  throw new Error("no cluster of the server-drawn map is in view");
}

/** A cluster's count (count-glyphs.ts) is drawn as strokes, not text, centred inside the cluster's `disc`. */
async function expectCountCentredIn(ink: Locator, disc: Locator) {
  const inkBox = await ink.boundingBox();
  const discBox = await disc.boundingBox();
  expect(inkBox && discBox).toBeTruthy();
  if (!inkBox || !discBox) return;
  expect(inkBox.width).toBeGreaterThan(4);
  expect(inkBox.height).toBeGreaterThan(4);
  expect(inkBox.x).toBeGreaterThan(discBox.x);
  expect(inkBox.x + inkBox.width).toBeLessThan(discBox.x + discBox.width);
  expect(Math.abs(inkBox.x + inkBox.width / 2 - (discBox.x + discBox.width / 2))).toBeLessThan(2);
  expect(Math.abs(inkBox.y + inkBox.height / 2 - (discBox.y + discBox.height / 2))).toBeLessThan(2);
}

test.describe("map", () => {
  test("the server HTML already contains the map with links to places and clusters", async ({ request }) => {
    const res = await request.get("/map");
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain("data-map-svg");
    // Clusters link to the map zoomed in; places link to their pages.
    expect(html).toMatch(
      /<a href="\/map\?lat=[-\d.]+&amp;lng=[-\d.]+&amp;zoom=\d+"[^>]*aria-label="\d+ locations here; zoom in"/,
    );
    expect(html).toMatch(/locations in view/);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("clusters and places in the SVG are links", async ({ page }) => {
      await page.goto("/map");
      await expect(page.locator("svg[data-map-svg]")).toBeVisible();
      const cluster = firstSvgCluster(page);
      await expect(cluster).toBeVisible();
      // Every map position is a page of its own: crawlers are asked not to follow the cluster, zoom and pan links.
      await expect(cluster).toHaveAttribute("rel", "nofollow");
      const positionLinks = page.locator('a[href^="/map?"]');
      expect(await positionLinks.count()).toBeGreaterThan(3);
      expect(await page.locator('a[href^="/map?"]:not([rel="nofollow"])').count()).toBe(0);
      await (await clickableSvgCluster(page)).click();
      await expect(page).toHaveURL(/\/map\?lat=.*&zoom=\d+/);
    });

    test("zooming into a cluster keeps the filters", async ({ page }) => {
      await page.goto("/map?region=Europe");
      await (await clickableSvgCluster(page)).click();
      await expect(page).toHaveURL(/\/map\?lat=.*&zoom=[\d.]+&region=Europe$/);
    });

    test("cluster counts are drawn as strokes inside their circles", async ({ page }) => {
      await page.goto("/map");
      const cluster = firstSvgCluster(page);
      await expectCountCentredIn(cluster.locator("path").last(), cluster.locator("circle").last());
      await expect(cluster.locator("text")).toHaveCount(0);
    });

    test("'Near me' is disabled and says it needs JavaScript", async ({ page }) => {
      await page.goto("/map");
      await expect(page.getByRole("button", { name: "Near me" })).toBeDisabled();
      // A <noscript> line (Playwright's script switch leaves the parser scripting, so it stays unparsed here; a
      // browser with JavaScript turned off shows it).
      expect(await page.content()).toMatch(
        /<noscript>[^<]*<p[^>]*>Near me needs JavaScript to find your position\.<\/p><\/noscript>/,
      );
    });
  });

  test("clusters endpoint returns compact JSON and rejects a bad bbox with a clear 400", async ({ request }) => {
    const ok = await request.get("/api/map/clusters?bbox=-180,-85,180,85&zoom=1");
    expect(ok.status()).toBe(200);
    expect(ok.headers()["cache-control"]).toContain("public");
    const body = (await ok.json()) as { clusters: unknown[][]; points: unknown[][]; total: number };
    expect(body.total).toBeGreaterThan(10);
    const first = body.clusters[0] ?? [];
    // [lng, lat, count, id, expansion zoom, where the group is: its countries' codes, or a town and its country]
    expect(first).toHaveLength(6);
    expect(first[5]).toMatch(/^[A-Z]{2}(,[A-Z]{2})?(,\+)?$|^@[A-Z]{2}:./);
    const counted = body.clusters.reduce((n, c) => n + Number(c[2]), 0) + body.points.length;
    expect(counted).toBe(body.total);

    const bad = await request.get("/api/map/clusters?bbox=1,2,3&zoom=1");
    expect(bad.status()).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain("four numbers");
    const badZoom = await request.get("/api/map/clusters?bbox=0,0,10,10&zoom=99");
    expect(badZoom.status()).toBe(400);
    expect(((await badZoom.json()) as { error: string }).error).toContain("zoom");

    const basemap = await request.get("/api/map/clusters?basemap=1");
    expect(basemap.status()).toBe(200);
    expect(((await basemap.json()) as { type: string }).type).toBe("FeatureCollection");
  });

  test("the first paint's outline image follows the view and refuses a bad query with a 400", async ({ request }) => {
    const html = await (await request.get("/map?lat=38.7&lng=-9.1&zoom=6")).text();
    const href = html.match(/<image href="(\/api\/map\/outline\?[^"]+)"/)?.[1]?.replaceAll("&amp;", "&") ?? "";
    expect(href).toContain("lat=38.7&lng=-9.1&zoom=6&width=1024&height=512&v=");
    const ok = await request.get(href);
    expect(ok.status()).toBe(200);
    expect(ok.headers()["content-type"]).toContain("image/svg+xml");
    expect(ok.headers()["cache-control"]).toContain("immutable");

    const bad = await request.get("/api/map/outline?lat=north&lng=-9.1&zoom=6&width=1024&height=512");
    expect(bad.status()).toBe(400);
    expect(bad.headers()["cache-control"]).toBe("no-store");
    expect(((await bad.json()) as { error: string }).error).toContain("lat must be a number");
    const huge = await request.get("/api/map/outline?lat=0&lng=0&zoom=99&width=100000&height=512");
    expect(huge.status()).toBe(400);
  });

  test("MapLibre takes over, the in-view list follows the map and the paint marks exist", async ({ page }) => {
    await page.goto("/map");
    const box = page.locator("[data-map-box]");
    await expect(box).toHaveAttribute("data-map-ready", "true", { timeout: 30_000 });
    await expect(page.locator("[data-map-canvas] canvas.maplibregl-canvas")).toBeVisible();
    await expect(page.locator("svg[data-map-svg]")).toHaveCount(0);

    const marks = await page.evaluate(() => ({
      svg: performance.getEntriesByName("map:clusters-painted").length,
      maplibre: performance.getEntriesByName("map:maplibre-clusters-painted").length,
    }));
    expect(marks.svg).toBeGreaterThan(0);
    expect(marks.maplibre).toBeGreaterThan(0);

    const summary = page.getByRole("status").filter({ hasText: /locations? in view/ });
    const before = await summary.textContent();
    const entries = await page.evaluate(() => history.length);
    // Zoom in with the keyboard-operable control: fewer places fit in view.
    const response = page.waitForResponse((r) => r.url().includes("/api/map/clusters?bbox="));
    await page.getByRole("link", { name: "Zoom in", exact: true }).focus();
    await page.keyboard.press("Enter");
    await response;
    await page.getByRole("link", { name: "Pan east" }).press("Enter");
    await expect(summary).not.toHaveText(before ?? "", { timeout: 10_000 });
    // MapLibre took over the control: no page was loaded, but the address follows the view (replaced, not pushed),
    // so it can be bookmarked or shared.
    await expect(page).toHaveURL(/\/map\?lat=[-\d.]+&lng=[-\d.]+&zoom=[\d.]+$/);
    expect(await page.evaluate(() => history.length)).toBe(entries);
  });

  test("cluster markers on the interactive map are keyboard buttons that zoom in", async ({ page }) => {
    await page.goto("/map");
    await expect(page.locator("[data-map-box]")).toHaveAttribute("data-map-ready", "true", { timeout: 30_000 });
    const cluster = page.locator("[data-map-canvas]").getByRole("button", { name: CLUSTER_NAME }).first();
    // The count is drawn as on the server-drawn map: strokes centred in the marker.
    await expectCountCentredIn(cluster.locator("path"), cluster);
    await cluster.focus();
    const response = page.waitForResponse((r) => r.url().includes("/api/map/clusters?bbox="));
    await page.keyboard.press("Enter");
    const url = new URL((await response).url());
    expect(Number(url.searchParams.get("zoom"))).toBeGreaterThan(1);
  });

  test("filters are a GET form reflected in the URL and narrow the map", async ({ page }) => {
    await page.goto("/map");
    const all = await page
      .getByRole("status")
      .filter({ hasText: /locations? in view/ })
      .textContent();
    const search = page.getByRole("search", { name: "Filter the map" });
    await search.getByLabel("Region", { exact: true }).selectOption({ label: "Europe" });
    await search.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/map\?region=Europe/);
    await expect(page.getByLabel("Region", { exact: true })).toHaveValue("Europe");
    await expect(page.getByRole("status").filter({ hasText: /locations? in view/ })).not.toHaveText(all ?? "");
    await expect(page.getByRole("link", { name: "Clear filters" })).toBeVisible();
    // The filtered clusters endpoint is asked with the same parameters.
    const res = await page.request.get("/api/map/clusters?bbox=-180,-85,180,85&zoom=1&region=Europe");
    const body = (await res.json()) as { total: number };
    const everything = (await (await page.request.get("/api/map/clusters?bbox=-180,-85,180,85&zoom=1")).json()) as {
      total: number;
    };
    expect(body.total).toBeGreaterThan(0);
    expect(body.total).toBeLessThan(everything.total);
  });

  test("honours ?lat&lng&zoom and has page metadata", async ({ page }) => {
    await page.goto("/map?lat=38.7&lng=-9.1&zoom=6");
    await expect(page).toHaveTitle(/Map/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/map$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Map/);
    await expect(page.getByRole("link", { name: "Zoom out", exact: true })).toHaveAttribute("href", /zoom=5/);
  });

  test("'Near me' explains a denied location permission and offers to type a place", async ({ browser }) => {
    const context = await browser.newContext({ permissions: [] });
    const page = await context.newPage();
    await page.goto("/map");
    await page.getByRole("button", { name: "Near me" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /Location access was denied/ })).toBeVisible();
    await page.getByLabel("Town or place").fill("Lisbon");
    await page.getByRole("button", { name: "Find places near it" }).click();
    // The places nearest to that town are shown on the map, and listed over it (issue 37: it opened /locations).
    await expect(
      page.getByRole("alert").filter({ hasText: "places nearest to Lisbon, Portugal are on the map" }),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Nearest places" }).getByRole("listitem").first()).toBeVisible();
    await expect(page).toHaveURL(/\/map/);
    await context.close();
  });

  test("'Near me' in Berlin shows the nearest places on the map and names them, nearest first", async ({ browser }) => {
    const context = await browser.newContext({
      permissions: ["geolocation"],
      geolocation: { latitude: 52.52, longitude: 13.405 },
      locale: "de-DE",
    });
    const page = await context.newPage();
    await page.goto("/map");
    const map = page.locator("[data-map-box]");
    await expect(map).toHaveAttribute("data-map-ready", "true", { timeout: 30_000 });
    await page.getByRole("button", { name: "Near me" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /places nearest to you are on the map/ })).toBeVisible();

    const expected = (await (await page.request.get("/api/map/nearest?lat=52.52000&lng=13.40500")).json()) as {
      places: { name: string; distanceKm: number }[];
    };
    expect(expected.places.length).toBeGreaterThanOrEqual(5);
    const first = expected.places[0]?.name ?? "";
    const nearest = page.getByRole("region", { name: "Nearest places" });
    const items = nearest.getByRole("listitem");
    await expect(items).toHaveCount(expected.places.length);
    await expect(items.first().getByRole("link")).toHaveText(first);
    // In kilometres for a German-speaking visitor, in the page's number format.
    await expect(items.first()).toContainText(/\d km$/);
    await items.first().getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(first);
    await page.goBack();
    // Back on the map, MapLibre starts again (as slow as the first time when the machine is busy).
    await expect(map).toHaveAttribute("data-map-ready", "true", { timeout: 30_000 });

    // The map fitted the visitor and those places: they are all in view, with the visitor's position marked.
    await page.getByRole("button", { name: "Near me" }).click();
    await expect(page.getByRole("img", { name: "Your position" })).toBeVisible();
    await expect
      .poll(async () => Number((await page.getByText(/locations? in view$/).textContent())?.replace(/\D/g, "")))
      .toBeGreaterThanOrEqual(expected.places.length);
    await context.close();
  });

  test("'Near me' gives distances in miles where the visitor reads miles", async ({ browser }) => {
    const context = await browser.newContext({
      permissions: ["geolocation"],
      geolocation: { latitude: 38.72, longitude: -9.14 },
      locale: "en-US",
    });
    const page = await context.newPage();
    await page.goto("/map");
    await expect(page.locator("[data-map-box]")).toHaveAttribute("data-map-ready", "true", { timeout: 30_000 });
    await page.getByRole("button", { name: "Near me" }).click();
    const items = page.getByRole("region", { name: "Nearest places" }).getByRole("listitem");
    await expect(items.first()).toContainText(/ mi$/);
    await expectNoAxeViolations(page);
    await context.close();
  });

  test("'Near me' on the home page starts the map and fits the nearest places in", async ({ browser }) => {
    const context = await browser.newContext({
      permissions: ["geolocation"],
      geolocation: { latitude: -34.93, longitude: 138.6 },
    });
    const page = await context.newPage();
    await page.goto("/");
    const button = page.getByRole("button", { name: "Near me" });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeEnabled();
    await button.click();
    await expect(page.getByRole("region", { name: "Nearest places" }).getByRole("listitem").first()).toBeVisible();
    await expect(page.locator("[data-map-box]")).toHaveAttribute("data-map-ready", "true", { timeout: 30_000 });
    await expect(page.getByRole("img", { name: "Your position" })).toBeVisible();
    await context.close();
  });

  test("on a wide screen the pan arrows and full-size zoom buttons show for mouse users too", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/map");
    const map = page.locator("[data-map-box]");
    for (const name of ["Pan north", "Pan west", "Pan east", "Pan south", "Zoom in", "Zoom out"]) {
      expect(await seen(map.getByRole("link", { name, exact: true }))).toBe(true);
    }
    expect((await map.getByRole("link", { name: "Zoom in", exact: true }).boundingBox())?.width).toBe(40);
    await expect(map).toHaveAttribute("data-map-ready", "true", { timeout: 30_000 });
    await map.hover();
    expect(await seen(map.getByRole("link", { name: "Pan north" }))).toBe(true);
  });

  test("on a phone the full map is small too: its pan arrows wait for keyboard focus", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/map");
    const map = page.locator("[data-map-box]");
    await expect(map.getByRole("link", { name: "Zoom in", exact: true })).toBeVisible();
    await expect.poll(() => seen(map.getByRole("link", { name: "Pan north" }))).toBe(false);
    await page.getByRole("link", { name: "Skip to content" }).focus();
    for (let i = 0; i < 60 && !(await page.evaluate(() => !!document.activeElement?.closest("[data-map-box]"))); i++) {
      await page.keyboard.press("Tab");
    }
    await expect.poll(() => seen(map.getByRole("link", { name: "Pan north" }))).toBe(true);
  });

  test("the map page has no axe violations", async ({ page }) => {
    await page.goto("/map");
    await expectNoAxeViolations(page);
    await expect(page.locator("[data-map-box]")).toHaveAttribute("data-map-ready", "true", { timeout: 30_000 });
    await expectNoAxeViolations(page);
  });
});
