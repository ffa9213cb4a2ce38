import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

/** The server refuses forms sent faster than a person could fill them (3 s). */
const HUMAN_PAUSE_MS = 3200;

test("the application form in Spanish: messages in Spanish before and after sending, thanks in Spanish", async ({
  page,
}) => {
  await page.goto("/es/application");
  await expect(page.getByRole("heading", { level: 1, name: "Únete a la red" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Enviar solicitud" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "problemas en tu solicitud" });
  await expect(summary).toBeFocused();
  await expect(page.getByLabel("Nombre completo")).toHaveAccessibleDescription(/Escribe tu nombre completo\./);
  await expect(page.getByRole("group", { name: /Áreas de interés/ })).toHaveAccessibleDescription(
    /Elige al menos un área de interés\./,
  );
  await expectNoAxeViolations(page);

  await page.getByLabel("Nombre completo").fill("Lucía Pérez");
  await page.getByRole("main").getByLabel("Correo electrónico").fill("lucia.perez@example.org");
  await page.getByRole("radio", { name: /Persona que aprende/ }).check();
  await page.getByLabel("País").fill("España");
  await page.getByRole("combobox", { name: "Región", exact: true }).selectOption({ label: "Europa" });
  await page.getByRole("checkbox", { name: "Salud del suelo" }).check();
  await page.getByLabel("Tu experiencia").fill("Llevo dos años cuidando un huerto comunitario en mi barrio.");
  await page.getByLabel("Lo que buscas").fill("Un curso de diseño en permacultura cerca de Madrid.");
  await page.getByRole("checkbox", { name: /Acepto/ }).check();
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await page.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(page).toHaveURL(/\/es\/application\?submitted=1$/);
  await expect(page.getByRole("heading", { level: 1, name: "Gracias por tu solicitud" })).toBeVisible();
});

test("suggesting a place in German: the server's messages in German, the page still clean", async ({ page }) => {
  await page.goto("/de/suggest-a-place");
  await expect(page.getByRole("heading", { level: 1, name: "Einen Ort vorschlagen" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("combobox", { name: "Land (Pflichtfeld)" }).selectOption({ label: "Deutschland" });
  await page.getByLabel("Breitengrad").fill("52.5");
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await page.getByRole("button", { name: "Vorschlag senden" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Es gibt" });
  await expect(summary).toContainText("Name des Ortes: „Name“ ist ein Pflichtfeld.");
  await expect(summary).toContainText("Gib Breiten- und Längengrad an, oder keins von beiden.");
  await expect(page).toHaveURL(/\/de\/suggest-a-place$/);
  await expect(page.getByRole("combobox", { name: "Land (Pflichtfeld)" })).toHaveValue("DE");
  await expectNoAxeViolations(page);
});

test("suggesting a correction in Spanish: labels and messages in Spanish", async ({ page }) => {
  const locations = await (await page.request.get("/locations")).text();
  const place = locations.match(/href="(\/location\/[^"?#]+)"/)?.[1] ?? "";
  const placeHtml = await (await page.request.get(place)).text();
  const correction = placeHtml.match(/href="(\/suggest-a-correction\/location\/[^"?#]+)"/)?.[1] ?? "";
  expect(correction).not.toBe("");
  await page.goto(`/es${correction}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Sugerir una corrección:");
  await expectNoAxeViolations(page);
  await page.getByLabel("Sitio web").fill("ftp://example.org");
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await page.getByRole("button", { name: "Enviar corrección" }).click();
  await expect(page.getByLabel("Sitio web")).toHaveAccessibleDescription(
    "El campo «Sitio web» debe ser una dirección web que empiece por http:// o https://.",
  );
  await expect(page.getByRole("alert")).toContainText("Hay un problema");
  await expectNoAxeViolations(page);
});

test("moving between kinds of pages in the browser brings each page's texts with it", async ({ page }) => {
  // Each page carries only the messages its kind of page uses; a move in the browser must bring the next page's.
  await page.goto("/es/locations");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  const documents: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "document") documents.push(r.url());
  });
  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Solicitud" }).click();
  await expect(page).toHaveURL(/\/es\/application$/);
  await expect(page.getByRole("heading", { level: 1, name: "Únete a la red" })).toBeVisible();
  // The form checks in the browser, in Spanish, with the texts that came with the move.
  await page.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "problemas en tu solicitud" })).toBeFocused();
  await expect(page.getByLabel("Nombre completo")).toHaveAccessibleDescription(/Escribe tu nombre completo\./);
  await page.goBack();
  await expect(page).toHaveURL(/\/es\/locations$/);
  await expect(page.getByRole("heading", { level: 1, name: "Lugares" })).toBeVisible();
  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Mapa" }).click();
  await expect(page).toHaveURL(/\/es\/map$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mapa" })).toBeVisible();
  await expect(page.getByText(/^[\d.]+ lugares con ubicación en el mapa\.$/)).toBeVisible();
  // No raw message key (`group.key`) anywhere on the way.
  await expect(page.locator("body")).not.toContainText(/\b(application|locations|map|format|filters)\.[a-z]\w+/);
  expect(documents).toEqual([]);
});
