import type { Browser, Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-core-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

/** Today as the public pages write dates ("26 November 2026"), in UTC like the site. */
const today = () =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(),
  );

/** A visitor arriving fresh (public pages may be served from the browser's cache otherwise). */
async function visit(browser: Browser, path: string) {
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  const response = await page.goto(path);
  return { page, html: (await response?.text()) ?? "", close: () => context.close() };
}

async function openPrivacyEditor(page: Page) {
  await page.goto("/admin/dashboard");
  await page.getByRole("navigation", { name: /admin/i }).getByRole("link", { name: "Pages", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pages" })).toBeVisible();
  await page.getByRole("link", { name: "Privacy: policy text" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit: Privacy: policy text" })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test("staff edit the privacy policy in Markdown: preview, save, the public page changes; restoring brings the old text back", async ({
  page,
  browser,
}) => {
  const marker = `Our promise ${Date.now().toString(36)}`;
  const markdown = [
    `## ${marker}`,
    "",
    "We keep **nothing** you did not give us. [Write to us](mailto:{{contact-email}}).",
    "",
    "<script>window.__pwned = 1</script>",
    "",
    '<img src="/favicon.svg" onerror="window.__pwned = 2" alt="">',
    "",
    "[a trap](javascript:window.__pwned=3)",
  ].join("\n");

  await openPrivacyEditor(page);
  const text = page.getByRole("textbox", { name: "Text" });
  await expect(text).toHaveValue(/## Who is responsible/);
  await text.fill(markdown);
  await page.getByRole("button", { name: "Preview" }).click();

  const preview = page.getByRole("region", { name: "Preview (not saved yet)" });
  await expect(preview.getByRole("heading", { level: 2, name: marker })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("nothing");
  await expect(preview.getByRole("link", { name: "Write to us" })).toHaveAttribute(
    "href",
    "mailto:info@permaculture.example",
  );
  await expect(preview.locator("script")).toHaveCount(0);
  await expect(preview.locator("[onerror]")).toHaveCount(0);
  await expect(preview.getByText("a trap")).toBeVisible();
  await expect(preview.locator('a[href^="javascript"]')).toHaveCount(0);
  // The text area keeps what was typed; nothing was saved yet.
  await expect(text).toHaveValue(markdown);
  const before = await visit(browser, "/privacy");
  await expect(before.page.getByRole("heading", { level: 2, name: "Who is responsible" })).toBeVisible();
  await before.close();

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Privacy: policy text saved. The site shows it now.")).toBeVisible();
  const versions = page.getByRole("region", { name: "Saved versions" });
  await expect(versions.getByRole("listitem")).toHaveCount(2);
  await expect(versions.getByRole("listitem").first()).toContainText("Shown on the site now");

  const after = await visit(browser, "/privacy");
  await expect(after.page.getByRole("heading", { level: 2, name: marker })).toBeVisible();
  await expect(after.page.getByRole("heading", { level: 2, name: "Who is responsible" })).toHaveCount(0);
  await expect(after.page.getByText(`Last updated ${today()}`)).toBeVisible();
  // The script, the handler and the javascript: link never reach the page.
  expect(after.html).not.toContain("__pwned");
  expect(after.html).not.toMatch(/onerror|javascript:/i);
  expect(await after.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await after.close();

  // Restore the text the site started with (the first version in the list, saved on 22 November 2026).
  await versions.getByRole("button", { name: /^Restore the version saved 22 Nov 2026/ }).click();
  await expect(page.getByText(/the version saved 22 Nov 2026.* is back/)).toBeVisible();
  await expect(text).toHaveValue(/## Who is responsible/);
  await expect(versions.getByRole("listitem")).toHaveCount(3);

  const restored = await visit(browser, "/privacy");
  await expect(restored.page.getByRole("heading", { level: 2, name: "Who is responsible" })).toBeVisible();
  await expect(restored.page.getByText(marker)).toHaveCount(0);
  await expect(restored.page.getByText(`Last updated ${today()}`)).toBeVisible();
  await restored.close();
});

test("bad input is refused with a message; the screens work from the keyboard and pass axe", async ({ page }) => {
  await page.goto("/admin/dashboard/pages");
  await expectNoAxeViolations(page);

  await page.goto("/admin/dashboard/pages/site-name");
  const name = page.getByRole("textbox", { name: "Site name" });
  await name.fill("   ");
  await name.press("Enter");
  const problem = page.getByRole("alert");
  await expect(problem).toContainText("Write the site name.");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  // Keyboard only: from the text to the Preview button, and the preview appears.
  await page.goto("/admin/dashboard/pages/about");
  const text = page.getByRole("textbox", { name: "Text" });
  await text.focus();
  await page.keyboard.press("End");
  await page.keyboard.type("\n\n> Added from the keyboard.");
  const previewButton = page.getByRole("button", { name: "Preview" });
  for (let i = 0; i < 5 && !(await previewButton.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(previewButton).toBeFocused();
  await page.keyboard.press("Enter");
  const preview = page.getByRole("region", { name: "Preview (not saved yet)" });
  await expect(preview.locator("blockquote")).toHaveText("Added from the keyboard.");
  await expectNoAxeViolations(page);

  // The media library's picker opens from the keyboard and Escape closes it.
  const picker = page.getByRole("button", { name: /Choose image from the media library/i });
  await picker.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(picker).toBeFocused();
});

test("each language's tab shows that language's text, and About reads in every language", async ({ page, browser }) => {
  // The German tab showed the English built-in text; it shows the German one the German pages show.
  await page.goto("/admin/dashboard/pages/about?language=de");
  await expect(page.getByRole("heading", { level: 1, name: "Edit: About: page text (German)" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Text" })).toHaveValue(/^## Wer wir sind\n/);
  // The demo stores each language's starting text as its first version.
  await expect(page.getByRole("region", { name: "Saved versions" }).getByRole("listitem").last()).toContainText(
    "site defaults",
  );
  await expectNoAxeViolations(page);
  await page.goto("/admin/dashboard/pages/home-heading?language=de");
  await expect(page.getByRole("textbox", { name: "Home page heading" })).toHaveValue(
    "Permakultur lernen und lehren, wo immer du bist",
  );
  // The site's name is not translated: the German tab says German pages show the English one.
  await page.goto("/admin/dashboard/pages/site-name?language=de");
  await expect(page.getByText("Not written in German yet: German pages show the English text")).toBeVisible();

  const about = {
    es: ["Quiénes somos", "Somos una pequeña organización sin ánimo de lucro"],
    pt: ["Quem somos", "Somos uma pequena organização sem fins lucrativos"],
    fr: ["Qui nous sommes", "Nous sommes une petite association à but non lucratif"],
    de: ["Wer wir sind", "Wir sind eine kleine, ehrenamtlich getragene gemeinnützige Organisation"],
  } as const;
  for (const [lang, [heading, lead]] of Object.entries(about)) {
    const visitor = await visit(browser, `/${lang}/about`);
    await expect(visitor.page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    await expect(visitor.page.getByText(lead)).toBeVisible();
    // Nothing on the page is marked as English any more.
    await expect(visitor.page.getByTestId("shown-in-note")).toHaveCount(0);
    if (lang === "de") await expectNoAxeViolations(visitor.page);
    await visitor.close();
  }
  // The German home page speaks to the visitor as "du".
  const home = await visit(browser, "/de");
  await expect(home.page.getByRole("heading", { level: 1 })).toHaveText(
    "Permakultur lernen und lehren, wo immer du bist",
  );
  await expect(home.page.getByText("Entdecke nachhaltige Lebensweisen").first()).toBeVisible();
  await home.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Preview shows the rendered text and keeps the typed words", async ({ page }) => {
    await page.goto("/admin/dashboard/pages/terms");
    const text = page.getByRole("textbox", { name: "Text" });
    await text.fill("## Plain rules\n\n*Be kind.*");
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "Preview (not saved yet)" });
    await expect(preview.getByRole("heading", { level: 2, name: "Plain rules" })).toBeVisible();
    await expect(preview.locator("em")).toHaveText("Be kind.");
    await expect(page.getByRole("textbox", { name: "Text" })).toHaveValue("## Plain rules\n\n*Be kind.*");
  });
});
