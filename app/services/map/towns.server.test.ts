import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "~/lib/i18n/languages";
import { PopulatedPlaces, placesFile } from "./populated-places.server";
import { findTown, foldTownName, townIndexFor } from "./towns.server";

describe("towns by the name a visitor types", () => {
  it("folds case, accents and punctuation", () => {
    expect(foldTownName("São Paulo")).toBe("sao paulo");
    expect(foldTownName("  SAO-PAULO ")).toBe("sao paulo");
    expect(foldTownName("Straßburg")).toBe("strassburg");
    expect(foldTownName("Kraków")).toBe("krakow");
    expect(foldTownName("’s-Hertogenbosch")).toBe("s hertogenbosch");
  });

  it("finds any town of the built-in list, the most populous of a name, named in the page's language", async () => {
    expect(await findTown("Berlin", "en")).toMatchObject({ countryCode: "DE", label: "Berlin, Germany" });
    expect((await findTown("Berlin", "es"))?.label).toBe("Berlín, Alemania");
    expect(await findTown("sao paulo", "en")).toMatchObject({ countryCode: "BR", label: "São Paulo, Brazil" });
    expect(await findTown("Paris", "de")).toMatchObject({ countryCode: "FR", label: "Paris, Frankreich" });
    // A town of 15,000 inhabitants with no name of its own in the five-language list.
    expect(await findTown("Bernau bei Berlin", "de")).toMatchObject({ countryCode: "DE" });
    expect(await findTown("Erewhon", "en")).toBeNull();
    expect(await findTown(" , ", "en")).toBeNull();
  });

  it("knows the five languages' names of large towns, both ways", async () => {
    for (const typed of ["München", "Munich", "Múnich", "Munique", "muenchen"]) {
      const town = await findTown(typed, "de");
      if (typed === "muenchen")
        expect(town).toBeNull(); // not a spelling the list knows
      else expect(town, typed).toMatchObject({ countryCode: "DE", label: "München, Deutschland" });
    }
    expect((await findTown("Köln", "en"))?.label).toBe("Cologne, Germany");
    expect((await findTown("Cologne", "fr"))?.label).toBe("Cologne, Allemagne");
    expect((await findTown("Wien", "pt"))?.label).toBe("Viena, Áustria");
    expect((await findTown("Lissabon", "es"))?.label).toBe("Lisboa, Portugal");
    expect((await findTown("Genf", "en"))?.label).toBe("Geneva, Switzerland");
    expect((await findTown("Nova Iorque", "en"))?.label).toBe("New York, United States");
  });

  it("takes a country after a comma, in any of the site's languages or by its code", async () => {
    expect((await findTown("Valencia", "en"))?.countryCode).toBe("VE");
    expect((await findTown("Valencia, Spain", "en"))?.countryCode).toBe("ES");
    expect((await findTown("valencia, españa", "es"))?.countryCode).toBe("ES");
    expect((await findTown("Valencia, ES", "en"))?.countryCode).toBe("ES");
    // An unknown country is no reason to know the town less.
    expect((await findTown("Valencia, Narnia", "en"))?.countryCode).toBe("VE");
  });

  it("every row of the languages' names file names a town of the list, with a name per language", () => {
    const names = fs.readFileSync(path.join(path.dirname(placesFile()), "place-names.tsv"), "utf8");
    const places = new PopulatedPlaces(fs.readFileSync(placesFile()));
    const rows = names.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("#"));
    expect(rows.length).toBeGreaterThan(50);
    for (const row of rows) {
      const [name = "", code = "", ...perLanguage] = row.split("\t");
      expect(perLanguage.length, row).toBe(LANGUAGES.length);
      let found = false;
      for (let i = 0; i < places.size && !found; i++) found = places.name(i) === name && places.countryCode(i) === code;
      expect(found, `${name} (${code}) is not in places.tsv`).toBe(true);
    }
  });

  it("an index over given data: a name the names file gives is found, the file's own name too", async () => {
    const places = new PopulatedPlaces("Alphaville\tFR\t20000\t2\t48\nAlphaville\tBR\t50000\t-46\t-23\n");
    const index = await townIndexFor(places, "Alphaville\tFR\t\tAlfavila\t\t\tAlphastadt\n");
    expect(index.find("Alphastadt", "en")).toMatchObject({ countryCode: "FR", name: "Alphaville" });
    expect(index.find("Alphaville", "de")).toMatchObject({ countryCode: "FR", name: "Alphastadt" });
    expect(index.find("alfavila", "es")?.name).toBe("Alfavila");
  });
});
