import type { APIRequestContext, Browser, Locator } from "@playwright/test";
import sharp from "sharp";
import { SLOW, signInAsAdmin, uploadAndChoose } from "./admin-core-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A test picture with some structure (so the encoders have real work), drawn as SVG and rendered by sharp. */
function picture(width: number, height: number, format: "png" | "jpeg"): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#d8f3dc"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#2d6a4f"/>
    <rect x="0" y="${height * 0.75}" width="${width}" height="${height / 4}" fill="#7f5539"/>
  </svg>`;
  const img = sharp(Buffer.from(svg));
  return (format === "png" ? img.png() : img.jpeg({ quality: 80 })).toBuffer();
}

/** A visitor in a fresh browser context, so no admin cookie or cached copy of the page is involved. */
async function visit(browser: Browser, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  return { page, close: () => context.close() };
}

/** Every URL of a srcset ("url 480w, url 960w" or a single URL). */
function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(",")
    .map((part) => part.trim().split(/\s+/)[0] ?? "")
    .filter(Boolean);
}

async function expectServed(request: APIRequestContext, url: string, type: RegExp) {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  expect(res.headers()["content-type"], url).toMatch(type);
}

/** Checks the public <picture>: a WebP source from the media library and the original as the sized <img>. */
async function expectStoredPicture(
  request: APIRequestContext,
  picture: Locator,
  opts: { originalType: RegExp; width: number; height: number },
) {
  const source = picture.locator('source[type="image/webp"]');
  await expect(source).toHaveCount(1);
  const srcset = (await source.getAttribute("srcset")) ?? "";
  const webpUrls = srcsetUrls(srcset);
  expect(webpUrls.length).toBeGreaterThan(0);
  for (const url of webpUrls) {
    expect(url).toMatch(/^\/api\/storage\/download\/.+\?token=/);
    await expectServed(request, url, /^image\/webp/);
  }
  const img = picture.locator("img");
  const src = (await img.getAttribute("src")) ?? "";
  expect(src).toMatch(/^\/api\/storage\/download\/.+\?token=/);
  await expectServed(request, src, opts.originalType);
  // The intrinsic size is in the markup, so the browser reserves the space before the bytes arrive.
  await expect(img).toHaveAttribute("width", String(opts.width));
  await expect(img).toHaveAttribute("height", String(opts.height));
  // The browser chose and decoded one of the sources.
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  return img;
}

test("a location's image is uploaded and chosen in the picker, then served as WebP with its size", async ({
  page,
  browser,
  request,
}) => {
  await signInAsAdmin(page);
  await page.goto("/admin/dashboard/locations");
  const name = ((await page.getByRole("rowheader").first().textContent()) ?? "").trim();
  expect(name).not.toBe("");
  await page.getByRole("link", { name: `Edit ${name}`, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Edit location: ${name}` })).toBeVisible();

  const trigger = page.getByRole("button", { name: "Choose image from the media library" });
  const dialog = page.getByRole("dialog", { name: "Choose image from the media library" });

  // Keyboard: focus moves into the dialog, Escape closes it and focus returns to the button.
  await trigger.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  await trigger.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Files in the top folder" })).toBeVisible();
  await expectNoAxeViolations(page);

  const fileName = `picker-${stamp()}.png`;
  await uploadAndChoose(dialog, { name: fileName, mimeType: "image/png", buffer: await picture(1200, 750, "png") });
  await expect(trigger).toBeFocused();

  const original = page.getByLabel("Original image URL");
  const webp = page.getByLabel("WebP image URL");
  const encoded = encodeURIComponent(fileName).replace(/\./g, "\\.");
  await expect(original).toHaveValue(new RegExp(`^/api/storage/download/${encoded}\\?token=`));
  await expect(webp).toHaveValue(new RegExp(`^/api/storage/download/${encoded}\\.webp\\?token=`));
  await expect(page.getByRole("status").filter({ hasText: fileName })).toHaveText(
    `Chosen from the media library: ${fileName} (1200 × 750 pixels). Its WebP copy fills the WebP field.`,
  );
  const preview = page.getByRole("img", { name: "Preview of the image" });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1200);
  const originalUrl = await original.inputValue();
  const webpUrl = await webp.inputValue();

  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Location saved")).toBeVisible(SLOW);

  const visitor = await visit(browser, `/location/${encodeURIComponent(name.replaceAll(" ", "-"))}`);
  const hero = visitor.page.locator("header picture").first();
  const img = await expectStoredPicture(request, hero, { originalType: /^image\/png/, width: 1200, height: 750 });
  expect(await img.getAttribute("src")).toBe(originalUrl);
  expect(srcsetUrls((await hero.locator("source").getAttribute("srcset")) ?? "")).toContain(webpUrl);
  // The hero is the largest paint of the page: fetched early, never lazily.
  await expect(img).toHaveAttribute("loading", "eager");
  await expect(img).toHaveAttribute("fetchpriority", "high");
  await visitor.close();
});

test("a change-maker's photo is chosen from an existing file with the keyboard only", async ({
  page,
  browser,
  request,
}) => {
  await signInAsAdmin(page);
  // An existing portrait in its own folder, stored through the storage API as the media library does.
  const folder = `e2e-people-${stamp()}`;
  const upload = await page.request.post(`/api/storage/o?name=${encodeURIComponent(`${folder}/portrait.jpg`)}`, {
    multipart: {
      file: { name: "portrait.jpg", mimeType: "image/jpeg", buffer: await picture(600, 800, "jpeg") },
    },
  });
  expect(upload.status()).toBe(200);

  await page.goto("/admin/dashboard/change-makers");
  const name = ((await page.getByRole("rowheader").first().textContent()) ?? "").trim();
  await page.getByRole("link", { name: `Edit ${name}`, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Edit change-maker: ${name}` })).toBeVisible();
  const personId = new URL(page.url()).pathname.split("/").pop() ?? "";

  const trigger = page.getByRole("button", { name: "Choose photo from the media library" });
  const dialog = page.getByRole("dialog", { name: "Choose photo from the media library" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();

  // Tab through the dialog to the folder; focus never leaves the dialog.
  const folderButton = dialog.getByRole("button", { name: `Folder ${folder}` });
  await expect(folderButton).toBeVisible();
  for (let i = 0; i < 60 && !(await folderButton.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await expect(folderButton).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("heading", { name: `Files in ${folder}` })).toBeFocused();

  const file = dialog.getByRole("button", { name: "Choose portrait.jpg" });
  await expect(file).toBeVisible();
  for (let i = 0; i < 20 && !(await file.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(file).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  const photo = page.getByLabel("Photo URL", { exact: true });
  const encodedFolder = encodeURIComponent(folder);
  await expect(photo).toHaveValue(new RegExp(`^/api/storage/download/${encodedFolder}/portrait\\.jpg\\?token=`));
  await expect(page.getByLabel("WebP photo URL")).toHaveValue(
    new RegExp(`^/api/storage/download/${encodedFolder}/portrait\\.jpg\\.webp\\?token=`),
  );
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Change-maker saved")).toBeVisible(SLOW);

  const visitor = await visit(browser, `/change-makers/${personId}`);
  // A portrait keeps its own shape: 600 × 800, not the 960 × 600 of the demo photos.
  await expectStoredPicture(request, visitor.page.locator("article picture").first(), {
    originalType: /^image\/jpeg/,
    width: 600,
    height: 800,
  });
  await visitor.close();
});
