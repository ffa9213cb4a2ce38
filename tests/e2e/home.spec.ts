import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { seen, takesClicks } from "./seen";

test.describe("home page", () => {
  test("hero says what the site is and leads to the map and the application", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/permaculture/i);
    await expect(page.getByText(/Connecting permaculture educators and learners worldwide/).first()).toBeVisible();
    const hero = page.locator("section", { has: page.getByRole("heading", { level: 1 }) });
    await expect(hero.getByRole("link", { name: "Explore the map" })).toHaveAttribute("href", "/map");
    await expect(hero.getByRole("link", { name: "Apply now" })).toHaveAttribute("href", "/application");
    await expect(page).toHaveTitle(/Permaculture Network/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /permaculture/i);
  });

  test("shows the map of all locations in the server HTML, without layout shift", async ({ page, request }) => {
    const html = await (await request.get("/")).text();
    expect(html).toContain("data-map-svg");
    expect(html).toMatch(/aria-label="\d+ locations here; zoom in"/);
    // MapLibre is not part of the page's first load.
    expect(html).not.toContain("maplibre-map.client");

    await page.goto("/");
    const map = page.locator("[data-map-box]");
    await expect(map.locator("svg[data-map-svg]")).toBeVisible();
    const box = await map.boundingBox();
    expect(box && Math.round(box.width / box.height)).toBe(2);
    await expect(page.getByRole("heading", { name: /\d+ places on the map/ })).toBeVisible();
    const cls = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
              if (!e.hadRecentInput) total += e.value;
            }
          }).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(total), 1000);
        }),
    );
    expect(cls).toBeLessThanOrEqual(0.02);
  });

  test("the map's country outlines are one cached image, not path data in the HTML", async ({ page, request }) => {
    const html = await (await request.get("/")).text();
    // The outline would be tens of kilobytes of path data, twice (markup and hydration data).
    expect(html).not.toMatch(/ d="M[^"]{2000,}"/);
    expect(html).not.toMatch(/"M-?\d+ -?\d+[l ][^"]{2000,}"/);
    const href = html.match(/<image href="(\/api\/map\/outline\?[^"]+)"/)?.[1]?.replaceAll("&amp;", "&");
    expect(href).toBeTruthy();
    // Preloaded from the head, so it is fetched early and only once.
    expect(html).toMatch(/<link rel="preload" href="\/api\/map\/outline\?[^"]+" as="image"/);
    const res = await request.get(href ?? "");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(await res.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*><path d="M/);

    const outlines: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/map/outline")) outlines.push(r.url());
    });
    await page.goto("/");
    const image = page.locator("svg[data-map-svg] image[data-map-outline]");
    await expect(image).toHaveAttribute("href", href ?? "");
    // Drawn: the image has its full size in the map.
    await expect
      .poll(() => image.evaluate((el) => (el as SVGImageElement).getBoundingClientRect().width))
      .toBeGreaterThan(100);
    expect(outlines).toHaveLength(1);
  });

  test("the home map becomes interactive when the visitor reaches for it", async ({ page }) => {
    await page.goto("/");
    const map = page.locator("[data-map-box]");
    await map.hover();
    await expect(map).toHaveAttribute("data-map-ready", "true", { timeout: 30_000 });
    await expect(map.locator("canvas.maplibregl-canvas")).toBeVisible();
  });

  test("lists featured locations with images, upcoming programs and recent episodes", async ({ page }) => {
    await page.goto("/");
    const featured = page.getByRole("region", { name: "Featured locations" });
    const cards = featured.getByRole("listitem");
    expect(await cards.count()).toBeGreaterThan(0);
    const firstLink = cards.first().getByRole("link");
    await expect(firstLink).toHaveAttribute("href", /^\/location\//);
    const img = cards.first().locator("picture img");
    await expect(img).toHaveAttribute("loading", "lazy");
    await expect(img).toHaveAttribute("width", /\d+/);
    await expect(cards.first().locator('picture source[type="image/webp"]')).toHaveCount(1);

    const programs = page.getByRole("region", { name: "Upcoming programs" });
    const programItems = programs.getByRole("listitem");
    expect(await programItems.count()).toBeGreaterThan(0);
    expect(await programItems.count()).toBeLessThanOrEqual(4);
    await expect(programItems.first().getByRole("link")).toHaveAttribute("href", /^\/program\//);
    await expect(programItems.first()).toContainText(/\d{4}/);
    await expect(programItems.first()).toContainText(/In person|Online|Hybrid/);

    const episodes = page.getByRole("region", { name: "Recent podcast episodes" });
    await expect(episodes.getByRole("listitem")).toHaveCount(3);
    await expect(episodes.getByRole("listitem").first().getByRole("link")).toHaveAttribute(
      "href",
      /^\/podcast#episode-\d+/,
    );
  });

  test("on a 320 px phone, an episode's number, date and length read as one line of text that wraps, not as columns", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto("/es");
    const metas = page.getByRole("region", { name: "Episodios recientes del pódcast" }).locator("li > p:first-child");
    await expect(metas).toHaveCount(3);
    const broken = await metas.evaluateAll((ps) =>
      ps
        .map((p) => {
          // "Episodio 8 ·" is a few letters: in a flowing line it never breaks; squeezed into a column it does.
          const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
          const first = walker.nextNode();
          if (!first?.textContent?.trim()) return "no text";
          const range = document.createRange();
          range.selectNodeContents(first);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          return lines.size > 1 ? `"${first.textContent.trim()}" takes ${lines.size} lines` : "";
        })
        .filter(Boolean),
    );
    expect(broken).toEqual([]);
  });

  test("invites to apply and to subscribe", async ({ page }) => {
    await page.goto("/");
    const join = page.getByRole("region", { name: "Teach or learn with us" });
    await expect(join.getByRole("link", { name: "Apply now" })).toHaveAttribute("href", "/application");
    await expect(join.getByRole("textbox", { name: /e-?mail/i })).toBeVisible();
    await expect(join.getByRole("button", { name: /subscribe/i })).toBeVisible();
  });

  test("the home page has no axe violations", async ({ page }) => {
    await page.goto("/");
    await expectNoAxeViolations(page);
  });
});

/** The share of the map that its visible controls (zoom and pan) cover, from 0 to 1. */
async function controlsCover(page: Page): Promise<number> {
  const map = page.locator("[data-map-box]");
  const mapBox = await map.boundingBox();
  if (!mapBox) throw new Error("the map has no box");
  let covered = 0;
  for (const control of await map.getByRole("navigation").getByRole("link").all()) {
    const box = (await seen(control)) ? await control.boundingBox() : null;
    if (box) covered += box.width * box.height;
  }
  return covered / (mapBox.width * mapBox.height);
}

const focusInMap = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest("[data-map-box]")));

for (const [device, use] of [
  ["a narrow window with a mouse", { viewport: { width: 390, height: 844 } }],
  ["a touch phone", { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
] as const) {
  test.describe(`the home map in ${device}`, () => {
    test.use(use);

    test("shows the map, not the controls: no pan arrows and small zoom buttons, before and after MapLibre takes over", async ({
      page,
    }) => {
      await page.goto("/");
      const map = page.locator("[data-map-box]");
      await map.scrollIntoViewIfNeeded();
      await expect(map.locator("svg[data-map-svg]")).toBeVisible();
      const panNorth = map.getByRole("link", { name: "Pan north" });
      await expect.poll(() => seen(panNorth)).toBe(false);
      // Nor do they catch a click or a tap meant for the map.
      expect(await takesClicks(panNorth)).toBe(false);
      await expect(map.getByRole("link", { name: "Zoom in", exact: true })).toBeVisible();
      await expect(map.getByRole("link", { name: "Zoom out", exact: true })).toBeVisible();
      expect(await takesClicks(map.getByRole("link", { name: "Zoom in", exact: true }))).toBe(true);
      expect(await controlsCover(page)).toBeLessThan(0.05);

      // Reaching for the map (a tap or the pointer, near its top edge where there are no clusters) starts MapLibre.
      const box = await map.boundingBox();
      if (!box) throw new Error("the map has no box");
      if ("hasTouch" in use) await page.touchscreen.tap(box.x + box.width / 2, box.y + 4);
      else {
        await page.mouse.move(box.x + box.width / 2, box.y + 4);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width / 2 - 40, box.y + 4, { steps: 4 });
        await page.mouse.up();
      }
      await expect(map).toHaveAttribute("data-map-ready", "true", { timeout: 30_000 });
      await expect.poll(() => seen(panNorth)).toBe(false);
      await expect(map.getByRole("link", { name: "Zoom in", exact: true })).toBeVisible();
      expect(await controlsCover(page)).toBeLessThan(0.05);
      await expect(page).toHaveURL(/\/$/);
    });

    test("keyboard focus in the map shows the pan arrows, which pan it, as do the arrow keys", async ({ page }) => {
      await page.goto("/");
      const map = page.locator("[data-map-box]");
      const panNorth = map.getByRole("link", { name: "Pan north" });
      await page.getByRole("link", { name: "Open the full map" }).focus();
      await page.keyboard.press("Tab");
      expect(await focusInMap(page)).toBe(true);
      // The server-drawn map has the focus: the arrows show at once.
      await expect.poll(() => seen(panNorth)).toBe(true);
      // Focus started MapLibre; when it replaces the server-drawn map, focus stays in the map and so do the arrows.
      await expect(map).toHaveAttribute("data-map-ready", "true", { timeout: 30_000 });
      expect(await focusInMap(page)).toBe(true);
      await expect.poll(() => seen(panNorth)).toBe(true);
      // Near me comes first in the map for the keyboard (where it sits on screen); the map itself a Tab or two later.
      const canvas = map.locator("canvas.maplibregl-canvas");
      for (let i = 0; i < 10 && !(await canvas.evaluate((el) => el === document.activeElement)); i++) {
        await page.keyboard.press("Tab");
        expect(await focusInMap(page)).toBe(true);
      }
      await expect(canvas).toBeFocused();
      await expect.poll(() => seen(panNorth)).toBe(true);

      let moved = page.waitForResponse((r) => r.url().includes("/api/map/clusters?bbox="));
      await page.keyboard.press("ArrowRight");
      await moved;

      const panEast = map.getByRole("link", { name: "Pan east" });
      for (let i = 0; i < 80 && !(await panEast.evaluate((el) => el === document.activeElement)); i++) {
        await page.keyboard.press("Tab");
        await expect.poll(() => seen(panNorth)).toBe(true);
      }
      await expect(panEast).toBeFocused();
      moved = page.waitForResponse((r) => r.url().includes("/api/map/clusters?bbox="));
      await page.keyboard.press("Enter");
      await moved;
      await expect(page).toHaveURL(/\/$/);

      // Focus leaves the map: the arrows give way again.
      for (let i = 0; i < 80 && (await focusInMap(page)); i++) await page.keyboard.press("Tab");
      await expect.poll(() => seen(panNorth)).toBe(false);
    });
  });
}

test.describe("the home map in a narrow window without JavaScript", () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

  test("the pan arrows show on keyboard focus and are links that pan the full map", async ({ page }) => {
    await page.goto("/");
    const map = page.locator("[data-map-box]");
    await expect(map.locator("svg[data-map-svg]")).toBeVisible();
    const panEast = map.getByRole("link", { name: "Pan east" });
    await expect.poll(() => seen(panEast)).toBe(false);
    await page.getByRole("link", { name: "Open the full map" }).focus();
    await page.keyboard.press("Tab");
    await expect.poll(() => seen(panEast)).toBe(true);
    for (let i = 0; i < 80 && !(await panEast.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/map\?lat=[-\d.]+&lng=[-\d.]+&zoom=/);
  });
});
