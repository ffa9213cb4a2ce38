import { E2E_ADMIN } from "../../playwright.config";
import { SLOW, signIn } from "./admin-core-helpers";
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
  await expect(page.getByRole("progressbar", { name: "Upload of leaf.png" })).toHaveAttribute(
    "aria-valuenow",
    "100",
    SLOW,
  );
  await expect(page.getByRole("progressbar", { name: "Upload of notes.pdf" })).toHaveAttribute(
    "aria-valuenow",
    "100",
    SLOW,
  );
  await expect(page.getByText(/This type of file is not accepted \(an HTML document\)/)).toBeVisible(SLOW);

  await expect(page.getByRole("button", { name: /^leaf\.png \d/ })).toBeVisible(SLOW);
  await expect(page.getByRole("button", { name: /^notes\.pdf \d/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /^fake\.jpg \d/ })).toHaveCount(0);
  // Generated WebP copies are not listed as separate files.
  await expect(page.getByRole("button", { name: /leaf\.png\.webp/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: /^leaf\.png \d/ }).click();
  const details = page.getByRole("region", { name: "leaf.png" });
  await expect(details.getByText(`${folder}/leaf.png`)).toBeVisible();
  await expect(details.getByText("image/png", { exact: true })).toBeVisible();
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
