import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { SLOW, signIn, uniqueEmail } from "./admin-core-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

/**
 * What the site promises, as a visitor and staff meet it (issue 37, decision 057): sign-up boxes that say to confirm,
 * podcast e-mails that are confirmed, sent per episode and stopped with one click, the dashboard's counts, and the
 * terms' open data licence chosen in Site settings. No mail server here: messages wait in the Outbox.
 */
test.setTimeout(180_000);

/** The first link in an Outbox message that goes to `path` (any language prefix), as a path on this site. */
async function linkInOutbox(page: Page, to: string, subject: RegExp, path: RegExp): Promise<string> {
  await page.goto("/admin/dashboard/outbox");
  await page.getByRole("row").filter({ hasText: to }).filter({ hasText: subject }).getByRole("link").first().click();
  const message = page.getByRole("region", { name: subject });
  await expect(message).toBeVisible();
  const href = (await message.getByRole("link", { name: path }).first().getAttribute("href")) ?? "";
  const url = new URL(href);
  return url.pathname + url.search;
}

/**
 * Signs a new address up through the page's newsletter box in `area` (the main content or the footer) once the box is
 * live (an island), with the box's own e-mail label and button; gives the box.
 */
async function signUpInBox(page: Page, area: "main" | "footer", words: { label: string; button: string }) {
  const selector = `${area} form[action="/api/newsletter"]`;
  const box = page.locator(selector);
  await box.scrollIntoViewIfNeeded();
  await page.waitForFunction((s) => {
    const form = document.querySelector(s);
    return !!form && Object.keys(form).some((k) => k.startsWith("__reactFiber"));
  }, selector);
  await box.getByLabel(words.label).fill(uniqueEmail(`${area}-box`));
  await box.getByRole("button", { name: words.button }).click();
  return box;
}

test("the home page's and the footer's newsletter boxes say to confirm, in English and Spanish", async ({ page }) => {
  await page.goto("/");
  const home = await signUpInBox(page, "main", { label: "E-mail address", button: "Subscribe" });
  await expect(home.getByRole("status")).toHaveText(
    "Thank you for subscribing! Please check your inbox: the newsletter starts once you click the link in our e-mail to confirm your address.",
  );
  await expectNoAxeViolations(page);

  await page.goto("/es/about");
  const footer = await signUpInBox(page, "footer", { label: "Correo electrónico", button: "Suscribirse" });
  await expect(footer.getByRole("status")).toContainText("Revisa tu bandeja de entrada");
  await expectNoAxeViolations(page);
});

test("a Spanish podcast listener confirms, gets the new episode's e-mail in Spanish and unsubscribes with its link", async ({
  page,
  visitorPage: es,
}) => {
  const email = uniqueEmail("oyente");
  await es.goto("/es/podcast");
  const box = es.getByRole("region", { name: "Recibe los episodios nuevos por correo" });
  await expect(box).toContainText("Un correo breve por episodio. Puedes darte de baja cuando quieras.");
  await box.getByLabel("Correo electrónico").fill(email);
  await box.getByRole("button", { name: "Suscribirse" }).click();
  await expect(box.getByRole("status")).toContainText("Revisa tu bandeja de entrada y haz clic en el enlace");
  await expectNoAxeViolations(es);

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/, SLOW);
  const confirm = await linkInOutbox(page, email, /Confirma los correos/, /\/es\/podcast\/confirm\?/);

  // Not counted until the address is confirmed.
  await page.goto("/admin/dashboard/podcast?sstate=awaiting");
  await expect(page.getByRole("rowheader", { name: email })).toBeVisible();

  await es.goto(confirm);
  await expect(es.getByRole("heading", { level: 1, name: "Confirma tus correos del pódcast" })).toBeVisible();
  await expect(es.getByText(`Confirma que ${email} debe recibir un correo por cada episodio nuevo.`)).toBeVisible();
  await expectNoAxeViolations(es);
  await es.getByRole("button", { name: "Confirmar los correos del pódcast" }).click();
  await expect(es.getByRole("heading", { level: 1, name: "Recibirás los episodios nuevos" })).toBeVisible();
  await expectNoAxeViolations(es);

  // Staff add an episode; e-mailing it is ticked for a new one.
  await page.goto("/admin/dashboard/podcast");
  await expect(page.getByRole("rowheader", { name: email })).toBeVisible();
  await expect(page.getByText(/\d+ confirmed subscribers? gets? an e-mail for each episode/)).toBeVisible();
  await page.getByRole("link", { name: "Add episode" }).click();
  const number = String(500 + Math.floor(Math.random() * 400));
  await page.getByLabel("Episode number").fill(number);
  await page.getByLabel("Duration").fill("21:00");
  await page.getByRole("textbox", { name: "Title (required)" }).fill("Water in the hills");
  await page.getByRole("textbox", { name: "Summary", exact: true }).fill("Swales and ponds on a steep farm.");
  const announce = page.getByRole("checkbox", { name: /E-mail this episode to the \d+ confirmed podcast/ });
  await expect(announce).toBeChecked();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Create episode" }).click();
  await expect(page.getByText(/Episode saved and e-mailed to \d+ confirmed subscribers?\./)).toBeVisible(SLOW);
  const row = page.getByRole("row").filter({ hasText: "Water in the hills" });
  await expect(row.getByRole("cell", { name: /\d{4}-\d{2}-\d{2}, to \d+/ })).toBeVisible();
  await expectNoAxeViolations(page);

  const unsubscribe = await linkInOutbox(
    page,
    email,
    new RegExp(`Nuevo episodio ${number} del pódcast`),
    /\/es\/podcast\/unsubscribe\?/,
  );
  await es.goto(unsubscribe);
  await expect(es.getByRole("heading", { level: 1, name: "Dejar de recibir los correos del pódcast" })).toBeVisible();
  await expectNoAxeViolations(es);
  await es.getByRole("button", { name: "Darme de baja" }).click();
  await expect(es.getByRole("heading", { level: 1, name: "Te has dado de baja" })).toBeVisible();

  // The address is gone from the list.
  await page.goto(`/admin/dashboard/podcast?sstate=all&sq=${encodeURIComponent(email)}`);
  await expect(page.getByText("No subscribers match this search")).toBeVisible();
});

test("the dashboard counts confirmed subscribers and shows the others apart", async ({ page }) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/, SLOW);
  // The card's number is the newsletter screen's confirmed count (other tests sign up meanwhile: read both again).
  await expect(async () => {
    await page.goto("/admin/dashboard");
    const card = page.getByRole("link", { name: /Newsletter subscribers \(confirmed\)/ });
    const shown = Number(((await card.textContent()) ?? "").match(/\(confirmed\)\s*([\d,]+)/)?.[1]?.replace(/,/g, ""));
    await page.goto("/admin/dashboard/newsletter");
    const tab = (await page.getByRole("link", { name: /^Confirmed \(\d+\)$/ }).textContent()) ?? "";
    expect(shown).toBe(Number(tab.match(/\((\d+)\)/)?.[1]));
  }).toPass({ timeout: 30_000 });
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("link", { name: /Podcast subscribers \(confirmed\)/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the terms state the data licence staff choose, in every language", async ({ page, visitorPage: reader }) => {
  for (const lang of ["", "/es", "/pt", "/fr", "/de"]) {
    await reader.goto(`${lang}/terms`);
    await expect(
      reader.getByRole("link", { name: "Creative Commons Attribution 4.0 International (CC BY 4.0)" }),
    ).toHaveAttribute("href", "https://creativecommons.org/licenses/by/4.0/");
    await expect(reader.getByRole("main")).not.toContainText(/non-commercial|no comercial|nicht-kommerziell/);
  }
  await expectNoAxeViolations(reader);

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/, SLOW);
  await page.goto("/admin/dashboard/site-settings");
  const odbl = page.getByRole("radio", { name: "Open Data Commons Open Database License 1.0 (ODbL 1.0)" });
  await expect(page.getByRole("radio", { name: /CC BY 4\.0/ })).toBeChecked();
  await expectNoAxeViolations(page);
  try {
    await odbl.check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Site settings saved.")).toBeVisible();
    await expect(odbl).toBeChecked();
    await reader.goto("/fr/terms");
    await expect(
      reader.getByRole("link", { name: "Open Data Commons Open Database License 1.0 (ODbL 1.0)" }),
    ).toHaveAttribute("href", "https://opendatacommons.org/licenses/odbl/1-0/");
    await expectNoAxeViolations(reader);
  } finally {
    await page.goto("/admin/dashboard/site-settings");
    await page.getByRole("radio", { name: /CC BY 4\.0/ }).check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Site settings saved.")).toBeVisible();
  }
});
