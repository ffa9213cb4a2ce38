import fs from "node:fs";
import path from "node:path";
import { foldLetters } from "~/lib/fold-letters";
import { countryName } from "~/lib/group-place";
import { LANGUAGES, type Language } from "~/lib/i18n/languages";
import { type PopulatedPlaces, placesFile, populatedPlaces } from "./populated-places.server";

/**
 * Towns by the name a visitor types ("Berlin", "sao paulo", "München", "Köln, Deutschland"): the GeoNames towns of
 * 15,000 inhabitants or more that the map labels (app/map-data/places.tsv), with the names of large towns in the
 * site's five languages where they differ (app/map-data/place-names.tsv). Case, accents and punctuation do not
 * matter; where several towns share a name the most populous is meant, unless a country follows a comma.
 */

export type Town = { lat: number; lng: number; name: string; countryCode: string; label: string };

const PLAIN = /^[A-Za-z0-9 ]*$/;

/** A name as it is compared: lower case, accents and punctuation gone ("São Paulo" and "sao-paulo" are one key). */
export function foldTownName(text: string): string {
  // Most names are plain letters and spaces: no need for the slower steps (the index folds 23,000 names at once).
  if (PLAIN.test(text)) return text.toLowerCase().trim().replace(/ {2,}/g, " ");
  return foldLetters(text)
    .replace(/['’`]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Where the names file is: beside places.tsv, wherever that was found. */
function namesFile(): string {
  return path.join(path.dirname(placesFile()), "place-names.tsv");
}

class TownIndex {
  /** Folded name → the towns so named, most populous first (the places file is in that order). */
  private readonly byName = new Map<string, number | number[]>();
  /** A town's own names per language, where place-names.tsv gives them (index in LANGUAGES order). */
  private readonly localNames = new Map<number, string[]>();

  constructor(private readonly places: PopulatedPlaces) {}

  /**
   * Reads the towns' names and the languages' names file into the index, in steps of STEP towns with a pause for
   * other work between them (folding 23,000 names takes about 100 ms in all; a request should not wait on it).
   */
  async fill(namesTsv: string, pause: () => Promise<void>): Promise<this> {
    const { places } = this;
    for (let i = 0; i < places.size; i++) {
      this.add(foldTownName(places.name(i)), i);
      if (i % STEP === STEP - 1) await pause();
    }
    const wanted = new Map<string, string[]>();
    for (const line of namesTsv.split("\n")) {
      if (line.startsWith("#") || line.trim() === "") continue;
      const [name = "", code = "", ...perLanguage] = line.split("\t");
      wanted.set(`${name}\t${code}`, perLanguage);
    }
    // One pass over the towns finds each named one (the first, most populous, of that name in that country).
    for (let i = 0; i < places.size && wanted.size > 0; i++) {
      const key = `${places.name(i)}\t${places.countryCode(i)}`;
      const perLanguage = wanted.get(key);
      if (!perLanguage) continue;
      wanted.delete(key);
      const shown: string[] = [];
      LANGUAGES.forEach((_lang, l) => {
        const forms = (perLanguage[l] ?? "")
          .split("|")
          .map((s) => s.trim())
          .filter(Boolean);
        shown.push(forms[0] ?? places.name(i));
        for (const form of forms) this.add(foldTownName(form), i);
      });
      this.localNames.set(i, shown);
    }
    return this;
  }

  private add(key: string, i: number) {
    if (!key) return;
    const known = this.byName.get(key);
    if (known === undefined) this.byName.set(key, i);
    else {
      const list = typeof known === "number" ? [known] : known;
      if (list.includes(i)) return;
      list.push(i);
      // Most populous first: the places file's order.
      list.sort((a, b) => a - b);
      this.byName.set(key, list);
    }
  }

  candidates(key: string): number[] {
    const found = this.byName.get(key);
    return found === undefined ? [] : typeof found === "number" ? [found] : found;
  }

  nameIn(i: number, lang: Language): string {
    return this.localNames.get(i)?.[LANGUAGES.indexOf(lang)] ?? this.places.name(i);
  }

  find(typed: string, lang: Language): Town | null {
    const comma = typed.indexOf(",");
    const town = foldTownName(comma < 0 ? typed : typed.slice(0, comma));
    const country = comma < 0 ? "" : foldTownName(typed.slice(comma + 1));
    let found = this.candidates(town);
    if (found.length === 0 && comma >= 0) found = this.candidates(foldTownName(typed));
    if (found.length === 0) return null;
    if (country) {
      // "Valencia, Spain", "Köln, Deutschland", "Paris, FR": the country in any of the site's languages, or its code.
      const inCountry = found.filter((i) => {
        const code = this.places.countryCode(i);
        return foldTownName(code) === country || LANGUAGES.some((l) => foldTownName(countryName(code, l)) === country);
      });
      if (inCountry.length > 0) found = inCountry;
    }
    const i = found[0] as number;
    const code = this.places.countryCode(i);
    const name = this.nameIn(i, lang);
    return {
      // The file's 0.001° (about 100 m), not the float's tail.
      lat: Math.round(this.places.lat(i) * 1000) / 1000,
      lng: Math.round(this.places.lng(i) * 1000) / 1000,
      name,
      countryCode: code,
      label: `${name}, ${countryName(code, lang)}`,
    };
  }
}

const STEP = 4000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

let index: Promise<TownIndex> | null = null;

/** Built on the first look-up (never at start), in steps: about 23,000 names, 2 MB. */
function townIndex(): Promise<TownIndex> {
  index ??= new TownIndex(populatedPlaces())
    .fill(fs.existsSync(namesFile()) ? fs.readFileSync(namesFile(), "utf8") : "", nextTurn)
    .catch((err: unknown) => {
      index = null;
      throw err;
    });
  return index;
}

/** A town by its name in any of the site's languages (see the module's note), named in the page's language. */
export async function findTown(typed: string, lang: Language): Promise<Town | null> {
  if (foldTownName(typed) === "") return null;
  return (await townIndex()).find(typed, lang);
}

/** For tests: an index over given data. */
export function townIndexFor(places: PopulatedPlaces, namesTsv: string): Promise<TownIndex> {
  return new TownIndex(places).fill(namesTsv, async () => {});
}
