import { E2E_ADMIN } from "../../playwright.config";
import { SLOW, signIn } from "./admin-core-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

// The ingestion endpoint ignores bots, and headless Chromium says so in its user agent; browse as a person would.
const HUMAN_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
test.use({ userAgent: HUMAN_UA });

test("page views on the production hostname reach the analytics dashboard; other hostnames do not", async ({
  page,
  baseURL,
}) => {
  const production = new URL(baseURL ?? "http://localhost:3100");
  const other = new URL(production.href);
  other.hostname = "127.0.0.1";
  const tag = Date.now().toString(36);
  const counted = `/location/Analytics-Probe-${tag}`;
  const ignored = `/location/Analytics-Elsewhere-${tag}`;

  // Several visits, so the probe ranks among the top pages however many pages earlier tests visited once.
  for (let i = 0; i < 4; i++) {
    await page.goto(new URL(counted, production).href);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  await page.goto(new URL(ignored, other).href);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The ingestion endpoint writes in batches about once a second.
  await page.waitForTimeout(2500);

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/, SLOW);
  await page.goto("/admin/dashboard/analytics?range=7d");
  const topPages = page.getByRole("region", { name: "Top pages" });
  await expect(topPages.getByText(counted)).toBeVisible();
  await expect(page.getByText(ignored)).toHaveCount(0);
  await expect(page.getByRole("img", { name: /Page views and visitors/ })).toBeVisible();
  await expectNoAxeViolations(page);
  // On a phone, a long address is shortened within its row: the screen does not scroll sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(topPages.getByText(counted)).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 720 });

  const csv = await page.request.get("/admin/dashboard/export/analytics?range=7d");
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(await csv.text()).toContain(counted);
  // A custom range that cannot be honoured is refused rather than quietly replaced by another period.
  const bad = await page.request.get("/admin/dashboard/export/analytics?range=custom&from=2026-02-31&to=2026-03-10");
  expect(bad.status()).toBe(400);
});

test("request statistics show route patterns, not raw URLs", async ({ page }) => {
  await page.goto("/locations");
  await page.goto("/location/Pattern-Check-Place");
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/, SLOW);
  // Stats are flushed every 10 s.
  await expect(async () => {
    await page.goto("/admin/dashboard/request-stats?window=hour");
    await expect(page.getByRole("rowheader", { name: "GET /locations", exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole("rowheader", { name: /\/location\/:slug/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a visitor who leaves before the page's scripts run is counted, once; so is one who stays", async ({
  playwright,
  baseURL,
}) => {
  // A beacon sent while a page unloads goes out from the browser itself, with the browser's own user agent (the
  // context's override no longer applies), and the endpoint ignores headless Chromium's: start a browser that
  // introduces itself as a person's.
  const browser = await playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", `--user-agent=${HUMAN_UA}`],
  });
  const page = await browser.newPage({ baseURL });
  const tag = Date.now().toString(36);
  const early = `/location/Early-Leaver-${tag}`;
  const stayed = `/location/Stayed-On-${tag}`;

  // The scripts never arrive: the visitor reads the server-rendered page and moves on before it comes alive.
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto(early, { waitUntil: "load" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The starter has tried (it asks for the scripts after load and paint) and failed: the page is not the app.
  await expect
    .poll(() => page.evaluate(() => document.querySelectorAll('link[rel="modulepreload"]').length))
    .toBeGreaterThan(0);
  await page.waitForTimeout(500);
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "");
  await page.goto("about:blank");
  await page.unroute("**/assets/*.js");

  // This one stays until the app is live (the app sends the view), then moves on: the starter sends nothing more.
  await page.goto(stayed);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  await page.goto("/about");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  // The ingestion endpoint writes in batches about once a second.
  await page.waitForTimeout(2500);

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/, SLOW);
  const csv = await (await page.request.get("/admin/dashboard/export/analytics?range=7d")).text();
  await browser.close();
  const views = (path: string) =>
    csv
      .split("\n")
      .map((line) => line.split(","))
      .find((cells) => cells[0] === "top page" && cells[1] === path)?.[2];
  expect(views(early)).toBe("1");
  expect(views(stayed)).toBe("1");
});

test("the interactions an owner counts, and each form by its name, reach the analytics screen", async ({
  browser,
  baseURL,
}) => {
  // Geolocation refused: "Near me" is counted when pressed, whatever the browser then answers.
  const context = await browser.newContext({ userAgent: HUMAN_UA, permissions: [], baseURL });
  const page = await context.newPage();
  type Sent = {
    kind: string;
    path: string;
    category?: string;
    action?: string;
    label?: string;
    value?: number;
    formName?: string;
  };
  const sent: Sent[] = [];
  // What the page sends, read as it leaves: a beacon's body is not visible to the test runner's request events.
  await page.exposeFunction("recordAnalytics", (body: string) => sent.push(JSON.parse(body)));
  await page.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, body) => {
      if (String(url).endsWith("/api/analytics") && body instanceof Blob)
        void body
          .text()
          .then((text) => (window as unknown as { recordAnalytics: (b: string) => void }).recordAnalytics(text));
      return send(url, body);
    };
  });
  const interactions = (category: string, action: string) =>
    sent.filter((e) => e.kind === "user_interaction" && e.category === category && e.action === action);
  // The listeners are in place once the page's view has gone out (both wait for the analytics code).
  const visit = async (path: string) => {
    await page.goto(path);
    await expect.poll(() => sent.some((e) => e.kind === "page_view" && e.path === path)).toBe(true);
  };

  // The Explore menu opened, from the header.
  await visit("/");
  await page.getByRole("banner").getByRole("button", { name: "Explore" }).click();
  await expect.poll(() => interactions("navigation", "open_menu").length).toBe(1);
  expect(interactions("navigation", "open_menu")[0]?.label).toBe("explore");
  await page.keyboard.press("Escape");

  // The map's filters applied: which filters (not their words) and how many; and "Near me" pressed.
  await visit("/map");
  const filters = page.getByRole("search", { name: "Filter the map" });
  await filters.getByLabel("Region", { exact: true }).selectOption({ label: "Europe" });
  await filters.getByLabel("Search", { exact: true }).fill("orchard");
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect.poll(() => interactions("map", "filter").length).toBe(1);
  expect(interactions("map", "filter")[0]).toMatchObject({ label: "q,region", value: 2 });
  await expect(page).toHaveURL(/region=/);
  await expect.poll(() => sent.some((e) => e.kind === "page_view" && e.path === "/map")).toBe(true);
  await page.getByRole("button", { name: "Near me" }).click();
  await expect.poll(() => interactions("map", "near_me").length).toBe(1);

  // An episode played: counted once however often it is paused and played again.
  await visit("/podcast");
  const audio = page.locator("audio").first();
  const episode = await audio.getAttribute("aria-label");
  for (let i = 0; i < 2; i++) {
    await audio.evaluate((a: HTMLAudioElement) => {
      a.muted = true;
      return a.play().catch(() => {});
    });
    await audio.evaluate((a: HTMLAudioElement) => a.pause());
  }
  await expect.poll(() => interactions("podcast", "play").length).toBe(1);
  expect(interactions("podcast", "play")[0]?.label).toBe(episode?.replace(/^Play episode /, "Episode "));
  expect(interactions("podcast", "play")[0]?.value).toEqual(expect.any(Number));

  // The newsletter form started (once, at the first letter typed) and sent: the submission is named "newsletter".
  await visit("/newsletter");
  const field = page.getByRole("main").getByLabel("E-mail address");
  await field.pressSequentially("reader");
  await field.fill(`reader-${Date.now().toString(36)}@example.org`);
  await page.getByRole("main").getByRole("button", { name: "Subscribe" }).click();
  await expect
    .poll(() => sent.filter((e) => e.kind === "form_submission").map((e) => e.formName))
    .toContain("newsletter");
  expect(interactions("form", "start").map((e) => e.label)).toEqual(["newsletter"]);

  // The application form started.
  await visit("/application");
  await page.getByLabel("Full name").fill("Ada Example");
  await expect.poll(() => interactions("form", "start").map((e) => e.label)).toEqual(["newsletter", "application"]);

  // Every form is named by its name, never by the page's address.
  expect(sent.filter((e) => e.kind === "form_submission").map((e) => e.formName)).toEqual(
    expect.arrayContaining(["map-filters", "newsletter"]),
  );
  for (const e of sent) if (e.formName) expect(e.formName).not.toMatch(/^\/|:\/\//);
  await context.close();

  // The ingestion endpoint writes in batches about once a second; the owner sees the counts.
  const admin = await browser.newPage({ baseURL });
  await expect(async () => {
    await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(admin).toHaveURL(/\/admin\/dashboard/, { timeout: 5000 });
  }).toPass(SLOW);
  await expect(async () => {
    await admin.goto("/admin/dashboard/analytics?range=7d");
    const shown = admin.getByRole("region", { name: "Interactions (category / action)" });
    for (const key of ["navigation / open_menu", "map / filter", "map / near_me", "podcast / play", "form / start"])
      await expect(shown.getByText(key, { exact: true })).toBeVisible({ timeout: 1000 });
    const forms = admin.getByRole("region", { name: "Form submissions" });
    for (const name of ["map-filters", "newsletter"])
      await expect(forms.getByText(name, { exact: true })).toBeVisible({ timeout: 1000 });
    await expect(forms.getByText(/^\//)).toHaveCount(0);
  }).toPass({ timeout: 30_000 });
  await admin.close();
});
