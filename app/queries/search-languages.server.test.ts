// Search in the site's five languages (decision 055), on the query functions with a real database: stems of each
// text in its own language, names of countries, focus areas and kinds in every language through their tokens (a
// renamed translation searchable at once), the page language's stop words, abbreviations, and the database's
// country keys kept equal to the code's.

import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~db/client";
import { focusAreas } from "~db/schema";
import { syncSearchNames } from "~db/seed/search-names";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { locationInput } from "~tests/helpers/location-input";
import type { Language } from "../lib/i18n/languages";
import { countryKeys, normalCountry } from "../lib/reference-names";
import { createLocation, searchLocations } from "./locations.server";
import { createProgram } from "./programs.server";
import { searchBackfillStep, searchEverything } from "./search.server";

let soilHealth = "";

const t = testDatabaseForFile();

beforeAll(async () => {
  const [soil] = await t.db.select().from(focusAreas).where(eq(focusAreas.name, "Soil Health"));
  soilHealth = soil?.id ?? "";
  await createLocation(
    t.db,
    locationInput("Escuela del Bosque", {
      country: "Argentina",
      language: "es",
      markerType: "school",
      shortDescription: "Cursos de diseño para escuelas rurales y huertas comunitarias.",
      translations: { de: { shortDescription: "Kurse für Schulen auf dem Land und Gemeinschaftsgärten." } },
    }),
  );
  await createLocation(
    t.db,
    locationInput("Lowland Soil Farm", {
      country: "Czech Republic",
      markerType: "farm",
      focusAreas: [soilHealth],
      shortDescription: "Compost trials and cover crops.",
    }),
  );
  await createLocation(t.db, locationInput("Plain Garden", { country: "USA", shortDescription: "Vegetables." }));
  await createProgram(t.db, {
    name: "Tropical Permaculture Design Certificate",
    summary: "Two weeks of design in a food forest.",
  });
}, 60_000);

async function places(q: string, lang?: Language): Promise<string[]> {
  const out = await searchEverything(t.db, q, { kinds: ["location"], perKind: 20, lang });
  return out.status === "ok" && !out.correctedTo ? (out.groups[0]?.hits.map((h) => h.name) ?? []).sort() : [];
}

describe(`search in the site's languages (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("stems each text in its own language: a plural or another form of a word finds the entry", async () => {
    expect(await places("escuela", "es")).toEqual(["Escuela del Bosque"]);
    expect(await places("huerta comunitaria", "es")).toEqual(["Escuela del Bosque"]);
    // The German translation is stemmed in German.
    expect(await places("Schule", "de")).toEqual(["Escuela del Bosque"]);
    expect(await places("Gemeinschaftsgarten", "de")).toEqual(["Escuela del Bosque"]);
    // English text in English: "trial" finds "trials".
    expect(await places("compost trial")).toEqual(["Lowland Soil Farm"]);
  });

  it("finds a place by its country's name in any of the five languages, whatever form was stored", async () => {
    for (const q of ["Czechia", "Tschechien", "Chequia", "Tchéquie", "Chéquia", "czech republic"]) {
      expect(await places(q), q).toEqual(["Lowland Soil Farm"]);
    }
    for (const q of ["Estados Unidos", "Vereinigte Staaten", "États-Unis", "United States"]) {
      expect(await places(q), q).toEqual(["Plain Garden"]);
    }
  });

  it("finds a place by its kind and its focus areas named in any language, and a part of a name being typed", async () => {
    expect(await places("Hof")).toEqual(["Lowland Soil Farm"]);
    expect(await places("fazenda")).toEqual(["Lowland Soil Farm"]);
    expect(await places("Bodengesundheit")).toEqual(["Lowland Soil Farm"]);
    expect(await places("santé des sols", "fr")).toEqual(["Lowland Soil Farm"]);
    expect(await places("Salud del suelo", "es")).toEqual(["Lowland Soil Farm"]);
    expect(await places("Tschech", "de")).toEqual(["Lowland Soil Farm"]);
  });

  it("makes a renamed translation of a focus area searchable at once, and forgets the old name", async () => {
    await t.db
      .update(focusAreas)
      .set({ translations: { es: "Suelo vivo", pt: "Saúde do solo", fr: "Santé des sols", de: "Lebendiger Boden" } })
      .where(eq(focusAreas.id, soilHealth));
    expect(await places("suelo vivo", "es")).toEqual(["Lowland Soil Farm"]);
    expect(await places("Lebendiger Boden", "de")).toEqual(["Lowland Soil Farm"]);
    expect(await places("Bodengesundheit", "de")).toEqual([]);
    // The English name is a name like the others: renamed, it is searched by its new words only.
    await t.db.update(focusAreas).set({ name: "Living Soil" }).where(eq(focusAreas.id, soilHealth));
    expect(await places("living soil")).toEqual(["Lowland Soil Farm"]);
    expect(await places("soil health")).toEqual([]);
  });

  it("leaves the page language's stop words out beside other words, not alone", async () => {
    expect(await places("escuela con bosque", "es")).toEqual(["Escuela del Bosque"]);
    // In English "con" is no stop word: it must match, and nothing here says it.
    expect(await places("escuela con bosque", "en")).toEqual([]);
    expect(await places("con", "es")).toEqual([]);
  });

  it("reads the field's abbreviations: PDC is a Permaculture Design Certificate", async () => {
    const out = await searchEverything(t.db, "PDC", { kinds: ["program"] });
    expect(out.status === "ok" && out.groups[0]?.hits.map((h) => h.name)).toEqual([
      "Tropical Permaculture Design Certificate",
    ]);
  });

  it("offers a correction for a query naming a known country instead of replacing it", async () => {
    const out = await searchEverything(t.db, "Tschechien kompost", { lang: "de" });
    expect(out).toMatchObject({ status: "ok", correctedTo: null, suggestion: "tschechien compost" });
    expect(out.status === "ok" && out.groups.every((g) => g.total === 0)).toBe(true);
    const known = await searchEverything(t.db, "berlinn", { knownWord: (w) => w === "berlinn" });
    expect(known).toMatchObject({ status: "ok", correctedTo: null, suggestion: null });
  });

  it("takes the list pages' words the same way", async () => {
    const list = await searchLocations(t.db, { q: "Tschechien", lang: "de" }, { limit: 10, offset: 0 });
    expect(list.rows.map((r) => r.name)).toEqual(["Lowland Soil Farm"]);
  });

  it("folds a stored country in the database exactly as the code does", async () => {
    const forms = [
      ...countryKeys().map(([key]) => key),
      "The Gambia",
      "St. Lucia",
      "St Kitts & Nevis",
      "Bosnia & Herzegovina",
      "Côte d’Ivoire",
      "São Tomé & Príncipe",
      "  United   States ",
      "Guinea-Bissau",
      "Åland Islands",
      "Curaçao",
    ];
    const rows = rowsOf(
      await t.db.execute(
        sql`SELECT f, search_country_key(f) AS k FROM jsonb_array_elements_text(${JSON.stringify(forms)}::jsonb) f`,
      ),
    );
    const differ = rows.filter((r) => r.k !== normalCountry(String(r.f))).map((r) => `${r.f}: ${r.k}`);
    expect(differ).toEqual([]);
  });

  it("writes the names of countries and kinds once: a start with nothing new writes nothing", async () => {
    expect(await syncSearchNames(t.db)).toEqual({ added: 0, removed: 0 });
    await t.db.execute(sql`DELETE FROM search_names WHERE token = '#k:farm' AND lang = 'de'`);
    const again = await syncSearchNames(t.db);
    expect(again.removed).toBe(0);
    expect(again.added).toBeGreaterThan(0);
    expect(await places("Hof")).toEqual(["Lowland Soil Farm"]);
  });

  it("gives entries stored before the migration their stems and tokens a batch at a time, as no content change", async () => {
    // Two places as the previous release stored them: their words, no stems and no tokens.
    await createLocation(
      t.db,
      locationInput("Old Orchard", { country: "Czech Republic", shortDescription: "Apples." }),
    );
    await t.db.execute(sql`ALTER TABLE locations DISABLE TRIGGER locations_search`);
    await t.db.execute(sql`UPDATE locations SET search_vector =
      setweight(to_tsvector('simple', search_fold(name)), 'A') || setweight(to_tsvector('simple', search_fold(country)), 'B')
      WHERE name IN ('Old Orchard', 'Plain Garden')`);
    await t.db.execute(sql`ALTER TABLE locations ENABLE TRIGGER locations_search`);
    await t.db.execute(sql`UPDATE search_backfill SET done_at = NULL, after = NULL WHERE entity = 'locations'`);
    expect(await places("czech republic")).toEqual(["Lowland Soil Farm", "Old Orchard"]);
    expect(await places("Tschechien", "de")).toEqual(["Lowland Soil Farm"]);
    const version = async () =>
      rowsOf(await t.db.execute(sql`SELECT version FROM content_versions WHERE entity = 'locations'`))[0]?.version;
    const before = await version();
    const batches: number[] = [];
    for (let n = await searchBackfillStep(t.db, 2); n !== 0; n = await searchBackfillStep(t.db, 2)) batches.push(n);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(4);
    expect(batches.every((n) => n <= 2)).toBe(true);
    expect(await places("Tschechien", "de")).toEqual(["Lowland Soil Farm", "Old Orchard"]);
    expect(await places("Estados Unidos", "es")).toEqual(["Plain Garden"]);
    expect(await version()).toBe(before);
    // Done: nothing more to write.
    expect(await searchBackfillStep(t.db, 2)).toBe(0);
  });
});
