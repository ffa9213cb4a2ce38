import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

/** The server refuses forms sent faster than a person could fill them (3 s). */
const HUMAN_PAUSE_MS = 3200;

async function fillValidApplication(page: Page, name: string) {
  await page.getByLabel("Full name").fill(name);
  await page
    .getByRole("main")
    .getByLabel("E-mail address")
    .fill(`${name.toLowerCase().replace(/\W+/g, ".")}@example.org`);
  await page.getByRole("radio", { name: /Learner/ }).check();
  await page.getByLabel("Country").fill("Portugal");
  await page.getByRole("combobox", { name: "Region", exact: true }).selectOption({ label: "Europe" });
  await page.getByRole("checkbox", { name: "Soil Health" }).check();
  await page.getByLabel("Your experience").fill("Two years of growing vegetables in a community garden in Lisbon.");
  await page.getByLabel("What you are looking for").fill("A design certificate course in southern Europe next year.");
  await page.getByRole("checkbox", { name: /I agree/ }).check();
}

test("validation messages are tied to their fields and summarised at the top", async ({ page }) => {
  await page.goto("/application");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Send application" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "problems with your application" });
  await expect(summary).toBeVisible();
  await expect(summary).toBeFocused();

  const name = page.getByLabel("Full name");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await name.getAttribute("aria-describedby")) ?? "";
  await expect(page.locator(`#${describedBy.split(" ").pop()}`)).toHaveText(/Please enter your full name\./);
  await expect(page.getByRole("main").getByLabel("E-mail address")).toHaveAccessibleDescription(
    /Please enter your e-mail address\./,
  );
  await expect(page.getByRole("checkbox", { name: /I agree/ })).toHaveAccessibleDescription(
    /Please agree to the privacy policy/,
  );
  await expect(page.getByRole("group", { name: /Focus areas/ })).toHaveAccessibleDescription(
    /Please choose at least one focus area\./,
  );

  // The summary links move to the field; fixing a field clears its message.
  await summary.getByRole("link", { name: /Full name/ }).click();
  await expect(name).toBeFocused();
  await name.fill("Lena Varga");
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
});

test("keyboard only: fill, submit and reach the confirmation screen", async ({ page }) => {
  await page.goto("/application");
  await page.getByLabel("Full name").focus();
  await page.keyboard.type("Kofi Mensah");
  await page.keyboard.press("Tab");
  await page.keyboard.type("kofi.mensah@example.org");
  await page.keyboard.press("Tab");
  // First radio of the group: Space selects it.
  await expect(page.getByRole("radio", { name: /Educator/ })).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Organisation or location name")).toBeFocused();
  await page.keyboard.type("Volta Food Forest");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Ghana");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("combobox", { name: "Region", exact: true })).toBeFocused();
  await page.keyboard.type("Africa");
  await expect(page.getByRole("combobox", { name: "Region", exact: true })).toHaveValue("Africa");
  await page.keyboard.press("Tab");
  await page.keyboard.type("https://volta.example");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("checkbox").first()).toBeFocused();
  await page.keyboard.press("Space");
  await page.getByLabel("Your experience").focus();
  await page.keyboard.type("I have taught permaculture design courses in the Volta region for six years.");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Learners for our spring design course and exchange with other educators.");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("checkbox", { name: /I agree/ })).toBeFocused();
  await page.keyboard.press("Space");
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Send application" })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/application\?submitted=1$/);
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your application" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What happens next" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("without JavaScript a server-side error keeps every answer", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/application");
  await fillValidApplication(page, "Mira Holm");
  await page.getByRole("checkbox", { name: /I agree/ }).uncheck();
  await page.getByLabel("Website").fill("not a web address");
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await page.getByRole("button", { name: "Send application" }).click();

  await expect(page.getByRole("alert")).toContainText("problems with your application");
  await expect(page.getByLabel("Website")).toHaveAccessibleDescription(/full web address/);
  await expect(page.getByRole("checkbox", { name: /I agree/ })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Full name")).toHaveValue("Mira Holm");
  await expect(page.getByRole("main").getByLabel("E-mail address")).toHaveValue("mira.holm@example.org");
  await expect(page.getByRole("radio", { name: /Learner/ })).toBeChecked();
  await expect(page.getByLabel("Country")).toHaveValue("Portugal");
  await expect(page.getByRole("combobox", { name: "Region", exact: true })).toHaveValue("Europe");
  await expect(page.getByRole("checkbox", { name: "Soil Health" })).toBeChecked();
  await expect(page.getByLabel("Your experience")).toHaveValue(/community garden in Lisbon/);
  await expect(page.getByLabel("Website")).toHaveValue("not a web address");
  await context.close();
});

test("a form sent within seconds of loading is politely refused, with answers kept", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // As soon as the HTML is there (not after images and fonts: on a busy machine those alone can outlast the
  // 3 s a person needs at least, and the post would then be rightly accepted).
  await page.goto("/application", { waitUntil: "domcontentloaded" });
  // A bot fills every field at once, the instant the page arrives.
  await page.evaluate(() => {
    const form = document.querySelector<HTMLFormElement>('form[action="/application"]');
    if (!form) throw new Error("application form missing");
    const set = (name: string, value: string) => {
      const el = form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
      el.value = value;
    };
    set("fullName", "Quick Sender");
    set("email", "quick@example.org");
    set("country", "Chile");
    set("region", "SouthAmerica");
    set("experience", "Many years of growing food and teaching others how to do it.");
    set("seeking", "Students for a course in the Andes next spring and summer.");
    form.querySelector<HTMLInputElement>('input[name="applicantType"][value="educator"]')?.click();
    form.querySelector<HTMLInputElement>('input[name="focusAreas"]')?.click();
    form.querySelector<HTMLInputElement>('input[name="consent"]')?.click();
  });
  const res = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "Send application" }).click();
  expect((await res).status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("take a moment");
  await expect(page.getByLabel("Full name")).toHaveValue("Quick Sender");
  await context.close();
});

test("a filled honeypot looks like success to the bot", async ({ page }) => {
  await page.goto("/application");
  const honeypot = page.locator('input[name="fax_number"]');
  await expect(honeypot).toHaveAttribute("tabindex", "-1");
  await expect(honeypot).toHaveAttribute("autocomplete", "off");
  await expect(page.locator('[aria-hidden="true"]:has(input[name="fax_number"])')).toHaveCount(1);
  await fillValidApplication(page, "Spam Bot");
  await honeypot.fill("+1 555 0100", { force: true });
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await page.getByRole("button", { name: "Send application" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your application" })).toBeVisible();
});
