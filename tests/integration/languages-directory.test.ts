import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mainText } from "~tests/helpers/page-text";
import { type RunningServer, startServer } from "../helpers/server-process";

// The directory's pages (the list of places, the map, search) as a visitor reads them in Spanish, German, French and
// Portuguese: headings, filters, empty states, map controls and counts in the page's number format. The site holds
// the demo content and a thousand more places, so counts pass 1,000.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "languages-directory-"));
let server: RunningServer;

const html = async (p: string) => {
  const res = await fetch(`${server.url}${p}`);
  expect({ p, status: res.status }).toEqual({ p, status: 200 });
  return res.text();
};
const title = (page: string) => page.match(/<title>([^<]*)<\/title>/)?.[1];
const labels = (page: string) => [...page.matchAll(/aria-label="([^"]+)"/g)].map((m) => m[1] ?? "");

beforeAll(async () => {
  // The first start migrates and seeds the demo content; then a thousand places more, then the site for the tests.
  const first = await startServer({ DATA_DIR: dataDir }, 180_000);
  await first.stop();
  execFileSync(process.execPath, ["--import", "tsx", "scripts/seed-scale.ts", "--locations", "1000"], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: "pipe",
  });
  server = await startServer({ DATA_DIR: dataDir }, 180_000);
}, 420_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the list of places in other languages", () => {
  it("speaks Spanish: heading, filters, result line, pagination and open data", async () => {
    const page = await html("/es/locations");
    expect(title(page)).toMatch(/^Lugares \|/);
    const text = mainText(page);
    for (const words of [
      "Lugares",
      "¿Conoces un lugar que falta?",
      "Región",
      "Todas las regiones",
      "Europa",
      "Subregión",
      "Área de interés",
      "Más cerca de",
      "Cualquier distancia",
      "Mostrar lugares",
      "Datos abiertos:",
    ]) {
      expect(text).toContain(words);
    }
    // 1.075 in Spanish and Portuguese: Spanish groups only from five digits, as the language writes numbers.
    expect(text).toMatch(/Mostrando 1–24 de 1075 lugares/);
    expect(labels(page)).toEqual(expect.arrayContaining(["Filtrar lugares", "Páginas de lugares", "Página 2"]));
    expect(text).toContain("Siguiente");
  });

  it("says in Spanish and German when nothing matches, and names the filters", async () => {
    const spanish = mainText(await html("/es/locations?q=zzqqxxw"));
    expect(spanish).toContain("No se encontraron lugares para «zzqqxxw»");
    expect(spanish).toContain("Ningún lugar coincide con estos filtros.");
    expect(spanish).toContain("Quita los filtros o explora el mapa");
    const german = mainText(await html("/de/locations?q=zzqqxxw"));
    expect(german).toContain("Keine Orte gefunden für „zzqqxxw“");
    expect(german).toContain("Keine Orte passen zu diesen Filtern.");
    const past = mainText(await html("/de/locations?page=999"));
    expect(past).toContain("Eine Seite 999 gibt es für diese Ergebnisse nicht.");
    expect(past).toContain("Zur ersten Seite");
  });

  it("speaks German with German numbers, and titles a region's list in the language", async () => {
    const page = await html("/de/locations?region=Europe");
    expect(title(page)).toMatch(/^Orte in Europa \|/);
    const text = mainText(page);
    expect(text).toContain("Alle Teilregionen");
    expect(text).toContain("Schwerpunkt");
    expect(text).toMatch(/von [\d.]+ Orten für Europa/);
    // The region's description is staff's English: shown as it is, marked as English, with a note in German.
    expect(page).toMatch(/<[a-z]+ [^>]*lang="en">European permaculture ranges from/);
    expect(text).toContain("Text auf Englisch");
    const english = await html("/locations?region=Europe");
    expect(english).toMatch(/<p class="[^"]*">European permaculture ranges from/);
    expect(mainText(english)).not.toContain("Shown in English");
    const all = mainText(await html("/de/locations"));
    expect(all).toContain("1–24 von 1.075 Orten");
    const portuguese = mainText(await html("/pt/locations"));
    expect(portuguese).toContain("Todas as regiões");
    expect(portuguese).toContain("Mostrando 1–24 de 1.075 lugares");
  });

  it("keeps English exactly as it was", async () => {
    const text = mainText(await html("/locations"));
    expect(text).toContain("Showing 1–24 of 1,075 locations");
    expect(text).toContain("All regions");
    expect(text).toContain("Know a place that is missing?");
  });
});

describe("the map in other languages", () => {
  it("names its controls, legend, list and groups in German, with German numbers", async () => {
    const page = await html("/de/map");
    expect(title(page)).toMatch(/^Karte \|/);
    const text = mainText(page);
    expect(text).toContain("1.075 Orte mit einer Position auf der Karte.");
    expect(text).toContain("1.075 Orte im Kartenausschnitt");
    for (const words of [
      "Karte filtern",
      "Filter anwenden",
      "In meiner Nähe",
      "Legende",
      "Ökodorf",
      "(hineinzoomen)",
    ]) {
      expect(text).toContain(words);
    }
    expect(text).toContain("„In meiner Nähe“ braucht JavaScript");
    const names = labels(page);
    expect(names).toEqual(
      expect.arrayContaining([
        "Karte mit 1.075 Permakultur-Orten",
        "Kartensteuerung",
        "Hineinzoomen",
        "Herauszoomen",
        "Karte verschieben",
        "Nach Norden verschieben",
        "Kartenfilter und Orte im Ausschnitt",
      ]),
    );
    // The server-drawn clusters: named in German, linking to the German map.
    expect(names.some((n) => /^[\d.]+ Orte hier; hineinzoomen$/.test(n))).toBe(true);
    expect(page).toMatch(/<a href="\/de\/map\?lat=[^"]+"[^>]*aria-label="[\d.]+ Orte hier; hineinzoomen"/);
    // Groups named by their countries in German.
    expect(text).toMatch(/[\d.]+ Orte – [^()]*(Kenia|Vereinigte Staaten|Australien)/);
    expect(text).not.toMatch(/other countries|Orte in /);
  });

  it("speaks Spanish and French, French counts grouped with a narrow space", async () => {
    const spanish = await html("/es/map");
    expect(mainText(spanish)).toContain("1075 lugares con ubicación en el mapa.");
    expect(labels(spanish)).toEqual(expect.arrayContaining(["Controles del mapa", "Acercar", "Alejar"]));
    expect(mainText(spanish)).toMatch(/[\d.]+ lugares en [^()]*(Kenia|Estados Unidos|Australia)/);
    const french = mainText(await html("/fr/map"));
    expect(french).toContain("1\u202f075 lieux placés sur la carte.");
    expect(french).toContain("Légende");
    expect(french).toContain("Écovillage");
  });

  it("keeps English exactly as it was", async () => {
    const page = await html("/map");
    const text = mainText(page);
    expect(text).toContain("1,075 locations with a place on the map.");
    expect(text).toContain("1,075 locations in view");
    expect(text).toMatch(/\d+ locations in (Kenya|United States|Australia)/);
    expect(labels(page)).toEqual(expect.arrayContaining(["Map controls", "Zoom in", "Pan north"]));
  });
});

describe("search in other languages", () => {
  it("speaks German: heading, result line, kinds and links in German", async () => {
    const page = await html("/de/search?q=soil");
    expect(title(page)).toBe("Suche: soil | Permaculture Network");
    const text = mainText(page);
    expect(text).toMatch(/[\d.]+\+? Ergebnisse? für „soil“\./);
    expect(text).toMatch(/Orte \( ?[\d.]+\+? ?\)/);
    expect(page).toMatch(/action="\/de\/search"/);
  });

  it("shows an entry's translated name and text in the page's language", async () => {
    const spanish = mainText(await html("/es/search?q=cedar+hollow"));
    expect(spanish).toContain("Bosque comestible Cedar Hollow");
    const german = mainText(await html("/de/search?q=cedar+hollow"));
    expect(german).toContain("Waldgarten Cedar Hollow");
    const english = mainText(await html("/search?q=cedar+hollow"));
    expect(english).toContain("Cedar Hollow Food Forest");
    expect(english).not.toContain("Bosque comestible");
  });

  it("says in Spanish when nothing matches or the words are too short", async () => {
    const nothing = mainText(await html("/es/search?q=zzqqxxw"));
    expect(nothing).toContain("Nada coincide con «zzqqxxw».");
    expect(nothing).toContain("Prueba con menos palabras u otra ortografía, o explora todos los lugares");
    expect(mainText(await html("/es/search?q=a"))).toContain("Escribe al menos 2 letras para buscar.");
    expect(mainText(await html("/fr/search?q=a"))).toContain("Saisissez au moins 2 lettres pour rechercher.");
  });
});
