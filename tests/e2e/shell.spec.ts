import type { Locator, Page } from "@playwright/test";
import { EXPLORE_CLOSE_DELAY_MS, SITE_TAGLINE } from "~/lib/constants";
import { FOOTER_QUICK_LINK_NAMES } from "~tests/helpers/footer-links";
import { exposedExpanded } from "./ax-state";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

/**
 * Client behaviour (hover delay, focus return) needs React attached. `page.goto` (fixtures.ts) waits for the app;
 * the Explore menu is an island that hydrates after that, when the browser is idle.
 */
async function gotoHydrated(page: Page, url: string) {
  const res = await page.goto(url);
  await waitForExplore(page);
  return res;
}

async function waitForExplore(page: Page) {
  await page.waitForFunction(() => {
    const explore = document.querySelector('nav[aria-label="Main"] button[aria-controls]');
    return !explore || Object.keys(explore).some((k) => k.startsWith("__reactFiber"));
  });
}

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** The Explore menu's code, held back: the moments before the island hydrates (or when it cannot load). */
const EXPLORE_CHUNK = /\/assets\/explore-menu-[\w-]+\.js$/;

/** What a visitor sees of the Explore panel and what the button tells assistive technology, at one moment. */
async function exploreState(page: Page) {
  const expanded = await exposedExpanded(page, "Explore");
  const shown = await mainNav(page).getByRole("link", { name: "Europe" }).isVisible();
  return { expanded, shown };
}

/** The panel is open or closed, and the button says the same. */
async function expectExplore(page: Page, open: boolean) {
  await expect.poll(() => exploreState(page)).toEqual({ expanded: open, shown: open });
}

async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error("Tab never reached the target");
}

/**
 * The Explore button from the keyboard: focus alone opens nothing, Enter opens, Escape closes and focus stays on the
 * button, with focus on the button or on the panel's first link. Gives the button.
 */
async function exploreByKeyboard(page: Page) {
  const explore = mainNav(page).getByRole("button", { name: "Explore" });
  await tabTo(page, explore);
  await expectExplore(page, false);
  await page.keyboard.press("Enter");
  await expectExplore(page, true);
  // Escape with focus still on the button.
  await page.keyboard.press("Escape");
  await expectExplore(page, false);
  await expect(explore).toBeFocused();

  await page.keyboard.press("Enter");
  await expectExplore(page, true);
  await page.keyboard.press("Tab");
  await expect(mainNav(page).getByRole("link", { name: "Locations", exact: true })).toBeFocused();
  await page.keyboard.press("Escape");
  await expectExplore(page, false);
  await expect(explore).toBeFocused();
  return explore;
}

test.describe("desktop header", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("has the header's links and an Apply Now button", async ({ page }) => {
    await gotoHydrated(page, "/");
    const nav = mainNav(page);
    for (const name of ["Home", "Map", "Application", "About Us", "Podcast", "Newsletter"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("button", { name: "Explore" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Apply Now" })).toHaveAttribute(
      "href",
      "/application",
    );
  });

  test("Explore opens on hover, a region pick filters locations and closes it", async ({ page }) => {
    await gotoHydrated(page, "/");
    const explore = mainNav(page).getByRole("button", { name: "Explore" });
    await expectExplore(page, false);
    await explore.hover();
    await expectExplore(page, true);
    for (const name of ["Locations", "Change-Makers", "Resources", "Programs"]) {
      await expect(mainNav(page).getByRole("link", { name, exact: true })).toBeVisible();
    }
    for (const name of ["North America", "South America", "Europe", "Africa", "Asia", "Oceania"]) {
      await expect(mainNav(page).getByRole("link", { name })).toBeVisible();
    }
    // The panel sits right under its button.
    const button = await explore.boundingBox();
    const first = await mainNav(page).getByRole("link", { name: "Locations", exact: true }).boundingBox();
    if (!button || !first) throw new Error("the button or the panel has no box");
    expect(first.y).toBeGreaterThan(button.y + button.height);
    expect(first.y - (button.y + button.height)).toBeLessThan(40);
    expect(Math.abs(first.x - button.x)).toBeLessThan(40);
    await mainNav(page).getByRole("link", { name: "South America" }).click();
    await expect(page).toHaveURL(/\/locations\?region=SouthAmerica$/);
    await expectExplore(page, false);
  });

  test("a pointer already on Explore when its script arrives opens the panel, and the button says so", async ({
    page,
  }) => {
    await page.goto("/");
    const explore = mainNav(page).getByRole("button", { name: "Explore" });
    await explore.hover();
    await waitForExplore(page);
    await expectExplore(page, true);
  });

  test("Explore closes 200 ms after the pointer leaves, not sooner, and the button says so", async ({ page }) => {
    await gotoHydrated(page, "/");
    const explore = mainNav(page).getByRole("button", { name: "Explore" });
    await explore.hover();
    await expectExplore(page, true);
    // Moving from the button down into the panel keeps it open.
    await mainNav(page).getByRole("link", { name: "Europe" }).hover();
    await page.waitForTimeout(EXPLORE_CLOSE_DELAY_MS * 2);
    await expectExplore(page, true);
    // The moment the panel disappears, measured in the page from just before the pointer leaves.
    const left = await page.evaluate(() => {
      const link = [...document.querySelectorAll('nav[aria-label="Main"] a')].find((a) => a.textContent === "Europe");
      const w = window as unknown as { exploreClosedAt: Promise<number> };
      w.exploreClosedAt = new Promise((resolve) => {
        const tick = () => (link?.checkVisibility() ? requestAnimationFrame(tick) : resolve(performance.now()));
        tick();
      });
      return performance.now();
    });
    await page.mouse.move(640, 700);
    const closedAt = await page.evaluate(
      () => (window as unknown as { exploreClosedAt: Promise<number> }).exploreClosedAt,
    );
    expect(closedAt - left).toBeGreaterThanOrEqual(EXPLORE_CLOSE_DELAY_MS);
    expect(closedAt - left).toBeLessThan(EXPLORE_CLOSE_DELAY_MS + 1000);
    await expectExplore(page, false);
  });

  test("Explore works from the keyboard: Enter opens, Escape closes and returns focus, types filter resources", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    const explore = await exploreByKeyboard(page);

    // Arrow down opens the panel on its first link; leaving it with Tab closes it.
    await page.keyboard.press("ArrowDown");
    await expect(mainNav(page).getByRole("link", { name: "Locations", exact: true })).toBeFocused();
    await expectExplore(page, true);
    await page.keyboard.press("Shift+Tab");
    await expect(explore).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expectExplore(page, false);

    await explore.focus();
    await page.keyboard.press("Enter");
    const resources = mainNav(page).getByRole("link", { name: "Resources", exact: true });
    await resources.focus();
    const youtube = mainNav(page).getByRole("link", { name: "YouTube Channels" });
    await expect(youtube).toHaveAttribute("href", "/resources?type=youtube%20channel");
    for (const name of ["Websites", "Books", "Podcasts", "Articles", "Apps"]) {
      await expect(mainNav(page).getByRole("link", { name, exact: true })).toBeVisible();
    }
    await youtube.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/resources\?type=youtube%20channel$/);
    await expectExplore(page, false);
  });

  test("before the menu's script arrives, its panel shows exactly when the button says it is expanded", async ({
    page,
  }) => {
    await page.route(EXPLORE_CHUNK, (route) => route.abort());
    await page.goto("/");
    const explore = await exploreByKeyboard(page);
    // The mouse: whatever a hover does, the button agrees; a click opens and a click elsewhere closes.
    await page.mouse.move(640, 700);
    await explore.hover();
    const hovered = await exploreState(page);
    expect(hovered.shown).toBe(hovered.expanded);
    await explore.click();
    await expectExplore(page, true);
    await page.mouse.click(640, 700);
    await expectExplore(page, false);
  });

  test("without JavaScript the Explore links are plain links that work", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto("/");
    await mainNav(page).getByRole("button", { name: "Explore" }).click();
    await expect(mainNav(page).getByRole("link", { name: "Oceania" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(mainNav(page).getByRole("link", { name: "Oceania" })).toBeHidden();
    await mainNav(page).getByRole("button", { name: "Explore" }).click();
    await mainNav(page).getByRole("link", { name: "Oceania" }).click();
    await expect(page).toHaveURL(/\/locations\?region=Oceania$/);
    await context.close();
  });

  test("the mobile bottom bar is not shown on wide screens", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expect(page.getByRole("navigation", { name: "Shortcuts" })).toBeHidden();
  });
});

test.describe("mobile", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu toggle opens a menu with the Explore items and main links, and a pick closes it", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Newsletter" })).toBeVisible();
    const toggle = page.getByRole("button", { name: "Menu" });
    await expect.poll(() => exposedExpanded(page, "Menu")).toBe(false);
    await expect(toggle).toHaveAttribute("aria-controls", "mobile-menu");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect.poll(() => exposedExpanded(page, "Menu")).toBe(true);
    for (const name of ["Locations", "Change-Makers", "Resources", "Programs", "Home", "Map", "About Us", "Podcast"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await menu.getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
    await expect.poll(() => exposedExpanded(page, "Menu")).toBe(false);
  });

  test("the site's name in the header is shown whole on phones, in every language, not cut off or split in a word", async ({
    page,
  }) => {
    for (const width of [320, 360, 390]) {
      await page.setViewportSize({ width, height: 700 });
      for (const lang of ["", "/es", "/pt", "/fr", "/de"]) {
        const where = `${lang || "/"} at ${width} px`;
        await page.goto(lang || "/");
        const banner = page.getByRole("banner");
        const name = banner.getByRole("link", { name: "Permaculture Network" }).locator("span");
        await expect(name).toHaveText("Permaculture Network");
        const layout = await name.evaluate((el) => {
          const text = el.firstChild;
          // Each word sits on one line (lines break between words only).
          const splitWords: string[] = [];
          if (text?.nodeType === Node.TEXT_NODE) {
            for (const m of (text.textContent ?? "").matchAll(/\S+/g)) {
              const range = document.createRange();
              range.setStart(text, m.index);
              range.setEnd(text, m.index + m[0].length);
              if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) splitWords.push(m[0]);
            }
          }
          // And nothing of the text is clipped: what it needs fits in the box it has.
          const clipped = el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight;
          return { splitWords, clipped };
        });
        expect(layout, where).toEqual({ splitWords: [], clipped: false });
        // The name keeps within the header's row, before the Newsletter link.
        const box = await name.boundingBox();
        const newsletter = await banner.getByRole("link", { name: /newsletter|boletín|boletim|lettre/i }).boundingBox();
        expect(box && newsletter && box.x + box.width <= newsletter.x, where).toBe(true);
      }
    }
  });

  test("the menu opens without JavaScript too (a popover), and Escape closes it", async ({ browser, page }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const plain = await context.newPage();
    await plain.goto("/programs");
    const menu = plain.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeHidden();
    await plain.getByRole("button", { name: "Menu" }).click();
    await expect(menu.getByRole("link", { name: "About Us", exact: true })).toBeVisible();
    await menu.getByRole("link", { name: "About Us", exact: true }).click();
    await expect(plain).toHaveURL(/\/about$/);
    await context.close();

    // With the app live, Escape closes the menu and gives focus back to the toggle.
    await gotoHydrated(page, "/programs");
    const toggle = page.getByRole("button", { name: "Menu" });
    await toggle.click();
    await expect.poll(() => exposedExpanded(page, "Menu")).toBe(true);
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Map", exact: true }).focus();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    await expect.poll(() => exposedExpanded(page, "Menu")).toBe(false);
    await expect(toggle).toBeFocused();
  });

  test("on a 320 px phone, the bottom bar's labels stand apart in every language", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    for (const lang of ["", "/es", "/pt", "/fr", "/de"]) {
      await page.goto(lang || "/");
      const bar = page.getByRole("navigation", {
        name: /^(Shortcuts|Accesos directos|Atalhos|Raccourcis|Schnellzugriff)$/,
      });
      const links = bar.getByRole("link");
      await expect(links).toHaveCount(5);
      const gaps = await links.evaluateAll((as) =>
        as.map((a) => {
          const range = document.createRange();
          range.selectNodeContents(a);
          const text = [...range.getClientRects()].filter((r) => r.height < 20 && r.width > 0).pop();
          return { label: a.textContent?.trim() ?? "", left: text?.left ?? 0, right: text?.right ?? 0 };
        }),
      );
      const touching = gaps
        .slice(1)
        .map((next, i) => ({ prev: gaps[i], next }))
        .filter(({ prev, next }) => prev && next.left - prev.right < 4)
        .map(({ prev, next }) => `${prev?.label}|${next.label}: ${(next.left - (prev?.right ?? 0)).toFixed(1)} px`);
      expect(touching, lang || "/").toEqual([]);
      // And nothing of the bar sticks out of the screen.
      expect(gaps[0]?.left ?? -1).toBeGreaterThanOrEqual(0);
      expect(gaps[4]?.right ?? 999).toBeLessThanOrEqual(320);
    }
  });

  test("the bottom bar highlights the current page and the page keeps room for it", async ({ page }) => {
    await gotoHydrated(page, "/programs");
    const bar = page.getByRole("navigation", { name: "Shortcuts" });
    await expect(bar).toBeVisible();
    await expect(bar.getByRole("link")).toHaveText(["Map", "Programs", "Apply", "Locations", "Podcast"]);
    await expect(bar.getByRole("link", { name: "Programs" })).toHaveAttribute("aria-current", "page");
    await expect(bar.getByRole("link", { name: "Map" })).not.toHaveAttribute("aria-current", "page");
    const box = await bar.boundingBox();
    expect(box?.height).toBe(64);

    await bar.getByRole("link", { name: "Podcast" }).click();
    await expect(page).toHaveURL(/\/podcast$/);
    await expect(bar.getByRole("link", { name: "Podcast" })).toHaveAttribute("aria-current", "page");

    // Scrolled to the very bottom, the footer's last line sits above the bar, not under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footerBottom = await page.getByRole("contentinfo").evaluate((el) => el.getBoundingClientRect().bottom);
    expect(footerBottom).toBeLessThanOrEqual(844 - 64 + 1);
  });

  test("a location's or a program's page marks its section in the bottom bar, as its list does", async ({ page }) => {
    const bar = page.getByRole("navigation", { name: "Shortcuts" });
    const background = (name: string) =>
      bar.getByRole("link", { name }).evaluate((el) => getComputedStyle(el).backgroundColor);
    await gotoHydrated(page, "/locations");
    const marked = await background("Locations");
    const unmarked = await background("Map");
    expect(marked).not.toBe(unmarked);
    for (const [list, prefix, name] of [
      ["/locations", "/location/", "Locations"],
      ["/programs", "/program/", "Programs"],
    ] as const) {
      await gotoHydrated(page, list);
      await page.getByRole("main").locator(`a[href^="${prefix}"]`).first().click();
      await expect(page).toHaveURL(new RegExp(prefix));
      await expect(bar.getByRole("link", { name })).toHaveAttribute("aria-current", "true");
      await expect(bar.locator("[aria-current]")).toHaveCount(1);
      expect(await background(name)).toBe(marked);
      // Opened directly (server-rendered), too.
      await page.reload();
      await expect(bar.getByRole("link", { name })).toHaveAttribute("aria-current", "true");
    }
  });
});

test("the footer has the tagline, the current year, quick links, contact and legal links", async ({ page }) => {
  await gotoHydrated(page, "/");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText(SITE_TAGLINE);
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await expect(footer.getByRole("heading", { name: "Stay Updated" })).toBeVisible();
  const quick = footer.getByRole("navigation", { name: "Quick Links" });
  await expect(quick.getByRole("link")).toHaveText(FOOTER_QUICK_LINK_NAMES);
  await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:.+@.+/);
  await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
  await expect(footer.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/api/v1/docs");
});

test("an unknown path is a 404 inside the site shell, with ways on and a location search", async ({ page }) => {
  const res = await gotoHydrated(page, "/no/such/page/here");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/not found/i);
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(SITE_TAGLINE);
  await expect(page.getByRole("main").getByRole("link", { name: /home page/i })).toHaveAttribute("href", "/");
  await expect(page.getByRole("main").getByRole("link", { name: /locations/i })).toHaveAttribute("href", "/locations");
  await expect(page.getByRole("main").getByRole("link", { name: /map/i })).toHaveAttribute("href", "/map");
  await page.getByRole("searchbox", { name: /search/i }).fill("Portugal");
  await page.getByRole("searchbox", { name: /search/i }).press("Enter");
  await expect(page).toHaveURL(/\/locations\?q=Portugal$/);
});

test("an unknown location renders its 404 inside the shell too", async ({ page }) => {
  const res = await page.goto("/location/Nowhere-At-All-Here");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/not found/i);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
  await expect(page.getByRole("contentinfo")).toBeAttached();
});

test("a route change scrolls to the top of the new page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoHydrated(page, "/");
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole("contentinfo").getByRole("link", { name: "Programs" }).click();
  await expect(page).toHaveURL(/\/programs$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("a public page paints and loads before it asks for its scripts, then comes alive; the map too, the admin area at once", async ({
  page,
}) => {
  const timing = () =>
    page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      const scripts = performance
        .getEntriesByType("resource")
        .filter((e) => /\/assets\/[^/]+\.js$/.test(new URL(e.name).pathname))
        .map((e) => e.startTime);
      return { load: nav.loadEventStart, paint: paint?.startTime ?? Number.NaN, firstScript: Math.min(...scripts) };
    });

  await page.goto("/programs");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  const programs = await timing();
  expect(programs.paint).toBeLessThan(programs.firstScript);
  expect(programs.load).toBeLessThanOrEqual(programs.firstScript);
  // The HTML as sent has no module preload in its head: the starter asks for the scripts after load.
  const html = await (await page.request.get("/programs")).text();
  expect(html.slice(0, html.indexOf("</head>"))).not.toContain("modulepreload");

  // The full-screen map paints its server-drawn clusters first, then starts MapLibre (decision 010).
  await page.goto("/map");
  await expect(page.locator("[data-map-box][data-map-ready='true']")).toBeAttached({ timeout: 20_000 });
  const map = await timing();
  expect(map.paint).toBeLessThan(map.firstScript);
  expect(map.load).toBeLessThanOrEqual(map.firstScript);

  // The admin area asks for its scripts while loading.
  await page.goto("/admin/login");
  const admin = await timing();
  expect(admin.firstScript).toBeLessThan(admin.load);
});

test("content links navigate inside the app once it is live, and modified clicks stay with the browser", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoHydrated(page, "/programs");
  const documents: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "document") documents.push(r.url());
  });
  await page.evaluate(() => {
    (window as unknown as { samePage: boolean }).samePage = true;
  });
  const card = page.getByRole("main").getByRole("heading", { level: 3 }).first().getByRole("link");
  const name = (await card.textContent())?.trim() ?? "";
  await card.click();
  await expect(page).toHaveURL(/\/program\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  // The same document: a client-side navigation, not a page load.
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  expect(documents).toEqual([]);

  // Back, then a Ctrl+click opens the program in a new tab and leaves this page where it is.
  await page.goBack();
  await expect(page).toHaveURL(/\/programs$/);
  const opened = context.waitForEvent("page");
  await page
    .getByRole("main")
    .getByRole("heading", { level: 3 })
    .first()
    .getByRole("link")
    .click({
      modifiers: ["ControlOrMeta"],
    });
  const tab = await opened;
  await tab.waitForLoadState();
  expect(tab.url()).toMatch(/\/program\//);
  await expect(page).toHaveURL(/\/programs$/);
  await tab.close();
});

test("admin pages show no public header, footer or bottom bar", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/login");
  await expect(page.getByRole("link", { name: "Apply Now" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Shortcuts" })).toHaveCount(0);
  await expect(page.getByText(SITE_TAGLINE)).toHaveCount(0);
});

test.describe("accessibility", () => {
  for (const [label, url] of [
    ["home", "/"],
    ["newsletter", "/newsletter"],
    ["not-found", "/this-page-does-not-exist"],
  ] as const) {
    test(`axe finds nothing on the ${label} page, desktop and mobile with the menu open`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await gotoHydrated(page, url);
      await expectNoAxeViolations(page);
      await mainNav(page).getByRole("button", { name: "Explore" }).click();
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole("button", { name: "Menu" }).click();
      await expectNoAxeViolations(page);
    });
  }
});

test("the service worker serves visited pages offline and an offline page otherwise", async ({ page, context }) => {
  await gotoHydrated(page, "/about");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first load happened before the worker controlled the page; this one goes through it and is cached.
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await page.reload();
  await context.setOffline(true);
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "You are offline" })).toHaveCount(0);
  await page.goto("/terms");
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await context.setOffline(false);
});

// Live navigation updates are tested end to end (admin saves, an open page changes) in admin-settings.spec.ts.

test("a one-time toast from a redirect shows bottom-center, closes by itself and is not shown again", async ({
  page,
  context,
  baseURL,
}) => {
  const message = "Your changes were saved.";
  await context.addCookies([
    {
      name: "pc_toast",
      value: encodeURIComponent(JSON.stringify({ message, type: "success" })),
      url: baseURL ?? "http://localhost",
    },
  ]);
  const res = await gotoHydrated(page, "/about");
  expect(await res?.headerValue("set-cookie")).toMatch(/pc_toast=;.*Max-Age=0/);
  const toast = page.getByText(message);
  await expect(toast).toBeVisible();
  const box = await toast.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.y > viewport.height / 2).toBe(true);
  await expect(toast).toBeHidden({ timeout: 8000 });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(message)).toHaveCount(0);
});

test.describe("a slow page load", () => {
  // The service worker would answer the page data itself; the route below must see the request.
  test.use({ serviceWorkers: "block" });

  test("a slow page load shows the loading bar along the top edge, and it goes when the page arrives", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated(page, "/");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/podcast\.data/, async (route) => {
      await held;
      await route.continue();
    });
    // A header link: the header hydrates with the page, while the footer is an island that may still be hydrating.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Podcast" }).click();
    await expect(page.locator("[data-loading-bar]")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Loading page…" })).toHaveCount(1);
    release();
    await expect(page).toHaveURL(/\/podcast$/);
    await expect(page.locator("[data-loading-bar]")).toHaveCount(0);
  });
});
