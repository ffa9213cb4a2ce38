import { type SQL, sql } from "drizzle-orm";
import type { Database } from "~db/client";
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
  toTsquery,
} from "../lib/search-query";
import { escapeLike } from "./sql-helpers.server";

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
};
/** `total` stops at SEARCH_COUNT_CAP; `capped` says there are more. */
export type SearchGroup = { kind: SearchKind; total: number; capped: boolean; hits: SearchHit[] };

export type SearchOutcome =
  | { status: "none"; parsed: ParsedSearch }
  | {
      status: "ok";
      parsed: Extract<ParsedSearch, { ok: true }>;
      /** The query searched instead, when the words as typed found nothing and a correction did. */
      correctedTo: string | null;
      terms: SearchTerm[];
      groups: SearchGroup[];
    };

/** A column shown to visitors and the field its translations are stored under (`translations.<lang>.<field>`). */
type Shown = { column: string; field: string | null };

type KindTable = {
  table: SQL;
  name: SQL;
  key: SQL;
  text: SQL;
  /** The name and the snippet's texts, for a search in a language (joined by `separator`). */
  shown: { name: Shown; text: Shown[]; separator: string };
  /** Extra ordering between equally ranked entries, before the name. */
  tieBreak?: (t: SQL) => SQL;
};

// Each kind: where it lives, its display name, the key its page is addressed by, and the text shown in snippets.
// Directory entries are searched among published ones only (a subquery the planner folds into each statement, so
// the indexes serve as on the table); drafts and archived entries are found by staff lists, never by visitors.
const KINDS: Record<SearchKind, KindTable> = {
  location: {
    table: sql`(SELECT * FROM locations WHERE status = 'published')`,
    name: sql`name`,
    key: sql`slug`,
    text: sql`short_description || ' ' || long_description`,
    shown: {
      name: { column: "name", field: "name" },
      text: [
        { column: "short_description", field: "shortDescription" },
        { column: "long_description", field: "longDescription" },
      ],
      separator: " ",
    },
    tieBreak: (t) => sql`(EXISTS (SELECT 1 FROM programs p WHERE p.location_id = ${t}.id)) DESC`,
  },
  program: {
    table: sql`(SELECT * FROM programs WHERE status = 'published')`,
    name: sql`name`,
    key: sql`slug`,
    text: sql`summary || ' ' || description`,
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
    table: sql`(SELECT * FROM change_makers WHERE status = 'published')`,
    name: sql`name`,
    key: sql`id::text`,
    text: sql`role || '. ' || bio`,
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
    table: sql`(SELECT * FROM resources WHERE status = 'published')`,
    name: sql`title`,
    key: sql`url`,
    text: sql`description`,
    shown: {
      name: { column: "title", field: "title" },
      text: [{ column: "description", field: "description" }],
      separator: "",
    },
  },
  episode: {
    table: sql`podcast_episodes`,
    name: sql`title`,
    key: sql`number::text`,
    text: sql`summary`,
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

/** The text a kind's snippet is cut from, in a language. */
function snippetTextSql(kind: SearchKind, lang: Language | undefined): SQL {
  const k = KINDS[kind];
  if (!lang) return k.text;
  return sql.join(
    k.shown.text.map((s) => shownSql(s, lang)),
    sql` || ${k.shown.separator} || `,
  );
}

// Marks that cannot occur in stored text; the snippet is split on them, so no stored text is ever read as markup.
const START = "\u0002";
const STOP = "\u0003";

function toSnippet(headline: string): Snippet {
  const runs: Snippet = [];
  for (const part of headline.split(START)) {
    const [marked, after] = part.includes(STOP) ? part.split(STOP, 2) : [null, part];
    if (marked) runs.push({ text: marked, match: true });
    if (after) runs.push({ text: after, match: false });
  }
  return runs;
}

/** The tsquery for a parsed search, folded like the indexed text. */
export function tsquerySql(terms: SearchTerm[], weights = ""): SQL {
  return sql`to_tsquery('simple', search_fold(${toTsquery(terms, weights)}))`;
}

/**
 * The condition and ranking that put a kind's entries in the order a visitor expects: the exact name first, then
 * entries whose name matches every word, then by full-text rank (names weigh most, then places and topics, then
 * summaries, then long text), then the kind's own tie-break and the name.
 */
export function searchOrderSql(
  kind: SearchKind,
  text: string,
  terms: SearchTerm[],
  alias = "t",
): { where: SQL; orderBy: SQL } {
  const k = KINDS[kind];
  const t = sql.raw(`"${alias}"`);
  const q = tsquerySql(terms);
  const names = tsquerySql(terms, "A");
  return {
    where: sql`${t}.search_vector @@ ${q}`,
    orderBy: sql.join(
      [
        sql`(${t}.search_name = search_fold(${text})) DESC`,
        sql`(${t}.search_vector @@ ${names}) DESC`,
        sql`ts_rank_cd('{0.1, 0.3, 0.6, 1.0}', ${t}.search_vector, ${q}, 1) DESC`,
        ...(k.tieBreak ? [k.tieBreak(t)] : []),
        sql`${t}.${k.name} ASC`,
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
export function rankPoolSql(kind: SearchKind, text: string, terms: SearchTerm[], alias: string, filter?: SQL): SQL {
  const k = KINDS[kind];
  const t = sql.raw(`"${alias}"`);
  const q = tsquerySql(terms);
  const names = tsquerySql(terms, "A");
  const and = filter ? sql` AND ${filter}` : sql``;
  return sql`SELECT DISTINCT ON (id) * FROM (
    (SELECT * FROM ${k.table} ${t} WHERE ${t}.search_name = search_fold(${text}) AND ${t}.search_vector @@ ${q}${and})
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
  db: Database,
  kind: SearchKind,
  text: string,
  terms: SearchTerm[],
  limit: number,
  lang: Language | undefined,
): Promise<SearchGroup> {
  const k = KINDS[kind];
  const { where, orderBy } = searchOrderSql(kind, text, terms);
  const q = tsquerySql(terms);
  const rows = (await db.execute(sql`
    SELECT t.id::text AS id, t.${k.name} AS name, ${shownSql(k.shown.name, lang)} AS label,
      t.language AS language, t.${k.key} AS key,
      ${cappedCountSql(sql`${k.table} t`, where)} AS total,
      ts_rank_cd('{0.1, 0.3, 0.6, 1.0}', t.search_vector, ${q}, 1) AS rank,
      ts_headline('simple', ${snippetTextSql(kind, lang)}, ${q},
        ${`StartSel=${START}, StopSel=${STOP}, MaxWords=28, MinWords=12, ShortWord=2, MaxFragments=1`}) AS headline
    FROM (${rankPoolSql(kind, text, terms, "t")}) t
    ORDER BY ${orderBy}
    LIMIT ${limit}
  `)) as unknown as { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
  const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
  return {
    kind,
    ...cappedTotal(Number(list[0]?.total ?? 0)),
    hits: list.map((r) => ({
      kind,
      id: String(r.id),
      name: String(r.name),
      label: String(r.label ?? r.name),
      labelLang: lang && r.label !== r.name ? lang : originalLanguage(r.language),
      key: String(r.key),
      rank: Number(r.rank),
      snippet: toSnippet(String(r.headline ?? "")),
    })),
  };
}

/**
 * For each word that no indexed entry contains, the closest word that one does (trigram similarity over the
 * lexicon of indexed words), if one is close enough.
 */
export async function correctWords(db: Database, words: string[]): Promise<Map<string, string>> {
  const fixes = new Map<string, string>();
  for (const word of words) {
    const result = (await db.execute(sql`
      SELECT w.word, (SELECT word FROM search_lexicon l WHERE l.word = w.word) IS NOT NULL AS known,
        (SELECT l.word FROM search_lexicon l
          WHERE l.word % w.word AND abs(length(l.word) - length(w.word)) <= 2
          ORDER BY similarity(l.word, w.word) DESC, l.word LIMIT 1) AS closest
      FROM (SELECT search_fold(${word}) AS word) w
    `)) as unknown as { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
    const row = (Array.isArray(result) ? result : (result.rows ?? []))[0];
    if (row && !row.known && typeof row.closest === "string" && row.closest !== row.word) {
      fixes.set(word, row.closest);
    }
  }
  return fixes;
}

/**
 * Searches every kind of entry for what a visitor typed: each group's total and its best `perKind` entries. When
 * the words as typed find nothing at all, words that no entry contains are replaced by the closest indexed word and
 * the search is run again; the outcome says so.
 */
export async function searchEverything(
  db: Database,
  raw: string | null | undefined,
  /** `lang`: the language of the page showing the results (names and snippets in it where translated). */
  opts: { perKind?: number; kinds?: readonly SearchKind[]; lang?: Language } = {},
): Promise<SearchOutcome> {
  const parsed = parseSearch(raw);
  if (!parsed.ok) return { status: "none", parsed };
  const kinds = opts.kinds ?? SEARCH_KINDS;
  const run = (terms: SearchTerm[], text: string) =>
    Promise.all(kinds.map((kind) => searchKind(db, kind, text, terms, opts.perKind ?? 5, opts.lang)));
  let terms = parsed.terms;
  let groups = await run(terms, parsed.text);
  let correctedTo: string | null = null;
  if (groups.every((g) => g.total === 0)) {
    const fixes = await correctWords(db, correctableWords(terms));
    if (fixes.size > 0) {
      const corrected = parseSearch(rewriteSearch(terms, fixes));
      if (corrected.ok) {
        const again = await run(corrected.terms, corrected.text);
        if (again.some((g) => g.total > 0)) {
          terms = corrected.terms;
          groups = again;
          correctedTo = corrected.text;
        }
      }
    }
  }
  return { status: "ok", parsed, correctedTo, terms, groups };
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
export async function suggestNames(db: Database, raw: string, limit = 8, lang?: Language): Promise<Suggestion[]> {
  const parsed = parseSearch(raw);
  if (!parsed.ok) return [];
  const names = tsquerySql(parsed.terms, "A");
  // Folded in the statement: the planner folds the constant before planning, so the prefix range uses the index.
  const startsWith = `${escapeLike(parsed.text)}%`;
  const parts = SEARCH_KINDS.flatMap((kind) => {
    const k = KINDS[kind];
    return [
      sql`(SELECT ${kind} AS kind, t.${k.name} AS name, ${shownSql(k.shown.name, lang)} AS label, t.${k.key}::text AS key,
          (t.search_name = search_fold(${parsed.text})) AS exact, true AS starts, 1::real AS rank
        FROM ${k.table} t WHERE t.search_name COLLATE "C" LIKE search_fold(${startsWith})
        ORDER BY t.search_name COLLATE "C" LIMIT ${limit})`,
      sql`(SELECT ${kind} AS kind, c.name, c.label, c.key, false AS exact, false AS starts,
          ts_rank_cd(c.search_vector, ${names}) AS rank
        FROM (SELECT t.${k.name} AS name, ${shownSql(k.shown.name, lang)} AS label, t.${k.key}::text AS key,
          t.search_vector FROM ${k.table} t
          WHERE t.search_vector @@ ${names} LIMIT ${SUGGESTION_CANDIDATES}) c
        ORDER BY rank DESC, length(c.name), c.name LIMIT ${limit})`,
    ];
  });
  const result = (await db.execute(sql`
    SELECT kind, name, label, key FROM (${sql.join(parts, sql` UNION ALL `)}) s
    ORDER BY exact DESC, starts DESC, rank DESC, length(name), name
  `)) as unknown as { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
  const rows = Array.isArray(result) ? result : (result.rows ?? []);
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
