import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

/** An entry page's "Last checked: November 2026". */
const LAST_CHECKED =
  /Last checked: (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}/;

/** Parses every JSON-LD block on the page (throws if one is not valid JSON). */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
}

/** Parses XML in the browser; returns the parser error text, or "" when the document is well-formed. */
async function xmlError(page: Page, xml: string): Promise<string> {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    return doc.querySelector("parsererror")?.textContent ?? "";
  }, xml);
}

function resultCards(page: Page) {
  return page.getByRole("region", { name: "Results" }).getByRole("article");
}

test.describe("locations list", () => {
  test("filters are reflected in the URL and narrow the results", async ({ page }) => {
    await page.goto("/locations");
    const all = await resultCards(page).count();
    expect(all).toBeGreaterThan(0);
    await page.getByLabel("Region", { exact: true }).selectOption({ label: "Europe" });
    await page.getByRole("button", { name: "Show locations" }).click();
    await expect(page).toHaveURL(/[?&]region=Europe\b/);
    await expect(page.getByRole("heading", { level: 1, name: "Locations in Europe" })).toBeVisible();
    const cards = resultCards(page);
    const n = await cards.count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) await expect(cards.nth(i)).toContainText("Europe");

    // A text search on top of the region keeps both in the URL.
    const firstName = (await cards.first().getByRole("heading").textContent())?.trim() ?? "";
    await page.getByRole("search", { name: "Filter locations" }).getByLabel("Search", { exact: true }).fill(firstName);
    await page.getByRole("button", { name: "Show locations" }).click();
    await expect(page).toHaveURL(/region=Europe/);
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(firstName).replace(/%20/g, "(\\+|%20)")}`));
    await expect(resultCards(page).first()).toContainText(firstName);
    expect(await resultCards(page).count()).toBeLessThanOrEqual(n);
  });

  test("?region=Europe shows only European locations, the same set as the open-data feed", async ({
    page,
    request,
  }) => {
    await page.goto("/locations?region=Europe");
    const feed = await (await request.get("/locations.geojson?region=Europe")).json();
    expect(feed.features.length).toBeGreaterThan(0);
    for (const f of feed.features) expect(f.properties.region).toBe("Europe");
    await expect(page.getByText(new RegExp(`of ${feed.total} locations? for Europe`))).toBeVisible();
    const names = await resultCards(page).getByRole("heading").allTextContents();
    const feedNames = feed.features.map((f: { properties: { name: string } }) => f.properties.name);
    for (const name of names) expect(feedNames).toContain(name.trim());
  });

  test("sub-region choices follow the chosen region once the page is interactive", async ({ page }) => {
    await page.goto("/locations");
    await page.getByLabel("Region", { exact: true }).selectOption({ label: "Oceania" });
    const groups = await page
      .getByLabel("Sub-region")
      .locator("optgroup")
      .evaluateAll((els) => els.map((e) => e.getAttribute("label")));
    expect(groups).toEqual(["Oceania"]);
  });

  test("no results is a helpful message with a way back, never an error", async ({ page }) => {
    const res = await page.goto("/locations?q=zzqxxnothingmatches");
    expect(res?.status()).toBe(200);
    await expect(page.getByText("No locations match these filters.")).toBeVisible();
    await page.getByRole("status").getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/locations$/);
    await expect(resultCards(page).first()).toBeVisible();
  });

  test("pagination moves between pages with prev/next links", async ({ page }) => {
    await page.goto("/locations");
    const nav = page.getByRole("navigation", { name: "Location pages" });
    await expect(nav.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    const firstOnPage1 = await resultCards(page).first().getByRole("heading").textContent();
    await expect(nav.getByRole("link", { name: /Next/ })).toHaveAttribute("rel", "next");
    await nav.getByRole("link", { name: /Next/ }).click();
    await expect(page).toHaveURL(/[?&]page=2\b/);
    await expect(nav.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: /Previous/ })).toHaveAttribute("rel", "prev");
    await expect(page.getByText(/Showing 25–/)).toBeVisible();
    expect(await resultCards(page).first().getByRole("heading").textContent()).not.toBe(firstOnPage1);
  });
});

test.describe("detail pages", () => {
  test("a location page shows the contact block, programs, map and valid JSON-LD", async ({ page }) => {
    await page.goto("/location/Cedar-Hollow-Food-Forest");
    await expect(page.getByRole("heading", { level: 1, name: "Cedar Hollow Food Forest" })).toBeVisible();
    const contact = page.getByRole("region", { name: "Contact details" });
    await expect(contact.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
    await expect(contact.getByRole("link", { name: /^\+?[\d\s()-]+$/ })).toHaveAttribute("href", /^tel:\+?\d+$/);
    const website = contact.getByRole("link", { name: /opens in a new tab/ });
    await expect(website).toHaveAttribute("rel", /noopener/);
    await expect(website).toHaveAttribute("target", "_blank");
    await expect(contact.locator("address")).toContainText("United States");
    await expect(contact).toContainText(LAST_CHECKED);
    await expect(
      page
        .getByRole("region", { name: /Programs at/ })
        .getByRole("link")
        .first(),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "On the map" })).toBeVisible();
    const hero = page.locator("header img").first();
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    await expect(hero).toHaveAttribute("width", /\d+/);
    const [ld] = await jsonLd(page);
    expect(ld).toMatchObject({ "@type": "LocalBusiness", name: "Cedar Hollow Food Forest" });
    expect(ld?.geo).toMatchObject({ "@type": "GeoCoordinates" });
    expect(String(ld?.url)).toMatch(/^http/);
    // Focus areas link to the filtered list.
    await page.getByRole("region", { name: "Areas of focus" }).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/locations\?focus=[0-9a-f-]{36}/);
  });

  test("a very long or unknown slug is a 404", async ({ request }) => {
    expect((await request.get(`/location/${"a".repeat(500)}`)).status()).toBe(404);
    expect((await request.get("/program/No-Such-Program")).status()).toBe(404);
  });

  test("programs list upcoming programs and a program page explains how to apply", async ({ page }) => {
    await page.goto("/programs");
    const upcoming = page.getByRole("region", { name: "Upcoming programs" });
    const first = upcoming.getByRole("article").first();
    await expect(first).toContainText(/In person|Online|Hybrid/);
    await expect(first).toContainText(/Free|[$€£]|[A-Z]{3}/);
    const name = (await first.getByRole("heading").textContent())?.trim() ?? "";
    await first.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const facts = page.getByRole("region", { name: "At a glance" });
    await expect(facts).toContainText("Dates");
    await expect(facts).toContainText("Price");
    await expect(facts).toContainText(LAST_CHECKED);
    await expect(page.getByRole("link", { name: "Send us an application" })).toHaveAttribute("href", "/application");
    const [ld] = await jsonLd(page);
    expect(ld).toMatchObject({ "@type": "Course", name });
    expect((ld?.hasCourseInstance as unknown[] | undefined)?.[0]).toMatchObject({ "@type": "CourseInstance" });
  });

  test("the format filter narrows programs", async ({ page }) => {
    await page.goto("/programs");
    await page.getByLabel("Format").selectOption({ label: "Online" });
    await page.getByRole("button", { name: "Show programs" }).click();
    await expect(page).toHaveURL(/format=online/);
    await expect(page.getByLabel("Format")).toHaveValue("online");
    const cards = page.getByRole("region", { name: "Upcoming programs" }).getByRole("article");
    await expect(async () => {
      const texts = await cards.allTextContents();
      expect(texts.length).toBeGreaterThan(0);
      for (const t of texts) expect(t).toContain("Online");
    }).toPass();
  });

  test("a change-maker page shows the profile, related places and JSON-LD", async ({ page, request }) => {
    await page.goto("/change-makers");
    const first = page.getByRole("article").first();
    const name = (await first.getByRole("heading").textContent())?.trim() ?? "";
    await first.getByRole("link", { name }).click();
    await expect(page).toHaveURL(/\/change-makers\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const [ld] = await jsonLd(page);
    expect(ld).toMatchObject({ "@type": "Person", name });
    await expect(page.locator("main")).toContainText(LAST_CHECKED);
    expect((await request.get("/change-makers/not-a-uuid")).status()).toBe(404);
    expect((await request.get("/change-makers/00000000-0000-4000-8000-000000000000")).status()).toBe(404);
  });
});

test.describe("resources and podcast", () => {
  test("the resource type tabs filter the list and unknown types show everything with a note", async ({ page }) => {
    await page.goto("/resources");
    const total = await page.getByRole("article").count();
    await page.getByRole("navigation", { name: "Resource types" }).getByRole("link", { name: "Books" }).click();
    await expect(page).toHaveURL(/type=book/);
    await expect(page.getByRole("link", { name: "Books" })).toHaveAttribute("aria-current", "page");
    const books = page.getByRole("article");
    const n = await books.count();
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(total);
    for (let i = 0; i < n; i++) await expect(books.nth(i)).toContainText("Book");

    const res = await page.goto("/resources?type=%3Cscript%3Ealert(1)%3C%2Fscript%3E");
    expect(res?.status()).toBe(200);
    await expect(page.getByText("We don't know that resource type")).toBeVisible();
    expect(await page.getByRole("article").count()).toBe(total);
  });

  test("podcast subscription confirms, and a bad address gets a message tied to the field", async ({ page }) => {
    await page.goto("/podcast");
    await expect(page.getByRole("heading", { level: 3 }).first()).toBeVisible();
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      "href",
      "/podcast.xml",
    );
    const form = page.getByRole("region", { name: "Get new episodes by e-mail" });
    const email = form.getByLabel("E-mail address");
    await email.fill("not-an-address");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByText("Please enter a valid e-mail address.")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAttribute("aria-describedby", "podcast-email-error");
    await email.fill(`listener-${Date.now()}@example.org`);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("status")).toContainText("Thank you!");
  });

  test("podcast subscription works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/podcast");
    const form = page.getByRole("region", { name: "Get new episodes by e-mail" });
    await form.getByLabel("E-mail address").fill(`nojs-${Date.now()}@example.org`);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Thank you! Please check your inbox")).toBeVisible();
    await context.close();
  });
});

test.describe("feeds and robustness", () => {
  test("feeds answer with the right content types and well-formed content", async ({ page, request }) => {
    await page.goto("/about");
    const geo = await request.get("/locations.geojson?region=Asia&limit=5");
    expect(geo.headers()["content-type"]).toContain("application/geo+json");
    expect(geo.headers()["access-control-allow-origin"]).toBe("*");
    const fc = await geo.json();
    expect(fc.type).toBe("FeatureCollection");
    expect(fc.limit).toBe(5);
    expect(fc.features.length).toBeLessThanOrEqual(5);
    expect(fc.features[0].geometry.type).toBe("Point");

    const ics = await request.get("/programs.ics");
    expect(ics.headers()["content-type"]).toContain("text/calendar");
    const cal = await ics.text();
    expect(cal.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(cal).toContain("BEGIN:VEVENT");
    expect(cal).toMatch(/DTSTART;VALUE=DATE:\d{8}/);

    const rss = await request.get("/podcast.xml");
    expect(rss.headers()["content-type"]).toContain("application/rss+xml");
    const rssText = await rss.text();
    expect(await xmlError(page, rssText)).toBe("");
    expect(rssText).toContain("<item>");

    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const sm = await sitemap.text();
    expect(await xmlError(page, sm)).toBe("");
    const locs = [...sm.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");
    expect(locs.length).toBeGreaterThan(75);
    for (const loc of locs) expect(loc).toMatch(/^https?:\/\//);
    expect(locs.some((l) => l.includes("/location/Cedar-Hollow-Food-Forest"))).toBe(true);
    expect(locs.some((l) => l.includes("/change-makers/"))).toBe(true);
    expect(locs.some((l) => l.includes("/program/"))).toBe(true);
  });

  test("bad query values never cause a server error", async ({ request }) => {
    const long = "x".repeat(10_000);
    const urls = [
      "/locations?region=' OR 1=1--",
      "/locations?type=%00",
      "/locations?q=%00%01",
      `/locations?q=${long}`,
      "/locations?page=-1",
      "/locations?page=1e9",
      "/locations?page=99999",
      "/locations?subRegion=../../etc&focus=<svg>&country=%FF",
      "/locations?region=Europe&region=Asia&page=2&page=x",
      "/programs?format=%00&region=' OR 1=1--&past=<x>",
      "/resources?type=' OR 1=1--",
      `/resources?type=${long}`,
      "/locations.geojson?limit=-5&offset=abc&region=%00",
      "/programs.ics?format=nope",
      "/change-makers/%00",
      "/location/%E0%A4%A",
    ];
    for (const url of urls) {
      const res = await request.get(url);
      expect(res.status(), url).toBeLessThan(500);
    }
  });

  test("public pages may be cached by shared caches, while browsers always revalidate", async ({ request }) => {
    const res = await request.get("/locations");
    expect(res.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60, must-revalidate");
    expect(res.headers()["cdn-cache-control"]).toBe("public, s-maxage=60, stale-while-revalidate=300");
  });

  for (const path of [
    "/locations",
    "/locations?region=Europe",
    "/locations?q=zzqxxnothingmatches",
    "/location/Cedar-Hollow-Food-Forest",
    "/programs",
    "/program/Cool-Climate-Food-Forest-Design-Course",
    "/resources",
    "/resources?type=book",
    "/change-makers",
    "/podcast",
    "/about",
    "/privacy",
    "/terms",
    "/application",
    "/application?submitted=1",
  ]) {
    test(`${path} has one h1, a canonical URL, Open Graph tags and no axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^https?:\/\//);
      await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
      await expect(page.locator('meta[name="description"]')).toHaveCount(1);
      await expectNoAxeViolations(page);
    });
  }

  test("a change-maker page has one h1 and no axe violations", async ({ page }) => {
    await page.goto("/change-makers");
    await page.getByRole("article").first().getByRole("link").click();
    await expect(page).toHaveURL(/\/change-makers\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expectNoAxeViolations(page);
  });
});
