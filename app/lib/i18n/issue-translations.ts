import { asTranslations, originalLanguage } from "./entry-translations";
import { LANGUAGES, type Language } from "./languages";

/** A newsletter issue's texts as stored: the original subject and body, its language and its translations. */
export type IssueTexts = { subject: string; body: string; language?: unknown; translations?: unknown };

/** An issue as one language's readers get it: the subject and body, and the language they are actually in. */
export type IssueInLanguage = { subject: string; body: string; lang: Language; translated: boolean };

/**
 * The issue for a reader of `lang`: its translation into that language when both subject and body are translated,
 * otherwise the original, whole. An issue is one message, so a subject in one language above a text in another is
 * never sent; a half-done translation waits until it is complete.
 */
export function issueInLanguage(issue: IssueTexts, lang: Language): IssueInLanguage {
  const original = originalLanguage(issue.language);
  const own = lang === original ? undefined : asTranslations(issue.translations)[lang];
  const subject = own?.subject?.trim() ?? "";
  const body = own?.body?.trim() ?? "";
  if (subject !== "" && body !== "") return { subject, body: own?.body ?? "", lang, translated: true };
  return { subject: issue.subject, body: issue.body, lang: original, translated: false };
}

/**
 * For each site language, what its subscribers get: the original, a complete translation, a translation with
 * only one of subject and body (they get the original), or no translation (they get the original).
 */
export type IssueLanguageState = "original" | "translated" | "incomplete" | "untranslated";

export function issueLanguageStates(issue: IssueTexts): Record<Language, IssueLanguageState> {
  const original = originalLanguage(issue.language);
  const stored = asTranslations(issue.translations);
  const out = {} as Record<Language, IssueLanguageState>;
  for (const lang of LANGUAGES) {
    if (lang === original) out[lang] = "original";
    else if (issueInLanguage(issue, lang).translated) out[lang] = "translated";
    else if (stored[lang]?.subject?.trim() || stored[lang]?.body?.trim()) out[lang] = "incomplete";
    else out[lang] = "untranslated";
  }
  return out;
}
