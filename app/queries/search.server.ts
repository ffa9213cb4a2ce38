import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import { originalLanguage } from "../lib/i18n/entry-translations";
import type { Language } from "../lib/i18n/languages";
import type { SearchKindName } from "../lib/search-links";
import {
  correctableWords,
  type ParsedSearch,
  parseSearch,
  rewriteSearch,
  SEARCH_COUNT_CAP,
  type SearchTerm,
} from "../lib/search-query";
import { synonymPhrases } from "../lib/search-synonyms";
import { escapeLike, publishedSql, rowsOf } from "./sql-helpers.server";

export type SearchKind = SearchKindName;
export const SEARCH_KINDS: readonly SearchKind[] = ["location", "program", "change-maker", "resource", "episode"];

/** A snippet as text runs, the matched words marked (rendered as <mark>; never as HTML). */
export type Snippet = { text: string; match: boolean }[];

/**
 * `name` is the entry's original name (its address derives from it); `label` the name to show on a page in the
 * search's language (the translation when there is one); the snippet is cut from that language's text likewise.
 */
export type SearchHit = {
  kind: SearchKind;
  id: string;
  name: string;
  label: string;
  /** The language `label` is in: the search's when translated, else the entry's original language. */
  labelLang: Language;
  key: string;
  snippet: Snippet;
  rank: number;
  /** A place's town, country (as stored) and kind, to say where it is and what it is. */
  place?: { city: string | null; country: string; kind: string };
};
/** `total` stops at SEARCH_COUNT_CAP; `capped` says there are more. */
export type SearchGroup = { kind: SearchKind; total: number; capped: boolean; hits: SearchHit[] };

export type SearchOutcome =
  | { status: "none"; parsed: ParsedSearch }
  | {
      status: "ok";
      parsed: Extract<ParsedSearch, { ok: true }>;
      /**
       * The query searched instead: the words as typed found nothing, a correction did, and the query named nothing
       * the site knows (a country, region, focus area, town or word of its vocabulary).
       */
      correctedTo: string | null;
      /** A correction offered, not applied ("Did you mean …?"): the query as typed named something the site knows. */
      suggestion: string | null;
      terms: SearchTerm[];
      groups: SearchGroup[];
    };

/** A column shown to visitors and the field its translations are stored under (`translations.<lang>.<field>`). */
type Shown = { column: string; field: string | null };

type KindTable = {
  table: SQL;
  key: SQL;
  /** The name and the snippet's texts (joined by `separator`), in a search's language or as written. */
  shown: { name: Shown; text: Shown[]; separator: string };
  /** Extra ordering between equally ranked entries, before the name. */
  tieBreak?: (t: SQL) => SQL;
  /** What a hit of this kind says beside its name (a place's town, country and kind). */
  place?: SQL;
};

// Each kind: where it lives, its display name, the key its page is addressed by, and the text shown in snippets.
// Directory entries are searched among published ones only (a subquery the planner folds into each statement, so
// the indexes serve as on the table); drafts and archived entries are found by staff lists, never by visitors.
const published = publishedSql(sql`status`);
const KINDS: Record<SearchKind, KindTable> = {
  location: {
    table: sql`(SELECT * FROM locations WHERE ${published})`,
    key: sql`slug`,
    shown: {
      name: { column: "name", field: "name" },
      text: [
        { column: "short_description", field: "shortDescription" },
        { column: "long_description", field: "longDescription" },
      ],
      separator: " ",
    },
    tieBreak: (t) => sql`(EXISTS (SELECT 1 FROM programs p WHERE p.location_id = ${t}.id)) DESC`,
    place: sql`t.contact_city AS place_city, t.country AS place_country, t.marker_type AS place_kind`,
  },
  program: {
    table: sql`(SELECT * FROM programs WHERE ${published})`,
    key: sql`slug`,
    shown: {
      name: { column: "name", field: "name" },
      text: [
        { column: "summary", field: "summary" },
        { column: "description", field: "description" },
      ],
      separator: " ",
    },
  },
  "change-maker": {
    table: sql`(SELECT * FROM change_makers WHERE ${published})`,
    key: sql`id::text`,
    shown: {
      name: { column: "name", field: null },
      text: [
        { column: "role", field: "role" },
        { column: "bio", field: "bio" },
      ],
      separator: ". ",
    },
  },
  resource: {
    table: sql`(SELECT * FROM resources WHERE ${published})`,
    key: sql`url`,
    shown: {
      name: { column: "title", field: "title" },
      text: [{ column: "description", field: "description" }],
      separator: "",
    },
  },
  episode: {
    table: sql`podcast_episodes`,
    key: sql`number::text`,
    shown: {
      name: { column: "title", field: "title" },
      text: [{ column: "summary", field: "summary" }],
      separator: "",
    },
  },
};

/**
 * A shown column in a language: the entry's translation into it when it has one (and was not written in it),
 * otherwise the original, as `localizeEntry` decides on a page. Without a language, the original.
 */
function shownSql(shown: Shown, lang: Language | undefined): SQL {
  const column = sql.raw(`t.${shown.column}`);
  if (!lang || !shown.field) return column;
  return sql`(CASE WHEN t.language = ${lang} THEN ${column}
    ELSE COALESCE(NULLIF(t.translations -> ${lang} ->> ${shown.field}, ''), ${column}) END)`;
}

/** A kind's name column, for a table under any alias. */
const nameColumn = (k: KindTable) => sql.raw(k.shown.name.column);

/** The text a kind's snippet is cut from, in a language (as written without one). */
function snippetTextSql(kind: SearchKind, lang: Language | undefined): SQL {
  const k = KINDS[kind];
  return sql.join(
    k.shown.text.map((s) => shownSql(s, lang)),
    sql` || ${k.shown.separator} || `,
  );
}

// Marks that cannot occur in stored text; the snippet is split on them, so no stored text is ever read as markup.
const START = "\u0002";
const STOP = "\u0003";
/** How much of a snippet's text is read back to tell whether the snippet starts or ends where the text does. */
const EDGE = 300;

/** Letters and digits only at the ends: the headline leaves out punctuation the text has there. */
const bare = (text: string) => text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");

/**
 * A headline as text runs, with "…" where it starts after the text's beginning or stops before its end (the
 * snippet is a window on a longer text; without them its first words read like a sentence's).
 */
function toSnippet(headline: string, textStart: string, textEnd: string): Snippet {
  const runs: Snippet = [];
  for (const part of headline.split(START)) {
    const [marked, after] = part.includes(STOP) ? part.split(STOP, 2) : [null, part];
    if (marked) runs.push({ text: marked, match: true });
    if (after) runs.push({ text: after, match: false });
  }
  const plain = bare(runs.map((r) => r.text).join(""));
  if (!plain) return runs;
  if (!bare(textStart).startsWith(plain.slice(0, 40))) runs.unshift({ text: "… ", match: false });
  if (!bare(textEnd).endsWith(plain.slice(-40))) runs.push({ text: " …", match: false });
  return runs;
}

/** Each language's text-search configuration: unaccent, then its Snowball stemmer (migration 0022). */
const STEM_CONFIG: Record<Language, string> = {
  en: "public.search_en",
  es: "public.search_es",
  pt: "public.search_pt",
  fr: "public.search_fr",
  de: "public.search_de",
};
/** Postgres's own configuration of each language: its list of stop words. */
const STOP_WORDS_CONFIG: Record<Language, string> = {
  en: "english",
  es: "spanish",
  pt: "portuguese",
  fr: "french",
  de: "german",
};
const configSql = (name: string) => sql.raw(`'${name}'`);

/** A word that names more countries, regions, focus areas and kinds than this is a common word, not a name. */
const MAX_TOKENS = 30;

/**
 * A search ready to run, read in a language (`prepareSearch`): its terms (the language's stop words left out beside
 * other words) and the whole query as tsquery text, for the entries (`all`: each word as typed, its stems, the
 * phrases it abbreviates and the tokens of the names it is part of) and for their names only (`names`, weight A).
 */
export type PreparedSearch = {
  text: string;
  terms: SearchTerm[];
  lang?: Language;
  query?: { all: string; names: string };
};

const lexeme = (word: string, prefix: boolean, weights: string) =>
  `'${word}'${prefix ? `:*${weights}` : weights ? `:${weights}` : ""}`;
const phraseText = (words: readonly string[], weights: string) =>
  `(${words.map((w) => lexeme(w, false, weights)).join(" <-> ")})`;
const tokenText = (token: string) => `'${token.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/**
 * One term's alternatives as tsqueries: a word as typed (folded; the last one also as a prefix), its stem in the
 * search's language and in English, the phrases it abbreviates; a phrase as typed; an exclusion as typed. Every
 * function here is immutable, so the planner reads them as constants.
 */
function termAlternatives(term: SearchTerm, lang: Language | undefined, weights: string): SQL[] {
  if (term.kind === "exclude") return [sql`(!!to_tsquery('simple', search_fold(${lexeme(term.word, false, "")})))`];
  if (term.kind === "phrase") return [sql`to_tsquery('simple', search_fold(${phraseText(term.words, weights)}))`];
  // Stems are matched whole: the word as typed is already matched as a prefix while it is being typed, and a stem
  // as a prefix reaches far ("spani" of "Spanien" would find "Spanish").
  const whole = lexeme(term.word, false, weights);
  return [
    sql`to_tsquery('simple', search_fold(${lexeme(term.word, term.prefix, weights)}))`,
    sql`to_tsquery(${configSql(STEM_CONFIG[lang ?? "en"])}, ${whole})`,
    ...(lang && lang !== "en" ? [sql`to_tsquery(${configSql(STEM_CONFIG.en)}, ${whole})`] : []),
    ...synonymPhrases(term.word).map(
      (phrase) => sql`to_tsquery('simple', search_fold(${phraseText(phrase, weights)}))`,
    ),
  ];
}

/**
 * The tsquery of a search. A prepared search gives its query as one constant; plain terms (the suggestions, which
 * match names) are matched by their words and stems, not by the names of countries or focus areas. With `weights`
 * ("A": names only) every positive term is restricted to those weights.
 */
export function tsquerySql(search: PreparedSearch | readonly SearchTerm[], weights = ""): SQL {
  if (!Array.isArray(search) && (search as PreparedSearch).query) {
    const query = (search as PreparedSearch).query as { all: string; names: string };
    return sql`${weights ? query.names : query.all}::tsquery`;
  }
  const { terms, lang } = Array.isArray(search)
    ? { terms: search as readonly SearchTerm[], lang: undefined }
    : (search as PreparedSearch);
  return sql`(${sql.join(
    terms.map((t) => {
      const either = termAlternatives(t, lang, weights);
      return either.length === 1 ? (either[0] as SQL) : sql`(${sql.join(either, sql` || `)})`;
    }),
    sql` && `,
  )})`;
}

/** A tsquery text's lexeme without its prefix mark and weights: the stem "meadow" adds nothing to "meadow:*". */
const bareLexeme = (query: string) => query.replace(/:\*?[A-D]*/g, "");

/**
 * Reads a parsed search in a language, in one round trip: each term's alternatives as tsquery texts (so that
 * statements get the query as one constant, without alternatives that repeat the word as typed), which of its
 * words are stop words of that language ("del", "the": left out beside other words, since entries in other
 * languages do not contain them), and which names each term is part of: a country, region, sub-region, focus area,
 * kind of place, program format or resource type named in any of the five languages (`search_names`), whose tokens
 * entries carry.
 */
export async function prepareSearch(
  db: Executor,
  parsed: { text: string; terms: readonly SearchTerm[] },
  lang?: Language,
): Promise<PreparedSearch> {
  const stopConfig = configSql(STOP_WORDS_CONFIG[lang ?? "en"]);
  const result = await db.execute(
    sql.join(
      parsed.terms.map((t, i) => {
        const all = termAlternatives(t, lang, "");
        const names = t.kind === "exclude" ? all : termAlternatives(t, lang, "A");
        const matching = sql.join(all, sql` || `);
        return sql`SELECT ${i}::int AS i,
          ${t.kind === "word" ? sql`numnode(plainto_tsquery(${stopConfig}, ${t.word})) = 0` : sql`false`} AS stop,
          ARRAY[${sql.join(
            all.map((q) => sql`(${q})::text`),
            sql`, `,
          )}] AS alls,
          ARRAY[${sql.join(
            names.map((q) => sql`(${q})::text`),
            sql`, `,
          )}] AS names,
          ${
            t.kind === "exclude"
              ? sql`'{}'::text[]`
              : sql`ARRAY(SELECT DISTINCT n.token FROM search_names n WHERE n.vector @@ (${matching}) LIMIT ${MAX_TOKENS + 1})`
          } AS tokens`;
      }),
      sql` UNION ALL `,
    ),
  );
  const info = new Map(rowsOf(result).map((r) => [Number(r.i), r]));
  const stop = (i: number) => info.get(i)?.stop === true;
  const keepsContent = parsed.terms.some((t, i) => t.kind !== "exclude" && !stop(i));
  const terms: SearchTerm[] = [];
  const all: string[] = [];
  const names: string[] = [];
  const either = (alternatives: string[]) => {
    const kept: string[] = [];
    for (const q of alternatives) {
      if (q && !kept.some((k) => k === q || bareLexeme(k) === bareLexeme(q))) kept.push(q);
    }
    return kept.length === 1 ? (kept[0] as string) : kept.length > 1 ? `( ${kept.join(" | ")} )` : "";
  };
  parsed.terms.forEach((t, i) => {
    if (keepsContent && stop(i)) return;
    const row = info.get(i);
    terms.push(t);
    const tokens = (row?.tokens as string[] | undefined) ?? [];
    const named = tokens.length <= MAX_TOKENS ? tokens.map(tokenText) : [];
    const one = either([...((row?.alls as string[] | undefined) ?? []), ...named]);
    // Tokens are "where and what" (weight B): never part of the names-only query.
    const onlyNames = either((row?.names as string[] | undefined) ?? []);
    if (one) all.push(one);
    if (onlyNames) names.push(onlyNames);
  });
  return { text: parsed.text, terms, lang, query: { all: all.join(" & "), names: names.join(" & ") } };
}

/**
 * The condition and ranking that put a kind's entries in the order a visitor expects: the exact name first, then
 * entries whose name matches every word, then by full-text rank (names weigh most, then places and topics, then
 * summaries, then long text), then the kind's own tie-break and the name.
 */
export function searchOrderSql(kind: SearchKind, search: PreparedSearch, alias = "t"): { where: SQL; orderBy: SQL } {
  const k = KINDS[kind];
  const t = sql.raw(`"${alias}"`);
  const q = tsquerySql(search);
  const names = tsquerySql(search, "A");
  return {
    where: sql`${t}.search_vector @@ ${q}`,
    orderBy: sql.join(
      [
        sql`(${t}.search_name = search_fold(${search.text})) DESC`,
        sql`(${t}.search_vector @@ ${names}) DESC`,
        sql`ts_rank_cd('{0.1, 0.3, 0.6, 1.0}', ${t}.search_vector, ${q}, 1) DESC`,
        ...(k.tieBreak ? [k.tieBreak(t)] : []),
        sql`${t}.${nameColumn(k)} ASC`,
      ],
      sql`, `,
    ),
  };
}

/** How many of a broad search's matches are ranked: the first this many whose names match, and as many others. */
export const RANK_POOL = SEARCH_COUNT_CAP;

/**
 * The entries a search ranks, a query of whole rows (so nothing is read twice): every entry
 * named exactly as typed, then at most RANK_POOL entries whose names match and RANK_POOL matching anywhere, as the
 * table hands them out. Under RANK_POOL matches that is all of them and the order is exact; above it the best of a
 * large sample comes first, and the cost stays that of ranking RANK_POOL entries whatever the word (decision 021).
 * `filter` may name the table by `alias` (the table inside is called that).
 */
export function rankPoolSql(kind: SearchKind, search: PreparedSearch, alias: string, filter?: SQL): SQL {
  const k = KINDS[kind];
  const t = sql.raw(`"${alias}"`);
  const q = tsquerySql(search);
  const names = tsquerySql(search, "A");
  const and = filter ? sql` AND ${filter}` : sql``;
  return sql`SELECT DISTINCT ON (id) * FROM (
    (SELECT * FROM ${k.table} ${t} WHERE ${t}.search_name = search_fold(${search.text}) AND ${t}.search_vector @@ ${q}${and})
    UNION ALL (SELECT * FROM ${k.table} ${t} WHERE ${t}.search_vector @@ ${names}${and} LIMIT ${RANK_POOL})
    UNION ALL (SELECT * FROM ${k.table} ${t} WHERE ${t}.search_vector @@ ${q}${and} LIMIT ${RANK_POOL})
  ) pool ORDER BY id`;
}

/** How many rows of `from` meet `where`, counting no further than SEARCH_COUNT_CAP + 1 (a scalar subquery). */
export function cappedCountSql(from: SQL, where: SQL | undefined): SQL {
  return sql`(SELECT count(*) FROM (SELECT 1 FROM ${from} WHERE ${where ?? sql`TRUE`} LIMIT ${SEARCH_COUNT_CAP + 1}) capped)`;
}

/** A capped count as a total and whether it stopped at the cap. */
export function cappedTotal(n: number): { total: number; capped: boolean } {
  return n > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, capped: true } : { total: n, capped: false };
}

async function searchKind(
  db: Executor,
  kind: SearchKind,
  search: PreparedSearch,
  limit: number,
  lang: Language | undefined,
): Promise<SearchGroup> {
  const k = KINDS[kind];
  const { where, orderBy } = searchOrderSql(kind, search);
  const q = tsquerySql(search);
  const text = snippetTextSql(kind, lang);
  // The headline is cut with the configuration of the search's language, so the words its stems matched are marked.
  // The pool is ranked and cut to `limit` inside; the snippet and its text's ends are made outside, for those only.
  const rows = rowsOf(
    await db.execute(sql`
    SELECT t.id::text AS id, t.${nameColumn(k)} AS name, ${shownSql(k.shown.name, lang)} AS label,
      t.language AS language, t.${k.key} AS key${k.place ? sql`, ${k.place}` : sql``},
      t.total_ AS total, t.rank_ AS rank,
      ts_headline(${configSql(STEM_CONFIG[lang ?? "en"])}, ${text}, ${q},
        ${`StartSel=${START}, StopSel=${STOP}, MaxWords=28, MinWords=12, ShortWord=0, MaxFragments=1`}) AS headline,
      left(${text}, ${EDGE}) AS text_start, right(${text}, ${EDGE}) AS text_end
    FROM (
      SELECT t.*, ${cappedCountSql(sql`${k.table} t`, where)} AS total_,
        ts_rank_cd('{0.1, 0.3, 0.6, 1.0}', t.search_vector, ${q}, 1) AS rank_
      FROM (${rankPoolSql(kind, search, "t")}) t
      ORDER BY ${orderBy}
      LIMIT ${limit}
    ) t
    ORDER BY ${orderBy}
  `),
  );
  return {
    kind,
    ...cappedTotal(Number(rows[0]?.total ?? 0)),
    hits: rows.map((r) => ({
      kind,
      id: String(r.id),
      name: String(r.name),
      label: String(r.label ?? r.name),
      labelLang: lang && r.label !== r.name ? lang : originalLanguage(r.language),
      key: String(r.key),
      rank: Number(r.rank),
      snippet: toSnippet(String(r.headline ?? ""), String(r.text_start ?? ""), String(r.text_end ?? "")),
      ...(k.place
        ? {
            place: {
              city: typeof r.place_city === "string" && r.place_city.trim() ? r.place_city : null,
              country: String(r.place_country ?? ""),
              kind: String(r.place_kind ?? ""),
            },
          }
        : {}),
    })),
  };
}

/**
 * For each word that no indexed entry contains, the closest word that one does (trigram similarity over the
 * lexicon of indexed words, which also holds every word of the names of countries, regions, focus areas and kinds
 * in the five languages), if one is close enough.
 */
export async function correctWords(db: Executor, words: string[]): Promise<Map<string, string>> {
  const fixes = new Map<string, string>();
  for (const word of words) {
    const row = rowsOf(
      await db.execute(sql`
      SELECT w.word, (SELECT word FROM search_lexicon l WHERE l.word = w.word) IS NOT NULL AS known,
        (SELECT l.word FROM search_lexicon l
          WHERE l.word % w.word AND abs(length(l.word) - length(w.word)) <= 2
          ORDER BY similarity(l.word, w.word) DESC, l.word LIMIT 1) AS closest
      FROM (SELECT search_fold(${word}) AS word) w
    `),
    )[0];
    if (row && !row.known && typeof row.closest === "string" && row.closest !== row.word) {
      fixes.set(word, row.closest);
    }
  }
  return fixes;
}

/**
 * The words that are, as typed (accents and case aside), a word of the name of a country, region, sub-region, focus
 * area, kind of place, program format or resource type in any of the five languages.
 */
export async function namedWords(db: Executor, words: readonly string[]): Promise<Set<string>> {
  if (words.length === 0) return new Set();
  const rows = rowsOf(
    await db.execute(sql`
      SELECT w FROM jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) AS w
      WHERE EXISTS (SELECT 1 FROM search_names n
        WHERE n.vector @@ to_tsquery('simple', '''' || replace(search_fold(w), '''', '''''') || ''''))
    `),
  );
  return new Set(rows.map((r) => String(r.w)));
}

/**
 * Searches every kind of entry for what a visitor typed: each group's total and its best `perKind` entries. When
 * the words as typed find nothing at all, words that no entry contains (and that `knownWord` does not know: a town,
 * a word of the site's own texts) are corrected to the closest indexed word and the search is run again. A query
 * that names something the site knows is never replaced: the correction is offered instead (`suggestion`); any
 * other is replaced and the outcome says so (`correctedTo`).
 */
export async function searchEverything(
  db: Executor,
  raw: string | null | undefined,
  /** `lang`: the language of the page showing the results (names and snippets in it where translated). */
  opts: {
    perKind?: number;
    kinds?: readonly SearchKind[];
    lang?: Language;
    knownWord?: (word: string) => boolean;
    /** How a query is prepared (a caller may keep prepared queries until the names they depend on change). */
    prepare?: (query: { text: string; terms: SearchTerm[] }, lang: Language | undefined) => Promise<PreparedSearch>;
  } = {},
): Promise<SearchOutcome> {
  const parsed = parseSearch(raw);
  if (!parsed.ok) return { status: "none", parsed };
  const kinds = opts.kinds ?? SEARCH_KINDS;
  const known = opts.knownWord ?? (() => false);
  const run = async (query: { text: string; terms: SearchTerm[] }) => {
    const search = await (opts.prepare ?? ((q, lang) => prepareSearch(db, q, lang)))(query, opts.lang);
    return Promise.all(kinds.map((kind) => searchKind(db, kind, search, opts.perKind ?? 5, opts.lang)));
  };
  let terms = parsed.terms;
  let groups = await run(parsed);
  let correctedTo: string | null = null;
  let suggestion: string | null = null;
  if (groups.every((g) => g.total === 0)) {
    const fixes = await correctWords(
      db,
      correctableWords(terms).filter((w) => !known(w)),
    );
    if (fixes.size > 0) {
      const corrected = parseSearch(rewriteSearch(terms, fixes));
      if (corrected.ok) {
        const again = await run(corrected);
        if (again.some((g) => g.total > 0)) {
          const words = correctableWords(terms);
          const namesSomething = words.some(known) || (await namedWords(db, words)).size > 0;
          if (namesSomething) suggestion = corrected.text;
          else {
            terms = corrected.terms;
            groups = again;
            correctedTo = corrected.text;
          }
        }
      }
    }
  }
  return { status: "ok", parsed, correctedTo, suggestion, terms, groups };
}

/** `name` is the original name (the entry's address derives from it); `label` the name to show in the language asked. */
export type Suggestion = { kind: SearchKind; name: string; label: string; key: string };

/** At most this many entries of a kind whose words match are ranked for suggestions. */
const SUGGESTION_CANDIDATES = 200;

/**
 * Names to offer while a visitor types, across every kind, at most `limit`: the exact name first, then names that
 * begin with what was typed (read in order from a prefix index, so three letters shared by 50,000 names cost no
 * more than a whole name), then names holding every word (the last as a prefix), the best ranked of the first
 * candidates found (a short prefix matching thousands of names is not ranked in full: the visitor is still typing).
 */
export async function suggestNames(db: Executor, raw: string, limit = 8, lang?: Language): Promise<Suggestion[]> {
  const parsed = parseSearch(raw);
  if (!parsed.ok) return [];
  const names = tsquerySql({ text: parsed.text, terms: parsed.terms, lang }, "A");
  // Folded in the statement: the planner folds the constant before planning, so the prefix range uses the index.
  const startsWith = `${escapeLike(parsed.text)}%`;
  const parts = SEARCH_KINDS.flatMap((kind) => {
    const k = KINDS[kind];
    return [
      sql`(SELECT ${kind} AS kind, t.${nameColumn(k)} AS name, ${shownSql(k.shown.name, lang)} AS label, t.${k.key}::text AS key,
          (t.search_name = search_fold(${parsed.text})) AS exact, true AS starts, 1::real AS rank
        FROM ${k.table} t WHERE t.search_name COLLATE "C" LIKE search_fold(${startsWith})
        ORDER BY t.search_name COLLATE "C" LIMIT ${limit})`,
      sql`(SELECT ${kind} AS kind, c.name, c.label, c.key, false AS exact, false AS starts,
          ts_rank_cd(c.search_vector, ${names}) AS rank
        FROM (SELECT t.${nameColumn(k)} AS name, ${shownSql(k.shown.name, lang)} AS label, t.${k.key}::text AS key,
          t.search_vector FROM ${k.table} t
          WHERE t.search_vector @@ ${names} LIMIT ${SUGGESTION_CANDIDATES}) c
        ORDER BY rank DESC, length(c.name), c.name LIMIT ${limit})`,
    ];
  });
  const result = await db.execute(sql`
    SELECT kind, name, label, key FROM (${sql.join(parts, sql` UNION ALL `)}) s
    ORDER BY exact DESC, starts DESC, rank DESC, length(name), name
  `);
  const rows = rowsOf(result);
  const seen = new Set<string>();
  const out: Suggestion[] = [];
  for (const r of rows) {
    const id = `${r.kind}:${r.key}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({
      kind: r.kind as SearchKind,
      name: String(r.name),
      label: String(r.label ?? r.name),
      key: String(r.key),
    });
    if (out.length === limit) break;
  }
  return out;
}

/**
 * Writes the next `batch` entries whose search vectors predate migration 0022 again (see `search_backfill_step`):
 * how many it wrote, 0 when none are left, -1 when another instance is writing the ones left.
 */
export async function searchBackfillStep(db: Executor, batch: number): Promise<number> {
  const [row] = rowsOf(await db.execute(sql`SELECT search_backfill_step(${batch}::int) AS n`));
  return Number(row?.n ?? 0);
}

/**
 * After the backfill: on Postgres the full-text index is built again beside the old one (written row by row it had
 * grown to about 1.5 times the size of one built at once; CONCURRENTLY keeps reads and writes going), and on the
 * embedded database, which has no autovacuum, the planner's statistics are refreshed.
 */
export async function tidyAfterSearchBackfill(db: Executor, kind: "pglite" | "postgres"): Promise<void> {
  if (kind === "postgres") await db.execute(sql`REINDEX INDEX CONCURRENTLY locations_search_idx`);
  else await db.execute(sql`ANALYZE locations`);
}
