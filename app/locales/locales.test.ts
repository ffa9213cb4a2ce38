import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "~/lib/i18n/languages";
import { REGIONS, RESOURCE_TYPES } from "~/lib/taxonomy";
import { MESSAGES } from "~/server-lib/messages.server";

type Tree = { [key: string]: string | Tree };
const PLURAL = /_(zero|one|two|few|many|other)$/;
const APP = path.resolve(import.meta.dirname, "..");
/** The Node server answers some requests itself (a refused body, decision 051), in the messages' words too. */
const SERVER = path.resolve(APP, "..", "server");

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

/** A key as code names it: plural forms (`count_one`, `count_other`) are one key (`count`). */
const baseKey = (key: string) => key.replace(PLURAL, "");
const flat = Object.fromEntries(LANGUAGES.map((lang) => [lang, flatten(MESSAGES[lang])])) as Record<
  (typeof LANGUAGES)[number],
  Map<string, string>
>;
const baseKeys = (lang: (typeof LANGUAGES)[number]) => [...new Set([...flat[lang].keys()].map(baseKey))].sort();
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

/** The app's and the server's source, tests and the message files left out. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "locales" || e.name.startsWith("+") ? [] : sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}
const code = [...sources(APP), ...sources(SERVER)].map((f) => fs.readFileSync(f, "utf8")).join("\n");

/** Keys built from a list at run time (`region.${r.key}`): each such group must match its list exactly. */
const DYNAMIC: Record<string, string[]> = {
  region: REGIONS.map((r) => r.key),
  resourceType: RESOURCE_TYPES.map((t) => t.value),
};

describe("message files", () => {
  it("have the same keys in every language", () => {
    for (const lang of LANGUAGES) expect({ lang, keys: baseKeys(lang) }).toEqual({ lang, keys: baseKeys("en") });
  });

  it("give each plural exactly the forms the language's plural rules use", () => {
    for (const lang of LANGUAGES) {
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories.slice().sort();
      const plurals = new Map<string, string[]>();
      for (const key of flat[lang].keys()) {
        const form = key.match(PLURAL)?.[1];
        if (form) plurals.set(baseKey(key), [...(plurals.get(baseKey(key)) ?? []), form]);
      }
      for (const [key, forms] of plurals)
        expect({ lang, key, forms: forms.sort() }).toEqual({ lang, key, forms: categories });
    }
  });

  it("fill every message and keep its placeholders", () => {
    for (const lang of LANGUAGES) {
      for (const [key, text] of flat[lang]) {
        expect({ lang, key, empty: text.trim() === "" }).toEqual({ lang, key, empty: false });
        const english = flat.en.get(key) ?? flat.en.get(`${baseKey(key)}_other`) ?? "";
        expect({ lang, key, vars: variables(text) }).toEqual({ lang, key, vars: variables(english) });
      }
    }
  });

  it("hold no key that the app does not use", () => {
    const unused = baseKeys("en").filter((key) => {
      const group = key.split(".")[0] ?? "";
      if (DYNAMIC[group]) return !DYNAMIC[group].includes(key.slice(group.length + 1));
      return !code.includes(`"${key}"`) && !code.includes(`'${key}'`) && !code.includes(`\`${key}\``);
    });
    expect(unused).toEqual([]);
  });

  it("hold every key the app uses", () => {
    const groups = Object.keys(MESSAGES.en);
    const known = new Set(baseKeys("en"));
    const used = [...code.matchAll(/["'`]([a-zA-Z]+\.[\w.-]+)["'`]/g)]
      .map((m) => m[1] ?? "")
      .filter((key) => groups.includes(key.split(".")[0] ?? ""))
      // File names that start like a group ("programs.ics", "locations.geojson") are addresses, not keys.
      .filter((key) => !/\.(ics|xml|json|geojson|csv|txt)$/.test(key));
    expect(used.length).toBeGreaterThan(50);
    expect(used.filter((key) => !known.has(key))).toEqual([]);
    for (const [group, members] of Object.entries(DYNAMIC)) {
      for (const member of members) expect(known.has(`${group}.${member}`)).toBe(true);
    }
  });
});
