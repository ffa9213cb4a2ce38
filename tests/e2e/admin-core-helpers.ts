import { expect, type Page } from "@playwright/test";

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
