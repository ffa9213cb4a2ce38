/**
 * Text as search compares it (decision 055): lower case, without accents, and the letters that have no accent to
 * drop spelled as visitors type them without (ß as ss, æ as ae, œ as oe, ø as o, ł as l, đ as d, dotless ı as i).
 */
export function foldLetters(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/æ/g, "ae")
    .replace(/œ/g, "oe")
    .replace(/ø/g, "o")
    .replace(/ł/g, "l")
    .replace(/đ/g, "d")
    .replace(/ı/g, "i");
}
