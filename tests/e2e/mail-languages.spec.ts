import { E2E_ADMIN } from "../../playwright.config";
import { SLOW, signIn, uniqueEmail } from "./admin-core-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

test("a sign-up on /es/newsletter gets its confirmation in Spanish, which opens the Spanish confirm page", async ({
  page,
  visitorPage: spanish,
}) => {
  const email = uniqueEmail("lucia");
  await spanish.goto("/es/newsletter");
  await expect(spanish.getByRole("heading", { level: 1, name: "Boletín" })).toBeVisible();
  await expect(spanish.getByRole("heading", { name: "Más o menos una vez al mes" })).toBeVisible();
  const privacy = spanish.getByRole("main").getByRole("link", { name: "política de privacidad" });
  await expect(privacy).toHaveAttribute("href", "/es/privacy");
  await expectNoAxeViolations(spanish);
  const main = spanish.getByRole("main");
  await main.getByLabel("Correo electrónico").fill(email);
  await main.getByRole("button", { name: "Suscribirse" }).click();
  await expect(main.getByRole("status").filter({ hasText: "¡Gracias por suscribirte!" })).toBeVisible();

  // No mail server in these tests: the message waits in the Outbox, in Spanish.
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/, SLOW);
  await page.goto("/admin/dashboard/outbox");
  const row = page.getByRole("row").filter({ hasText: email });
  await row.getByRole("link").first().click();
  const message = page.getByRole("region", { name: "Confirma tu suscripción al boletín de Permaculture Network" });
  await expect(message).toBeVisible();
  await expect(page.frameLocator("iframe").getByText("Si el botón no funciona")).toBeVisible();
  const link = (await message.getByRole("link", { name: /\/es\/newsletter\/confirm\?/ }).getAttribute("href")) ?? "";
  expect(link).toMatch(/\/es\/newsletter\/confirm\?token=/);

  const url = new URL(link);
  await spanish.goto(url.pathname + url.search);
  await expect(spanish.getByRole("heading", { level: 1, name: "Confirma tu suscripción" })).toBeVisible();
  await expect(spanish.getByText(`Confirma que ${email} debe recibir el boletín.`)).toBeVisible();
  await expectNoAxeViolations(spanish);
  await spanish.getByRole("button", { name: "Confirmar mi suscripción" }).click();
  await expect(spanish.getByRole("heading", { level: 1, name: "Suscripción confirmada" })).toBeVisible();
  await expect(spanish.getByRole("link", { name: "mapa de lugares donde aprender permacultura" })).toHaveAttribute(
    "href",
    "/es/map",
  );
});

test("without JavaScript a Spanish sign-up comes back to the Spanish page with its outcome", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/es/newsletter");
  const main = page.getByRole("main");
  await main.getByLabel("Correo electrónico").fill("roto@");
  await main.getByRole("button", { name: "Suscribirse" }).click();
  await expect(page).toHaveURL(/\/es\/newsletter\?error=invalid-email$/);
  await expect(main.getByLabel("Correo electrónico")).toHaveAccessibleDescription(
    "Escribe una dirección de correo electrónico válida.",
  );
  await main.getByLabel("Correo electrónico").fill(uniqueEmail("sin-js"));
  await main.getByRole("button", { name: "Suscribirse" }).click();
  await expect(page).toHaveURL(/\/es\/newsletter\?subscribed=1$/);
  await expect(main.getByText("¡Gracias por suscribirte!")).toBeVisible();
  await context.close();
});

test("the German unsubscribe page and the Portuguese newsletter page speak their languages", async ({ page }) => {
  // Without a token the unsubscribe page says the link does not work, and what to do instead.
  await page.goto("/de/newsletter/unsubscribe");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1, name: "Dieser Link funktioniert nicht" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Über-uns-Seite" })).toHaveAttribute("href", "/de/about");
  await expect(page).toHaveTitle("Abmelden | Permaculture Network");
  await expectNoAxeViolations(page);
  await page.goto("/pt/newsletter");
  await expect(page.getByRole("heading", { level: 1, name: "Boletim" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Assinar" })).toBeVisible();
});

test("privacy, terms and about in Spanish and German: titles, the date line and the note on an English text", async ({
  page,
}) => {
  // The note and the date are worded in the browser too: hydration must find the server's words.
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/es/privacy");
  await expect(page).toHaveTitle("Política de privacidad | Permaculture Network");
  await expect(page.getByRole("heading", { level: 1, name: "Política de privacidad" })).toBeVisible();
  await expect(page.getByText(/^Última actualización: \d{1,2} de \w+ de \d{4}$/)).toBeVisible();
  // The privacy text the site starts with comes in Spanish (decision 054: it states how long things are kept).
  await expect(page.getByRole("heading", { level: 2, name: "Quién es responsable" })).toBeVisible();
  await expect(page.getByTestId("shown-in-note")).toHaveCount(0);
  await expectNoAxeViolations(page);
  // The starting terms and About come in Spanish too (decision 059); a place whose long description exists only in
  // English has it marked so, with a note in Spanish above it.
  await page.goto("/es/terms");
  await expect(page.getByTestId("shown-in-note")).toHaveCount(0);
  await page.goto("/es/about");
  await expect(page.getByTestId("shown-in-note")).toHaveCount(0);
  await page.goto("/es/location/Cedar-Hollow-Food-Forest");
  await expect(page.getByTestId("shown-in-note").last()).toHaveText("Texto en inglés");
  await page.goto("/de/terms");
  await expect(page.getByRole("heading", { level: 1, name: "Nutzungsbedingungen" })).toBeVisible();
  await expect(page.getByText(/^Zuletzt aktualisiert am \d{1,2}\. \w+ \d{4}$/)).toBeVisible();
  await page.goto("/de/about");
  await expect(page.getByRole("heading", { level: 1, name: "Über uns" })).toBeVisible();
  await expect(page.getByText("Orte im Verzeichnis")).toBeVisible();
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});

test("offline, a Spanish page that was never visited shows the offline page in Spanish", async ({ page, context }) => {
  await page.goto("/es/about");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await context.setOffline(true);
  await page.goto("/es/terms");
  await expect(page.getByRole("heading", { level: 1, name: "Sin conexión" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("link", { name: "Ir a la página de inicio" })).toHaveAttribute("href", "/es");
  await page.goto("/terms");
  await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
  await context.setOffline(false);
});
