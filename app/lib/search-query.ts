/**
 * What a visitor types into a search box, read with web-search syntax: words (each must match somewhere, in any
 * order; the last one also as the start of a word, for search-as-you-type), "quoted phrases" (words next to each
 * other) and -exclusions. Words are runs of letters and digits; everything else separates them, so no input can
 * break the database's query syntax. Runs in the browser too (the suggestions box) and on the server.
 */

import { MAX_QUERY_LENGTH } from "./constants";

/** At most this many words count; the rest are ignored. */
export const SEARCH_MAX_TERMS = 12;
/** Shortest query that is searched. */
export const SEARCH_MIN_LENGTH = 2;
/**
 * Matches are counted up to this many; beyond it a page says "1,000+" and ranks a sample of the matches instead of
 * all of them (docs/decisions/021-broad-searches.md), so a word in every name costs what a word in a thousand does.
 */
export const SEARCH_COUNT_CAP = 1000;

export type SearchTerm =
  | { kind: "word"; word: string; prefix: boolean }
  | { kind: "phrase"; words: string[] }
  | { kind: "exclude"; word: string };

export type ParsedSearch =
  | { ok: true; text: string; terms: SearchTerm[]; truncated: boolean }
  | { ok: false; text: string; reason: "empty" | "too-short" | "no-words" };

/** Why a search was not run, as a message: its key and values, read with the page's `t`. */
export const SEARCH_MESSAGES = {
  "too-short": { key: "searchPage.tooShort", values: { count: SEARCH_MIN_LENGTH } },
  "no-words": { key: "searchPage.noWords", values: {} },
} as const;

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The directory's own subject, in its languages: every entry is about it, though few say the word. Beside other
 * words it is not required ("permaculture portugal" means places in Portugal); alone it is searched as typed.
 */
const TOPIC_WORDS = new Set(["permaculture", "permacultura", "permakultur", "permaculturist", "permaculturists"]);

function words(text: string): string[] {
  return (text.match(WORD) ?? []).map((w) => w.toLowerCase());
}

/** Reads a query; `ok: false` says why there is nothing to search for (empty input is no search at all). */
export function parseSearch(raw: string | null | undefined): ParsedSearch {
  const full = (raw ?? "").replace(/\s+/g, " ").trim();
  const truncated = full.length > MAX_QUERY_LENGTH;
  const text = truncated ? full.slice(0, MAX_QUERY_LENGTH) : full;
  if (text === "") return { ok: false, text, reason: "empty" };
  const terms: SearchTerm[] = [];
  // Quoted phrases first (an unclosed quote runs to the end), then the rest word by word.
  const rest = text.replace(/"([^"]*)"?/g, (_m, phrase: string) => {
    const w = words(phrase);
    if (w.length === 1 && w[0]) terms.push({ kind: "word", word: w[0], prefix: false });
    else if (w.length > 1) terms.push({ kind: "phrase", words: w.slice(0, SEARCH_MAX_TERMS) });
    return " ";
  });
  const tokens = rest.split(" ").filter(Boolean);
  tokens.forEach((token, i) => {
    const exclude = token.startsWith("-") && token.length > 1;
    const w = words(exclude ? token.slice(1) : token);
    w.forEach((word, j) => {
      if (exclude) terms.push({ kind: "exclude", word });
      // Only the very last word typed is still being typed.
      else
        terms.push({ kind: "word", word, prefix: i === tokens.length - 1 && j === w.length - 1 && !/["]$/.test(text) });
    });
  });
  const limited = terms.slice(0, SEARCH_MAX_TERMS);
  const isTopic = (t: SearchTerm) => t.kind === "word" && TOPIC_WORDS.has(t.word);
  const kept = limited.some((t) => t.kind !== "exclude" && !isTopic(t)) ? limited.filter((t) => !isTopic(t)) : limited;
  const positive = kept.filter((t) => t.kind !== "exclude");
  if (positive.length === 0)
    return { ok: false, text, reason: kept.length > 0 || /\S/.test(text) ? "no-words" : "empty" };
  const letters = positive.reduce((n, t) => n + (t.kind === "word" ? t.word.length : t.words.join("").length), 0);
  if (letters < SEARCH_MIN_LENGTH) return { ok: false, text, reason: "too-short" };
  return { ok: true, text, terms: kept, truncated };
}

const lexeme = (word: string, prefix: boolean, weights = "") =>
  `'${word}'${prefix ? `:*${weights}` : weights ? `:${weights}` : ""}`;

/**
 * The query in Postgres tsquery syntax, to be folded (accents, case) by the database before parsing. With
 * `weights` ("A": names only) every positive term is restricted to those weights.
 */
export function toTsquery(terms: SearchTerm[], weights = ""): string {
  return terms
    .map((t) => {
      if (t.kind === "word") return lexeme(t.word, t.prefix, weights);
      if (t.kind === "phrase") return `(${t.words.map((w) => lexeme(w, false, weights)).join(" <-> ")})`;
      return `!${lexeme(t.word, false)}`;
    })
    .join(" & ");
}

/** The words a typo may hide in: plain words long enough for a one- or two-letter slip to be told apart. */
export function correctableWords(terms: SearchTerm[]): string[] {
  return terms.flatMap((t) => (t.kind === "word" && t.word.length >= 4 ? [t.word] : []));
}

/** The query as text again, with some words replaced (for "Showing results for …"). */
export function rewriteSearch(terms: SearchTerm[], replace: Map<string, string>): string {
  return terms
    .map((t) => {
      if (t.kind === "word") return replace.get(t.word) ?? t.word;
      if (t.kind === "phrase") return `"${t.words.join(" ")}"`;
      return `-${t.word}`;
    })
    .join(" ");
}
