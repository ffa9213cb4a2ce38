import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

/** The first address on a list page that starts with `prefix` (a real entry from the demo content). */
async function firstLink(page: import("@playwright/test").Page, list: string, prefix: string): Promise<string> {
  const html = await (await page.request.get(list)).text();
  const href = html.match(new RegExp(`href="(${prefix}[^"?#]+)"`))?.[1];
  expect(href, `${list} links to ${prefix}…`).toBeTruthy();
  return href ?? "";
}

const SPANISH_DATE =
  /\d{1,2}(–\d{1,2})? de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)/;

test("the programs list speaks Spanish and German: filters, cards, prices, dates and the empty list", async ({
  page,
}) => {
  await page.goto("/es/programs");
  await expect(page).toHaveTitle(/^Programas \| /);
  await expect(page.getByRole("heading", { level: 1, name: "Programas" })).toBeVisible();
  const filters = page.getByRole("search", { name: "Filtrar programas" });
  await expect(filters.getByLabel("Formato")).toContainText("Presencial");
  await expect(filters.getByLabel("Región del lugar anfitrión")).toContainText("América del Sur");
  await expect(filters.getByLabel("Precio")).toContainText("Solo gratuitos");
  await expect(filters.getByLabel("Cuándo")).toContainText("En los próximos tres meses");
  await expect(filters.getByRole("button", { name: "Mostrar programas" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Próximos programas" })).toBeVisible();
  const upcoming = page.getByRole("region", { name: "Próximos programas" });
  expect((await upcoming.textContent()) ?? "").toMatch(SPANISH_DATE);
  // The calendar in Spanish: a subscription for calendar apps and the file itself.
  await expect(page.getByRole("link", { name: "descarga el calendario de programas (iCalendar)" })).toHaveAttribute(
    "href",
    "/programs.ics?lang=es",
  );
  await expect(page.getByRole("link", { name: "suscríbete desde tu aplicación de calendario" })).toHaveAttribute(
    "href",
    /^webcal:\/\/.+\/programs\.ics\?lang=es$/,
  );

  // Free programs say so in the page's language.
  await page.goto("/es/programs?price=free");
  await expect(upcoming.getByText("Gratis", { exact: true }).first()).toBeVisible();
  await page.goto("/de/programs?price=free");
  await expect(page.getByRole("heading", { level: 1, name: "Programme" })).toBeVisible();
  await expect(page.getByText("Kostenlos", { exact: true }).first()).toBeVisible();
  await expect(page.getByLabel("Format")).toContainText("Vor Ort");

  // Nothing matches: the empty state and the way back, in Spanish.
  await page.goto("/es/programs?q=zzqxwvnothing");
  await expect(page.getByRole("status").filter({ hasText: "Ningún programa próximo coincide." })).toBeVisible();
  await expect(page.getByRole("link", { name: "Quitar filtros" }).first()).toHaveAttribute("href", "/es/programs");

  // Portuguese, too.
  await page.goto("/pt/programs");
  await expect(page.getByRole("heading", { level: 2, name: "Próximos programas" })).toBeVisible();
  await expect(page.getByLabel("Quando")).toContainText("Qualquer data");
});

test("a program's page in German and Spanish: its facts, the host and how to apply", async ({ page }) => {
  const program = await firstLink(page, "/programs", "/program/");
  await page.goto(`/de${program}`);
  await expect(page.getByRole("navigation", { name: "Brotkrümelnavigation" }).getByRole("link")).toHaveText(
    "Programme",
  );
  await expect(page.getByRole("heading", { level: 2, name: "Über dieses Programm" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Auf einen Blick" })).toBeVisible();
  const facts = page.getByRole("region", { name: "Auf einen Blick" });
  await expect(facts.getByText("Termine", { exact: true })).toBeVisible();
  await expect(facts.getByText("Preis", { exact: true })).toBeVisible();
  await expect(facts.getByText("Gastgeberort", { exact: true })).toBeVisible();
  expect((await facts.textContent()) ?? "").toMatch(
    /\d{1,2}\. (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember)/,
  );
  await expect(page.getByRole("heading", { level: 2, name: "So buchst du" })).toBeVisible();

  await page.goto(`/es${program}`);
  await expect(page.getByRole("heading", { level: 2, name: "Sobre este programa" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Cómo reservar" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Envíanos una solicitud" })).toHaveAttribute("href", "/es/application");
});

test("resources in German and French: type tabs, counts, cards and the empty list", async ({ page }) => {
  await page.goto("/de/resources");
  await expect(page).toHaveTitle(/^Ressourcen \| /);
  const types = page.getByRole("navigation", { name: "Ressourcentypen" });
  await expect(types.getByRole("link", { name: "Alle" })).toHaveAttribute("aria-current", "page");
  await expect(types.getByRole("link", { name: "Bücher" })).toHaveAttribute("href", "/de/resources?type=book");
  await expect(page.getByRole("heading", { level: 2, name: /^\d+ Ressourcen$/ })).toBeVisible();

  await page.goto("/de/resources?type=book");
  await expect(page.getByRole("heading", { level: 1, name: "Ressourcen: Bücher" })).toBeVisible();
  await expect(page).toHaveTitle(/^Bücher \| Ressourcen \| /);
  await expect(page.getByRole("heading", { level: 2, name: /^\d+ (Buch|Bücher)$/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Buch ansehen/ }).first()).toBeVisible();

  await page.goto("/de/resources?q=zzqxwvnothing");
  await expect(
    page.getByRole("status").filter({ hasText: "Keine Ressourcen passen zu „zzqxwvnothing“." }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Alle anzeigen" })).toHaveAttribute("href", "/de/resources");

  await page.goto("/fr/resources");
  await expect(page.getByRole("heading", { level: 1, name: "Ressources" })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Rechercher des ressources" })).toBeVisible();
});

test("change-makers in German and Spanish: the list, its search and a profile", async ({ page }) => {
  await page.goto("/de/change-makers");
  await expect(page.getByRole("heading", { level: 1, name: "Change-Maker" })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Change-Maker durchsuchen" })).toBeVisible();
  await page.goto("/de/change-makers?q=zzqxwvnothing");
  await expect(
    page.getByRole("status").filter({ hasText: "Keine Change-Maker passen zu „zzqxwvnothing“." }),
  ).toBeVisible();

  const person = await firstLink(page, "/change-makers", "/change-makers/");
  await page.goto(`/es${person}`);
  await expect(page.getByRole("navigation", { name: "Ruta de navegación" }).getByRole("link")).toHaveText(
    "Agentes de cambio",
  );
  await expect(page.getByRole("img", { name: /^Retrato de / })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Áreas de interés" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: /^Dónde trabaja / })).toBeVisible();
});

test("the podcast page and its player in Spanish, German and French; the subscribe form answers in Spanish", async ({
  page,
}) => {
  await page.goto("/es/podcast");
  await expect(page.getByRole("heading", { level: 1, name: "Pódcast" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Episodios", exact: true })).toBeVisible();
  await expect(page.getByText(/^Episodio \d+$/).first()).toBeVisible();
  await expect(page.locator('audio[aria-label^="Reproducir el episodio "]').first()).toBeAttached();
  await expect(page.locator("summary", { hasText: "Notas del episodio" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Feed RSS para aplicaciones de pódcast" })).toHaveAttribute(
    "href",
    "/podcast.xml",
  );
  const subscribe = page.getByRole("region", { name: "Recibe los episodios nuevos por correo" });
  await expect(subscribe.getByRole("link", { name: "política de privacidad" })).toHaveAttribute("href", "/es/privacy");
  await subscribe.getByLabel("Correo electrónico").fill("not-an-address");
  await subscribe.getByRole("button", { name: "Suscribirse" }).click();
  await expect(page.locator("#podcast-email-error")).toHaveText(
    "Introduce una dirección de correo electrónico válida.",
  );

  await page.goto("/de/podcast");
  await expect(page.getByRole("heading", { level: 2, name: "Folgen", exact: true })).toBeVisible();
  await expect(page.locator('audio[aria-label^="Folge "]').first()).toBeAttached();
  await expect(page.getByRole("heading", { level: 2, name: "Neue Folgen per E-Mail" })).toBeVisible();

  await page.goto("/fr/podcast");
  await expect(page.getByRole("heading", { level: 2, name: "Épisodes", exact: true })).toBeVisible();
  await expect(page.locator('audio[aria-label^="Écouter l’épisode "]').first()).toBeAttached();
});

test("the entries' pages in Spanish and German have no accessibility violations", async ({ page }) => {
  const program = await firstLink(page, "/programs", "/program/");
  const person = await firstLink(page, "/change-makers", "/change-makers/");
  for (const url of [
    "/es/programs",
    `/es${program}`,
    "/de/resources",
    "/de/change-makers",
    `/de${person}`,
    "/es/podcast",
  ]) {
    await page.goto(url);
    await expectNoAxeViolations(page);
  }
});
