import { sql } from "drizzle-orm";
import { LANGUAGES, type Language } from "~/lib/i18n/languages";
import { countryKeys, countryNameOf } from "~/lib/reference-names";
import { MARKER_TYPES, PROGRAM_FORMATS, RESOURCE_TYPE_VALUES } from "~/lib/vocabulary";
import de from "~/locales/de.json";
import en from "~/locales/en.json";
import es from "~/locales/es.json";
import fr from "~/locales/fr.json";
import pt from "~/locales/pt.json";
import { type Database, rowsOf } from "../client";

/**
 * The names search knows for the site's own vocabularies, in every language (decision 055): each country by the
 * forms its stored name may take (`#c:<form>`, named as pages name it, through Intl), each kind of place (`#k:`),
 * program format (`#p:`) and resource type (`#t:`) by the words the pages show for them. Regions, sub-regions and
 * focus areas are database rows: triggers keep their names (migration 0022).
 */
export type SearchName = { token: string; lang: Language; name: string };

/** Forms people type that the pages' labels do not spell ("ecovillage" beside "Eco-village"). */
const EXTRA_NAMES: Record<string, Partial<Record<Language, string[]>>> = {
  "#k:ecovillage": { en: ["ecovillage"], fr: ["éco-village"], de: ["Ökosiedlung"] },
  "#k:farm": { de: ["Bauernhof"], pt: ["sítio", "quinta"], es: ["finca"] },
};

type Messages = Record<string, Record<string, string>>;
/** The message catalogues themselves (db/ reads data, not the server's message functions: decision 064). */
const CATALOGUES: Record<Language, unknown> = { en, es, pt, fr, de };

function label(lang: Language, group: string, key: string): string | undefined {
  const value = (CATALOGUES[lang] as Messages)[group]?.[key];
  return typeof value === "string" ? value : undefined;
}

const MARKER_LABELS: Record<string, string> = {
  school: "markerSchool",
  farm: "markerFarm",
  ecovillage: "markerEcovillage",
};
const FORMAT_LABELS: Record<string, string> = { "in-person": "inPerson", online: "online", hybrid: "hybrid" };

export function codeSearchNames(): SearchName[] {
  const out: SearchName[] = [];
  const add = (token: string, lang: Language, name: string | undefined) => {
    if (name?.trim()) out.push({ token, lang, name: name.trim() });
  };
  for (const [key, code] of countryKeys()) {
    const token = `#c:${key}`;
    for (const lang of LANGUAGES) add(token, lang, countryNameOf(code, lang));
    // The form itself ("usa", "czech republic") is a name people type too.
    add(token, "en", key);
  }
  // "Permaculture site" (the kind of most places) names nothing in particular: it is not a search word.
  for (const type of MARKER_TYPES) {
    const key = MARKER_LABELS[type];
    if (!key) continue;
    for (const lang of LANGUAGES) add(`#k:${type}`, lang, label(lang, "map", key));
  }
  for (const format of PROGRAM_FORMATS) {
    for (const lang of LANGUAGES) add(`#p:${format}`, lang, label(lang, "format", FORMAT_LABELS[format] ?? format));
  }
  for (const type of RESOURCE_TYPE_VALUES) {
    for (const lang of LANGUAGES) add(`#t:${type}`, lang, label(lang, "resourceType", type));
  }
  for (const [token, byLang] of Object.entries(EXTRA_NAMES)) {
    for (const lang of LANGUAGES) for (const name of byLang[lang] ?? []) add(token, lang, name);
  }
  const seen = new Set<string>();
  return out.filter((n) => {
    const id = `${n.token}\u0000${n.lang}\u0000${n.name}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

const CODE_PREFIXES = ["#c:", "#k:", "#p:", "#t:"];

/**
 * Makes the database's names of the code's vocabularies those of this release (its messages, its runtime's country
 * names): rows that changed are replaced, the rest untouched, so a start with nothing new writes nothing. Returns how
 * many names were added and removed.
 */
export async function syncSearchNames(db: Database): Promise<{ added: number; removed: number }> {
  const wanted = codeSearchNames();
  const result = await db.execute(sql`
    SELECT token, lang, name FROM search_names
    WHERE ${sql.join(
      CODE_PREFIXES.map((p) => sql`token LIKE ${`${p}%`}`),
      sql` OR `,
    )}`);
  const stored = rowsOf<SearchName>(result);
  const id = (n: SearchName) => `${n.token}\u0000${n.lang}\u0000${n.name}`;
  const want = new Set(wanted.map(id));
  const have = new Set(stored.map(id));
  const add = wanted.filter((n) => !have.has(id(n)));
  const remove = stored.filter((n) => !want.has(id(n)));
  if (remove.length > 0) {
    await db.execute(sql`
      DELETE FROM search_names s USING jsonb_to_recordset(${JSON.stringify(remove)}::jsonb)
        AS r(token text, lang text, name text)
      WHERE s.token = r.token AND s.lang = r.lang AND s.name = r.name`);
  }
  // In batches: one statement per name would cost a round trip each (about 6,000 names on a new database).
  for (let i = 0; i < add.length; i += 1000) {
    await db.execute(sql`
      SELECT search_names_put(r.token, r.lang, r.name)
      FROM jsonb_to_recordset(${JSON.stringify(add.slice(i, i + 1000))}::jsonb) AS r(token text, lang text, name text)`);
  }
  return { added: add.length, removed: remove.length };
}
