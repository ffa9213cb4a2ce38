import type { Browser, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN } from "../../playwright.config";
import { expectUploaded, SLOW, signIn } from "./admin-core-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

// A 2×2 PNG, small enough to inline.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWPQzfLXzfJngFAAGK4DmVxlTP4AAAAASUVORK5CYII=",
  "base64",
);

test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

test("the storage API refuses anonymous callers with the catalogue error", async ({ request }) => {
  const res = await request.get("/api/storage/o");
  expect(res.status()).toBe(401);
  expect(await res.json()).toEqual({
    error: {
      code: "storage/unauthenticated",
      message: "User is not authenticated, please authenticate using Firebase Authentication and try again.",
      status: 401,
    },
  });
});

test("an admin uploads files into a folder, sees them listed with details, and deletes one", async ({ page }) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, SLOW);
  await page.goto("/admin/dashboard/media-library");
  await expect(page.getByRole("heading", { level: 1, name: "Media library" })).toBeVisible();

  const folder = `e2e-${Date.now().toString(36)}`;
  await page.getByLabel("New folder").fill(folder);
  await page.getByRole("button", { name: "Open new folder" }).click();
  await expect(page.getByRole("heading", { name: `Files in ${folder}/` })).toBeVisible();

  await page.getByLabel("Choose files").setInputFiles([
    { name: "leaf.png", mimeType: "image/png", buffer: PNG },
    { name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% e2e\n%%EOF\n") },
    { name: "fake.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<!DOCTYPE html><html><body>hi</body></html>") },
  ]);
  await expectUploaded(page, "leaf.png");
  await expectUploaded(page, "notes.pdf");
  await expect(page.getByText(/This type of file is not accepted \(an HTML document\)/)).toBeVisible(SLOW);

  await expect(page.getByRole("button", { name: /^leaf\.png \d/ })).toBeVisible(SLOW);
  await expect(page.getByRole("button", { name: /^notes\.pdf \d/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /^fake\.jpg \d/ })).toHaveCount(0);
  // Generated WebP copies are not listed as separate files.
  await expect(page.getByRole("button", { name: /leaf\.png\.webp/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: /^leaf\.png \d/ }).click();
  const details = page.getByRole("region", { name: "leaf.png" });
  // The first facts are in words; the same values appear again among the storage details, folded away.
  await expect(details.getByText(`${folder}/leaf.png`, { exact: true }).first()).toBeVisible();
  await expect(details.getByText("image/png", { exact: true }).first()).toBeVisible();
  await expect(details.getByText("2 × 2 pixels")).toBeVisible();
  // The storage's own record of the file is there for those who need it, folded away.
  await details.getByText("Storage details").click();
  await expect(details.getByText("width: 2, height: 2")).toBeVisible();
  const img = details.getByRole("img", { name: "Preview of leaf.png" });
  await expect(img).toHaveJSProperty("naturalWidth", 2);
  await expectNoAxeViolations(page);

  // Breadcrumbs lead back to the top, where the folder is listed.
  await page.getByRole("navigation", { name: "Folder" }).getByRole("button", { name: "All files" }).click();
  await page.getByRole("button", { name: `Folder ${folder}` }).click();

  await page.getByRole("button", { name: /^notes\.pdf \d/ }).click();
  await page.getByRole("region", { name: "notes.pdf" }).getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete notes.pdf?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete file" }).click();
  await expect(page.getByRole("button", { name: /^notes\.pdf \d/ })).toHaveCount(0, SLOW);
  await expect(page.getByRole("button", { name: /^leaf\.png \d/ })).toBeVisible();
});

/** A visitor in a fresh browser context: no admin cookie, no cached copy of the page. */
async function visit(browser: Browser, path: string) {
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  return { page, close: () => context.close() };
}

/** Chooses a file in the media picker that `trigger` opens, from its folder. */
async function pick(page: Page, trigger: Locator, folder: string, file: string) {
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: "Choose image from the media library" });
  await dialog.getByRole("button", { name: `Folder ${folder}` }).click();
  await dialog.getByRole("button", { name: `Choose ${file}` }).click();
  await expect(dialog).toBeHidden();
}

test("staff give an image an alt text and caption; the page texts and the place that show it use them, in German too", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const ALT = "Stone terraces with young olive trees";
  const ALT_DE = "Steinterrassen mit jungen Olivenbäumen";
  const CAPTION = "Terraces in spring. Photo: Ana Ruiz";
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, SLOW);
  await page.goto("/admin/dashboard/media-library");
  const folder = `e2e-words-${Date.now().toString(36)}`;
  await page.getByLabel("New folder").fill(folder);
  await page.getByRole("button", { name: "Open new folder" }).click();
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#52796f" } })
    .png()
    .toBuffer();
  await page.getByLabel("Choose files").setInputFiles({ name: "terraces.png", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: /^terraces\.png \d/ }).click(SLOW);

  const details = page.getByRole("region", { name: "terraces.png" });
  const description = details.getByRole("region", { name: "Description" });
  await description.getByLabel("Alt text (English)").fill(ALT);
  await description.getByLabel("Caption (English)").fill(CAPTION);
  await description.getByText("Translations (optional)").click();
  await description.getByLabel("Alt text in German").fill(ALT_DE);
  await description.getByRole("button", { name: "Save description" }).click();
  await expect(description.getByRole("status")).toHaveText("Description saved. Pages that show this file use it now.");
  // The preview is described by the new words.
  await expect(details.getByRole("img", { name: ALT })).toBeVisible();
  await expectNoAxeViolations(page);

  // Kept with the file: after a reload the form shows them.
  await page.reload();
  await page.getByRole("button", { name: `Folder ${folder}` }).click();
  await page.getByRole("button", { name: /^terraces\.png \d/ }).click();
  await expect(page.getByLabel("Alt text (English)")).toHaveValue(ALT);
  await expect(page.getByLabel("Caption (English)")).toHaveValue(CAPTION);
  await expect(page.getByLabel("Alt text in German")).toHaveValue(ALT_DE);

  // A page text: the picker inserts the image without a description of its own, so the library's words show.
  await page.goto("/admin/dashboard/pages/about");
  const text = page.getByRole("textbox", { name: "Text" });
  await text.focus();
  await page.keyboard.press("ControlOrMeta+End");
  await pick(page, page.getByRole("button", { name: "Choose image from the media library" }), folder, "terraces.png");
  await expect(text).toHaveValue(/!\[\]\(\/api\/storage\/download\/.+terraces\.png\.webp\?token=[^)]+\)\s*$/);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("About: page text saved. The site shows it now.")).toBeVisible();
  const english = await visit(browser, "/about");
  const figure = english.page.getByRole("figure").filter({ has: english.page.getByRole("img", { name: ALT }) });
  await expect(figure).toBeVisible();
  await expect(figure.locator("figcaption")).toHaveText(CAPTION);
  await expectNoAxeViolations(english.page);
  await english.close();

  // The German tab holds the German About text; the image added there is described in German, the caption marked
  // as English (it has no German version).
  await page.goto("/admin/dashboard/pages/about?language=de");
  const germanText = page.getByRole("textbox", { name: "Text" });
  await expect(germanText).toHaveValue(/^## Wer wir sind/);
  await germanText.focus();
  await page.keyboard.press("ControlOrMeta+End");
  await pick(page, page.getByRole("button", { name: "Choose image from the media library" }), folder, "terraces.png");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("About: page text saved. The site shows it now.")).toBeVisible();
  const german = await visit(browser, "/de/about");
  // Lazily loaded at the end of the page: it has a size once it is scrolled to.
  const germanImage = german.page.getByRole("img", { name: ALT_DE });
  await germanImage.scrollIntoViewIfNeeded();
  await expect(germanImage).toBeVisible();
  await expect(german.page.locator("figcaption")).toHaveAttribute("lang", "en");
  await expectNoAxeViolations(german.page);
  await german.close();

  // A place's picture.
  await page.goto("/admin/dashboard/locations?q=Atlas%20Foothills");
  await page.getByRole("link", { name: "Edit Atlas Foothills Oasis Farm", exact: true }).click();
  await pick(page, page.getByRole("button", { name: "Choose image from the media library" }), folder, "terraces.png");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Location saved")).toBeVisible(SLOW);
  for (const [path, alt] of [
    ["/location/Atlas-Foothills-Oasis-Farm", ALT],
    ["/de/location/Atlas-Foothills-Oasis-Farm", ALT_DE],
  ] as const) {
    const visitor = await visit(browser, path);
    const hero = visitor.page
      .getByRole("main")
      .getByRole("figure")
      .filter({ has: visitor.page.getByRole("img", { name: alt }) });
    await expect(hero).toBeVisible();
    await expect(hero.locator("figcaption")).toHaveText(CAPTION);
    await expectNoAxeViolations(visitor.page);
    await visitor.close();
  }

  // The About texts go back to how the site started, for the other tests.
  for (const tab of ["/admin/dashboard/pages/about", "/admin/dashboard/pages/about?language=de"]) {
    await page.goto(tab);
    await page.getByRole("button", { name: /^Restore the version saved 22 Nov 2026/ }).click();
    await expect(page.getByText(/the version saved 22 Nov 2026.* is back/)).toBeVisible();
  }
});
