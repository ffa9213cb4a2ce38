import type { APIRequestContext, Browser } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN } from "../../playwright.config";
import { SLOW, signIn } from "./admin-core-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

test.setTimeout(120_000);

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A 1200 × 750 test picture, large enough for the 480 and 960 px copies. */
function picture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="750">
    <rect width="100%" height="100%" fill="#d8f3dc"/>
    <circle cx="600" cy="375" r="250" fill="#2d6a4f"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Every URL of a srcset ("url 480w, url 960w" or a single URL). */
function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(",")
    .map((part) => part.trim().split(/\s+/)[0] ?? "")
    .filter(Boolean);
}

/** The image URLs a visitor's browser is given by the place's page: the <img> and every WebP source. */
async function imageUrlsOnPage(browser: Browser, path: string): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  const hero = page.locator("header picture").first();
  const src = (await hero.locator("img").getAttribute("src")) ?? "";
  const srcset = (await hero.locator('source[type="image/webp"]').getAttribute("srcset")) ?? "";
  await context.close();
  return [src, ...srcsetUrls(srcset)];
}

async function statusOf(request: APIRequestContext, url: string): Promise<number> {
  return (await request.get(url)).status();
}

test("staff make a new link for a place's image: the page shows the new links at once, every old one is refused", async ({
  page,
  browser,
  request,
}) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, SLOW);

  // The image, stored as the media library does, with its WebP copy and 480 and 960 px copies.
  const folder = `e2e-rotate-${stamp()}`;
  const upload = await page.request.post(`/api/storage/o?name=${encodeURIComponent(`${folder}/pond.png`)}`, {
    multipart: { file: { name: "pond.png", mimeType: "image/png", buffer: await picture() } },
  });
  expect(upload.status()).toBe(200);
  const original = await page.request.get(`/api/storage/o/${encodeURIComponent(`${folder}/pond.png`)}`);
  const { downloadTokens } = (await original.json()) as { downloadTokens: string };
  const encoded = `${encodeURIComponent(folder)}/pond.png`;
  const webp = (await (
    await page.request.get(`/api/storage/o/${encodeURIComponent(`${folder}/pond.png.webp`)}`)
  ).json()) as { downloadTokens: string };

  // A new place showing it.
  const name = `Rotating Pond ${stamp()}`;
  await page.goto("/admin/dashboard/add");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Short description").fill("A pond whose picture gets a new link.");
  await page.getByLabel("Country").fill("Portugal");
  await page.getByLabel("Original image URL").fill(`/api/storage/download/${encoded}?token=${downloadTokens}`);
  await page.getByLabel("WebP image URL").fill(`/api/storage/download/${encoded}.webp?token=${webp.downloadTokens}`);
  await page.getByRole("button", { name: "Create location" }).click();
  await expect(page.getByText("Location saved")).toBeVisible(SLOW);

  const placePath = `/location/${encodeURIComponent(name.replaceAll(" ", "-"))}`;
  const before = await imageUrlsOnPage(browser, placePath);
  // The original, and the WebP sources: 480 px, 960 px and the full-size WebP.
  expect(before).toHaveLength(4);
  for (const url of before) expect(await statusOf(request, url), url).toBe(200);
  // The page is now in the render cache: what follows must not be served from the copy made before the change.
  await expect.poll(async () => (await request.get(placePath)).headers()["x-render-cache"]).toBe("hit");

  await page.goto("/admin/dashboard/media-library");
  await page.getByRole("button", { name: `Folder ${folder}` }).click();
  await page.getByRole("button", { name: /^pond\.png \d/ }).click();
  const details = page.getByRole("region", { name: "pond.png" });
  await details.getByRole("button", { name: "Make a new link" }).click();
  // The panel's link section answers in its own status (the description form beside it has another).
  await expect(details.getByRole("status").filter({ hasText: /^A new link/ })).toHaveText(
    "A new link was made. The old links of the file and of its copies no longer work; pages that show the file use the new one.",
  );
  await expectNoAxeViolations(page);

  const after = await imageUrlsOnPage(browser, placePath);
  expect(after).toHaveLength(4);
  for (const url of after) {
    expect(before).not.toContain(url);
    expect(await statusOf(request, url), url).toBe(200);
  }
  for (const url of before) expect(await statusOf(request, url), url).toBe(403);

  // The place's form holds the new links too, so saving it again keeps the picture.
  await page.goto(`/admin/dashboard/locations?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByLabel("Original image URL")).toHaveValue(after[0] ?? "");
});
