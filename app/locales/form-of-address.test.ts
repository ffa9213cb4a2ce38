import { describe, expect, it } from "vitest";
import { isLanguage, LANGUAGES, type Language } from "~/lib/i18n/languages";
import { DEFAULT_PAGE_TEXT_TRANSLATIONS } from "~/lib/page-text-defaults";
import { MESSAGES } from "~/server-lib/messages.server";
import { DEMO_LOCATION_LANGUAGES, DEMO_PROGRAM_LANGUAGES } from "~db/seed/demo-translations";

/**
 * One form of address per language, the one each message file mostly uses: German "du", Spanish "tú", Portuguese
 * "você", French "vous" (English has one). A visitor addressed as "du" in the menu and "Sie" on the home page reads
 * two voices. This test finds the other form in every text the site ships in a language: the interface and mail
 * messages (mail texts are the `mail` group), the starting page texts and the demo entries' translations.
 *
 * Words alone are not enough. German "Sie"/"Ihr" written with a capital mid-sentence is the formal "you" and always
 * wrong here, but at the start of a sentence it may be "she/it/they" ("Sie wird nie veröffentlicht": the address).
 * Those sentences are allowed one by one below, each with why. Spanish "su" and Portuguese "seu" are also "his, her,
 * their", so only unambiguous marks count there: the pronouns of the other form and its imperatives at the start of a
 * sentence ("Escriba" for "Escribe").
 */

/** A letter or digit on either side ends a match: `\b` does not know accented letters ("até", "você"). */
const word = (alternatives: string, flags = "gu") =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, flags);

type Finding = { word: string; index: number; sentenceInitial: boolean };

/** True when only a sentence boundary (or the text's start, a tag, a quote, a list mark) stands before `index`. */
function startsSentence(text: string, index: number): boolean {
  const before = text
    .slice(0, index)
    .replace(/<[^>]*>/g, "")
    .replace(/[\s„“”"«»‚‘’'(*#_-]+$/u, "");
  return before === "" || /[.!?…:\n]$/.test(before);
}

/** The other form's marks, per language; `sentenceStart` marks count only at the start of a sentence (imperatives). */
const OTHER_FORM: Partial<Record<Language, { anywhere: RegExp; sentenceStart?: RegExp }>> = {
  // German "du": formal Sie/Ihnen/Ihr… are capitalised; lower case "sie"/"ihr" are "she, they, you all".
  de: { anywhere: word("Sie|Ihnen|Ihr|Ihre|Ihrem|Ihren|Ihrer|Ihres", "gu") },
  // Spanish "tú": "usted(es)" and usted's imperatives (the tú form of each is what the file uses).
  es: {
    anywhere: word("[Uu]sted|[Uu]stedes"),
    sentenceStart: word(
      "Escriba|Elija|Vuelva|Inténtelo|Introduzca|Seleccione|Consulte|Compruebe|Pruebe|Busque|Descubra|Encuentre|Visite|Suscríbase|Escríbanos|Cuéntenos|Díganos|Contáctenos|Envíenos|Haga|Indique|Añada|Revise|Confirme|Acepte|Espere|Únase|Manténgase|Lea|Mire|Use|Sugiera|Explore",
    ),
  },
  // Brazilian Portuguese "você": the pronouns of "tu" and the formal "o senhor / a senhora".
  pt: { anywhere: word("[Tt]u|[Tt]eu|[Tt]ua|[Tt]eus|[Tt]uas|[Tt]e|[Tt]i|[Cc]ontigo|[Vv]ós|[Oo] senhor|[Aa] senhora") },
  // French "vous": the pronouns and possessives of "tu" ("t’" before a vowel: "t’inscrire").
  fr: {
    anywhere: /(?<![\p{L}\p{N}])(?:(?:[Tt]u|[Tt]oi|[Tt]on|[Tt]a|[Tt]es|[Tt]e)(?![\p{L}\p{N}])|[Tt]['’](?=\p{L}))/gu,
  },
};

/**
 * Sentences that start with a word the check would take for the other form but that mean something else. Kept to
 * sentence starts: mid-sentence the capital leaves no doubt. Each says what the word stands for. An entry matches
 * only its key and its exact sentence, so one left behind after a rewording excuses nothing else.
 */
const ALLOWED: { lang: Language; where: string; sentence: string; why: string }[] = [
  {
    lang: "de",
    where: "application.thanksLead",
    sentence: "Sie ist sicher bei uns angekommen",
    why: "sie = die Bewerbung (the application), after the heading thanking for it",
  },
  {
    lang: "de",
    where: "suggestPlace.proposerEmailHint",
    sentence: "Sie wird nie veröffentlicht",
    why: "sie = die E-Mail-Adresse the field asks for",
  },
  {
    lang: "de",
    where: "suggestCorrection.proposerEmailHint",
    sentence: "Sie wird nie veröffentlicht",
    why: "sie = die E-Mail-Adresse the field asks for",
  },
];

function otherForm(lang: Language, text: string): Finding[] {
  const marks = OTHER_FORM[lang];
  if (!marks) return [];
  const found: Finding[] = [];
  for (const m of text.matchAll(marks.anywhere))
    found.push({ word: m[0], index: m.index, sentenceInitial: startsSentence(text, m.index) });
  if (marks.sentenceStart)
    for (const m of text.matchAll(marks.sentenceStart))
      if (startsSentence(text, m.index)) found.push({ word: m[0], index: m.index, sentenceInitial: true });
  return found;
}

/** The findings that no allowed sentence explains, as readable lines. */
function problems(lang: Language, where: string, text: string): string[] {
  return otherForm(lang, text)
    .filter(
      (f) =>
        !(
          f.sentenceInitial &&
          ALLOWED.some((a) => a.lang === lang && a.where === where && text.startsWith(a.sentence, f.index))
        ),
    )
    .map((f) => `${lang} ${where}: "${f.word}" in “${text.slice(Math.max(0, f.index - 30), f.index + 40)}”`);
}

type Tree = { [key: string]: string | Tree };
function* flatten(tree: Tree, prefix = ""): Generator<[string, string]> {
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") yield [full, value];
    else yield* flatten(value, full);
  }
}

/** Every text the site ships in a language other than English, with where it comes from. */
function shippedTexts(): { lang: Language; where: string; text: string }[] {
  const out: { lang: Language; where: string; text: string }[] = [];
  for (const lang of LANGUAGES)
    for (const [key, text] of flatten(MESSAGES[lang] as Tree)) out.push({ lang, where: key, text });
  for (const [lang, texts] of Object.entries(DEFAULT_PAGE_TEXT_TRANSLATIONS))
    for (const [key, text] of Object.entries(texts ?? {}))
      if (isLanguage(lang) && typeof text === "string") out.push({ lang, where: `page-text:${key}`, text });
  for (const [name, demo] of Object.entries({ ...DEMO_LOCATION_LANGUAGES, ...DEMO_PROGRAM_LANGUAGES })) {
    for (const [field, text] of Object.entries(demo.original ?? {}))
      out.push({ lang: demo.language ?? "en", where: `demo:${name}.${field}`, text });
    for (const [lang, fields] of Object.entries(demo.translations))
      for (const [field, text] of Object.entries(fields ?? {}))
        if (isLanguage(lang) && typeof text === "string") out.push({ lang, where: `demo:${name}.${field}`, text });
  }
  return out;
}

describe("form of address", () => {
  it("finds the other form where it is written, and lets the allowed sentences be", () => {
    // The check itself, on sentences it must catch and must leave alone.
    expect(problems("de", "x", "Entdecken Sie nachhaltige Lebensweisen und finden Sie Ihre nächste")).toHaveLength(3);
    expect(problems("de", "x", "Wo immer Sie sind.")).toHaveLength(1);
    expect(problems("de", "x", "Ihnen gefällt es? Dann los.")).toHaveLength(1);
    expect(problems("de", "x", "Frag die Lehrenden, ob sie Plätze haben, und ihr seid dabei.")).toEqual([]);
    expect(problems("de", "suggestPlace.proposerEmailHint", "Nur dann. Sie wird nie veröffentlicht.")).toEqual([]);
    expect(problems("de", "suggestPlace.proposerEmailHint", "Nur dann, Sie wird nie veröffentlicht.")).toHaveLength(1);
    expect(problems("es", "x", "Escriba su nombre.")).toHaveLength(1);
    expect(problems("es", "x", "Cualquiera que busque un curso. Escribe tu nombre.")).toEqual([]);
    expect(problems("es", "x", "Si usted quiere")).toHaveLength(1);
    expect(problems("pt", "x", "Inscreve-te e descobre o teu curso")).toHaveLength(2);
    expect(problems("pt", "x", "Até você encontrar tudo o que procura")).toEqual([]);
    expect(problems("fr", "x", "Inscris-toi et choisis ta formation, t’inscrire")).toHaveLength(3);
    expect(problems("fr", "x", "Choisissez votre formation, tel quel.")).toEqual([]);
  });

  it("is the one each language's messages, page texts and demo translations use", () => {
    const found = shippedTexts().flatMap((t) => problems(t.lang, t.where, t.text));
    expect(found).toEqual([]);
  });
});
