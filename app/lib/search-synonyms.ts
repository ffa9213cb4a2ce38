/**
 * Abbreviations of the field that visitors type for what entries spell out (decision 055): a word of a search that
 * is one of these also matches each phrase given (words next to each other, as in a quoted phrase). The word itself
 * still matches where an entry uses it. Keys are lower case; phrases are what entries write, in any language.
 */
export const SEARCH_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  // The Permaculture Design Certificate course, 72 hours; entries mostly say "design certificate" or "design course".
  pdc: [
    "permaculture design certificate",
    "permaculture design course",
    "design certificate",
    "curso de diseño en permacultura",
    "curso de design em permacultura",
    "cours certifié de permaculture",
    "Permakultur-Designkurs",
  ],
  csa: ["community supported agriculture", "community-supported agriculture", "solidarische Landwirtschaft"],
  knf: ["korean natural farming"],
  wwoof: ["willing workers on organic farms", "world wide opportunities on organic farms"],
};

const WORD = /[\p{L}\p{N}]+/gu;

/** The phrases a typed word stands for, each as its words (lower case); none when it is no abbreviation. */
export function synonymPhrases(word: string): string[][] {
  const phrases = SEARCH_SYNONYMS[word.toLowerCase()];
  if (!phrases) return [];
  return phrases.map((p) => (p.match(WORD) ?? []).map((w) => w.toLowerCase()));
}
