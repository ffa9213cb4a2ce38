import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { locationInput } from "~tests/helpers/location-input";
import { createLocation, searchLocations } from "./locations.server";
import { createEpisode } from "./podcast.server";
import { createProgram, updateProgram } from "./programs.server";
import { searchEverything, suggestNames } from "./search.server";

let programId = "";

const t = testDatabaseForFile();

beforeAll(async () => {
  await createLocation(
    t.db,
    locationInput("Quinta das Abelhas", {
      country: "Portugal",
      language: "pt",
      shortDescription: "Uma quinta com colmeias e pomares.",
      translations: {
        en: { name: "Bee Farm", shortDescription: "A farm with beehives and orchards." },
        de: { longDescription: "Imkerei und Obstgarten am Hang." },
      },
    }),
  );
  await createLocation(t.db, locationInput("Plain Garden", { country: "Kenya", shortDescription: "Vegetables." }));
  programId = await createProgram(t.db, { name: "Design Course", summary: "Two weeks of design." });
  await createEpisode(t.db, {
    number: 1,
    title: "Soil stories",
    translations: { es: { title: "Historias del suelo", summary: "Compost y lombrices." } },
  });
});

async function hits(q: string, kind: "location" | "program" | "episode"): Promise<string[]> {
  const out = await searchEverything(t.db, q, { kinds: [kind], perKind: 20 });
  return out.status === "ok" ? (out.groups[0]?.hits.map((h) => h.name) ?? []) : [];
}

describe(`search by translations (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("finds an entry by a word only its translation contains, and still by its original words", async () => {
    expect(await hits("beehives", "location")).toEqual(["Quinta das Abelhas"]);
    expect(await hits("imkerei", "location")).toEqual(["Quinta das Abelhas"]);
    expect(await hits("colmeias", "location")).toEqual(["Quinta das Abelhas"]);
    expect(await hits("suelo", "episode")).toEqual(["Soil stories"]);
    expect(await hits("lombrices", "episode")).toEqual(["Soil stories"]);
  });

  it("weighs a translated name as a name: the place ranks as a name match and is suggested", async () => {
    const page = await searchLocations(t.db, { q: "bee farm" }, { limit: 10, offset: 0 });
    expect(page.rows.map((l) => l.name)).toEqual(["Quinta das Abelhas"]);
    const suggestions = await suggestNames(t.db, "bee far");
    expect(suggestions.map((s) => s.name)).toContain("Quinta das Abelhas");
  });

  it("shows each hit's name and snippet in the search's language where the entry is translated into it", async () => {
    const first = async (q: string, kind: "location" | "episode", lang?: "en" | "es" | "pt" | "de") => {
      const out = await searchEverything(t.db, q, { kinds: [kind], lang });
      const hit = out.status === "ok" ? out.groups[0]?.hits[0] : undefined;
      return hit && { name: hit.name, label: hit.label, labelLang: hit.labelLang, snippet: hit.snippet };
    };
    const snippetText = (s: { text: string }[] | undefined) => s?.map((r) => r.text).join("") ?? "";
    const english = await first("beehives", "location", "en");
    expect(english).toMatchObject({ name: "Quinta das Abelhas", label: "Bee Farm", labelLang: "en" });
    expect(snippetText(english?.snippet)).toContain("farm with beehives and orchards");
    expect(english?.snippet).toContainEqual({ text: "beehives", match: true });
    // German: no German name, so the original's (in Portuguese); the German long text where the original's was.
    const german = await first("imkerei", "location", "de");
    expect(german).toMatchObject({ label: "Quinta das Abelhas", labelLang: "pt" });
    expect(snippetText(german?.snippet)).toContain("Imkerei und Obstgarten");
    // The original's own language, and a search without one, show the original.
    expect(snippetText((await first("colmeias", "location", "pt"))?.snippet)).toContain("quinta com colmeias");
    expect((await first("beehives", "location"))?.label).toBe("Quinta das Abelhas");
    const spanish = await first("suelo", "episode", "es");
    expect(spanish).toMatchObject({ name: "Soil stories", label: "Historias del suelo", labelLang: "es" });
    expect(snippetText(spanish?.snippet)).toContain("Compost y lombrices");
  });

  it("suggests an entry by its name in the language asked for, and by its original name without one", async () => {
    const names = async (q: string, lang?: "en" | "de") => (await suggestNames(t.db, q, 8, lang)).map((s) => s.label);
    expect(await names("bee far", "en")).toContain("Bee Farm");
    expect(await names("bee far", "de")).toContain("Quinta das Abelhas");
    expect(await names("bee far")).toContain("Quinta das Abelhas");
  });

  it("keeps the index true when a translation is added, changed or removed", async () => {
    expect(await hits("entwurf", "program")).toEqual([]);
    await updateProgram(t.db, programId, {
      translations: { de: { name: "Entwurfskurs", summary: "Zwei Wochen Entwurf." } },
    });
    expect(await hits("entwurf", "program")).toEqual(["Design Course"]);
    await updateProgram(t.db, programId, { translations: {} });
    expect(await hits("entwurf", "program")).toEqual([]);
  });
});
