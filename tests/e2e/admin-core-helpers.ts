import { type Browser, expect, type Locator, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";

/**
 * Waits for steps that hash a password (sign-in, creating a user): scrypt at OWASP cost takes about a second, and
 * much longer on a busy CI machine.
 */
export const SLOW = { timeout: 30_000 };

/** A unique e-mail per run, so the suite can run against a database that already has earlier users. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.org`;
}

/** Signs in through the login page as a person would. */
export async function signIn(page: Page, email: string, password: string, path = "/admin/login") {
  await page.goto(path);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signs in as the suite's administrator and waits for the dashboard. */
export async function signInAsAdmin(page: Page) {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, SLOW);
}

/** Creates a user through the Users screen (the caller must be signed in as an admin). */
export async function createUserViaScreen(
  page: Page,
  user: { name: string; email: string; password: string; role: "ADMIN" | "DEFAULT" },
) {
  await page.goto("/admin/dashboard/users");
  const form = page.getByRole("region", { name: "Add a user" });
  await form.getByLabel("Name").fill(user.name);
  await form.getByLabel("E-mail").fill(user.email);
  await form.getByLabel("Set a password now").check();
  await form.getByLabel(/^Password/).fill(user.password);
  await form.getByLabel("Role").selectOption(user.role);
  await form.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByRole("rowheader", { name: user.email })).toBeVisible(SLOW);
}

/**
 * The accounts a spec file signs in with, made before its tests (in `test.beforeAll`) by the shared admin through the
 * Users screen, in a page of their own.
 */
export async function createUsersAsAdmin(
  browser: Browser,
  users: { name: string; email: string; password: string; role: "ADMIN" | "DEFAULT" }[],
) {
  const page = await browser.newPage();
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, SLOW);
  for (const user of users) await createUserViaScreen(page, user);
  await page.close();
}

/** Waits until the upload of the file `name` in `scope` (the media library, or a picker's dialog) has finished. */
export async function expectUploaded(scope: Page | Locator, name: string) {
  await expect(scope.getByRole("progressbar", { name: `Upload of ${name}` })).toHaveAttribute(
    "aria-valuenow",
    "100",
    SLOW,
  );
}

/** Uploads a file in a media picker's dialog and chooses it there: the dialog closes. */
export async function uploadAndChoose(dialog: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  await dialog.getByLabel("Choose files").setInputFiles(file);
  await expectUploaded(dialog, file.name);
  await dialog.getByRole("button", { name: `Choose ${file.name}` }).click();
  await expect(dialog).toBeHidden();
}

/** The translations of one field on an entry's or a newsletter issue's edit screen (a disclosure named by the field). */
export function fieldTranslations(page: Page, fieldName: string) {
  return page.locator("details").filter({ has: page.locator(`[name="${fieldName}"]`) });
}

/**
 * Opens the Spanish translation of `field` on an edit screen, checks the original shown beside it (marked with its
 * language) when `original` is given, and types `spanish`. Gives the field's translations.
 */
export async function translateToSpanish(page: Page, field: string, spanish: string, original?: string | RegExp) {
  const translations = fieldTranslations(page, `tr.es.${field}`);
  await translations.locator("summary").click();
  if (original !== undefined) await expect(translations.locator('p[lang="en"]')).toHaveText(original);
  await translations.getByLabel("Spanish").fill(spanish);
  return translations;
}
