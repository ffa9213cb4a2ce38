import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

test("home page is server-rendered with the site's purpose and links to locations", async ({ page, request }) => {
  const res = await request.get("/");
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain("Connecting permaculture educators and learners worldwide.");
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a location page is found by its slug, hyphens standing for spaces", async ({ page, request }) => {
  const list = await (await request.get("/locations")).text();
  const match = list.match(/href="(\/location\/[^"]*-[^"]*)"/);
  expect(match, "a seeded location whose name has spaces").toBeTruthy();
  const href = match?.[1] ?? "";
  const name = decodeURIComponent(href.replace("/location/", "")).replaceAll("-", " ");
  const res = await request.get(href);
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain(name.replaceAll("'", "&#x27;"));
  await page.goto(href);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("an unknown location slug is a not-found page with status 404", async ({ page }) => {
  const res = await page.goto("/location/No-Such-Place-Anywhere");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/not found/i);
});

test("an unknown path is a helpful 404 page", async ({ page }) => {
  const res = await page.goto("/this/does/not/exist");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("link", { name: /home page/i })).toBeVisible();
});
