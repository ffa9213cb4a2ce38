import fs from "node:fs";
import path from "node:path";
import { foldLetters } from "~/lib/fold-letters";
import { LANGUAGES } from "~/lib/i18n/languages";
import { SEARCH_SYNONYMS } from "~/lib/search-synonyms";
import { MESSAGES } from "~/server-lib/messages.server";
import { placesFile } from "../map/populated-places.server";

/**
 * Words the site knows although no entry may contain them (decision 055): every word of the names of the built-in
 * towns (app/map-data/places.tsv, and their names in the site's languages where place-names.tsv gives them), every
 * word the site's own pages say in any of its five languages (app/locales), and the abbreviations search expands. A
 * search never corrects such a word into another, and a query naming one is never replaced, only offered a
 * correction. Names of countries, regions, focus areas and kinds live in the database (`search_names`).
 */

const WORD = /[\p{L}\p{N}]+/gu;

function addWords(into: Set<string>, text: string) {
  for (const w of text.match(WORD) ?? []) if (w.length >= 2) into.add(foldLetters(w));
}

function addTownNames(into: Set<string>, file: string, column: (fields: string[]) => string[]) {
  if (!fs.existsSync(file)) return;
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (line.startsWith("#") || line.trim() === "") continue;
    for (const name of column(line.split("\t"))) addWords(into, name);
  }
}

function addMessageWords(into: Set<string>, value: unknown) {
  if (typeof value === "string") {
    // Placeholders and markup are not words of the text.
    addWords(into, value.replace(/\{\{[^}]*\}\}/g, " ").replace(/<[^>]*>/g, " "));
  } else if (value && typeof value === "object") {
    for (const v of Object.values(value)) addMessageWords(into, v);
  }
}

/** Built on the first search that needs it (a search that found nothing): about 40,000 words. */
let towns: Set<string> | null = null;
let known: Set<string> | null = null;

function build() {
  const townWords = new Set<string>();
  const dir = path.dirname(placesFile());
  addTownNames(townWords, placesFile(), (f) => [f[0] ?? ""]);
  // The names of large towns in the site's languages ("München", "Colonia"), where that file is present.
  addTownNames(townWords, path.join(dir, "place-names.tsv"), (f) =>
    [f[0] ?? "", ...f.slice(2)].flatMap((v) => v.split("|")),
  );
  const all = new Set(townWords);
  for (const lang of LANGUAGES) addMessageWords(all, MESSAGES[lang]);
  for (const abbreviation of Object.keys(SEARCH_SYNONYMS)) all.add(abbreviation);
  towns = townWords;
  known = all;
}

/** Whether a word (as a search reads it) is one the site knows: a town's, its pages', an abbreviation it expands. */
export function isKnownWord(word: string): boolean {
  if (!known) build();
  return (known as Set<string>).has(foldLetters(word));
}

/** Whether every word of a text is a word of a town's name ("sao paulo", "Köln"): what a search for a town looks like. */
export function namesTown(text: string): boolean {
  if (!towns) build();
  const words = text.match(WORD) ?? [];
  return words.length > 0 && words.every((w) => (towns as Set<string>).has(foldLetters(w)));
}
