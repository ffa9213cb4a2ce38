import { HtmlValidate } from "html-validate";
import { E2E_ADMIN } from "../../playwright.config";
import { fieldTranslations, SLOW, signIn, translateToSpanish } from "./admin-core-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

test.setTimeout(120_000);

test("staff translate an issue beside its original, preview it per language, and a bad translation is refused", async ({
  page,
}) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, SLOW);
  await page.goto("/admin/dashboard/newsletter/issues");
  const subject = `Seed swap ${Date.now().toString(36)}`;
  await page.getByLabel("Subject").fill(subject);
  await page.getByRole("button", { name: "Start writing" }).click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible(SLOW);
  await page.getByLabel("Text (Markdown)").fill("## Seed swap\n\nBring your seeds.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft saved")).toBeVisible(SLOW);

  // The original language, and per field the original beside one input per other language.
  await expect(page.getByLabel("Original language")).toHaveValue("en");
  const subjects = await translateToSpanish(page, "subject", "Intercambio de semillas", subject);
  await translateToSpanish(page, "body", "## Intercambio\n\nTrae tus semillas.", /Bring your seeds\./);
  await expectNoAxeViolations(page, { exclude: ["iframe"] });

  // Too long: refused with a message on the field; what was typed stays.
  await subjects.getByLabel("German").evaluate((el) => el.removeAttribute("maxlength"));
  await subjects.getByLabel("German").fill("x".repeat(201));
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("alert")).toContainText("Subject in German must be 200 characters or fewer.");
  await expect(subjects.getByLabel("German")).toHaveAttribute("aria-invalid", "true");
  await expect(subjects.getByLabel("Spanish")).toHaveValue("Intercambio de semillas");
  await subjects.getByLabel("German").fill("");
  // The first save's toast has gone, so the one awaited below is this save's.
  await expect(page.getByText("Draft saved")).toHaveCount(0, SLOW);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft saved")).toBeVisible(SLOW);

  // Each language's preview: Spanish readers get the translation, German readers the original.
  const languages = page.getByRole("navigation", { name: "Preview in a subscriber's language" });
  await expect(languages).toContainText("Spanish (translated)");
  await expect(languages).toContainText("German (not translated: gets the original)");
  // A live preview still on its way for the language staff leave must not cover the one they switch to: the
  // English preview of a last keystroke is held back until the Spanish one is shown.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const isPreview = (url: URL) => url.pathname.includes("/preview");
  await page.route(isPreview, async (route) => {
    await held;
    await route.continue();
  });
  const lateReply = page.waitForResponse((res) => isPreview(new URL(res.url())), SLOW);
  await page.getByLabel("Text (Markdown)").fill("## Seed swap\n\nBring your seeds and pots.");
  await page.waitForRequest((req) => isPreview(new URL(req.url())), SLOW);
  await languages.getByRole("link", { name: "Spanish" }).click();
  await expect(page).toHaveURL(/\?language=es$/);
  await expect(languages.getByRole("link", { name: "Spanish" })).toHaveAttribute("aria-current", "page");
  const preview = page.frameLocator('iframe[title^="Preview"]');
  await expect(preview.getByRole("heading", { name: "Intercambio", exact: true })).toBeVisible();
  release();
  await lateReply;
  await page.unroute(isPreview);
  // Two frames for the page to take in the late reply; the Spanish preview stays.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await expect(preview.getByRole("heading", { name: "Intercambio", exact: true })).toBeVisible();
  await expect(preview.getByRole("heading", { name: "Seed swap", exact: true })).toHaveCount(0);
  await expect(preview.getByText("Darse de baja")).toBeVisible();
  // The live preview follows the typing in the previewed language.
  await fieldTranslations(page, "tr.es.body").getByLabel("Spanish").fill("## Mercado\n\nTrae tus semillas.");
  await expect(preview.getByRole("heading", { name: "Mercado" })).toBeVisible();
  await languages.getByRole("link", { name: "German" }).click();
  await expect(preview.getByRole("heading", { name: "Seed swap", exact: true })).toBeVisible();
  await expect(preview.getByText("Abmelden")).toBeVisible();
  await expectNoAxeViolations(page, { exclude: ["iframe"] });

  // The screen's HTML conforms.
  const res = await page.request.get(page.url());
  const report = await new HtmlValidate({ extends: ["html-validate:standard"] }).validateString(await res.text());
  expect(
    report.results.flatMap((r) => r.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message}`)),
  ).toEqual([]);
});
