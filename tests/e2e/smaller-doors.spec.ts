import { expect, test } from "./fixtures";

// Two doors of the security review (issue 36) that only a browser shows: where Chromium goes with the language
// switcher's redirect (it drops tabs and reads `\` as `/` before it follows a Location), and what an open page does
// when the server refuses its live settings stream.

test("the language switcher's redirect never takes the browser to another site", async ({ page, baseURL }) => {
  const site = new URL(baseURL ?? "").host;
  for (const to of [
    "/%09/evil.example/x.html",
    "/%0A/evil.example/x.html",
    "/%5C/evil.example/x.html",
    "/.//evil.example/x.html",
    "/%252F%252Fevil.example/x.html",
  ]) {
    // Sent off the site, the browser would fail on a name that does not resolve (or show another site's page).
    const failed = await page.goto(`/language/es?to=${to}`).then(
      () => null,
      (err: Error) => err.message,
    );
    expect(failed, to).toBeNull();
    expect(new URL(page.url()).host, to).toBe(site);
  }

  // A target with a control character is refused in the chosen language.
  const refused = await page.goto("/language/es?to=/%09/evil.example/x.html");
  expect(refused?.status()).toBe(400);
  await expect(page.locator("body")).toContainText("carácter de control");

  // The switcher itself still leads to the same page in the chosen language.
  await page.goto("/language/de?to=/locations");
  await expect(page).toHaveURL(/\/de\/locations$/);
});

test("a page whose live settings stream is refused follows the settings by asking for them", async ({ browser }) => {
  // A visitor's tab beyond the per-address cap: the server answers the stream 429.
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  let streams = 0;
  await page.route("**/api/settings/stream", (route) => {
    streams += 1;
    return route.fulfill({
      status: 429,
      headers: { "Retry-After": "60", "Cache-Control": "no-store" },
      contentType: "text/plain",
      body: "Too many open settings streams from this address.",
    });
  });
  // The server's own answer to a poll, with the About page hidden since (as staff would hide it).
  const polls: number[] = [];
  await page.route("**/api/settings/current", async (route) => {
    const res = await route.fetch();
    polls.push(res.status());
    const body = (await res.json()) as { navigation: Record<string, boolean>; contactEmail: string };
    expect(body.navigation.about).toBe(true);
    await route.fulfill({ response: res, json: { ...body, navigation: { ...body.navigation, about: false } } });
  });
  await page.goto("/");
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  const about = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About Us" });
  await expect(about).toHaveCount(0, { timeout: 15_000 });
  expect(streams).toBeGreaterThanOrEqual(1);
  expect(polls[0]).toBe(200);
  await context.close();
});
