import type { Language } from "./languages";

/**
 * The few public strings that entries in several languages add, per page language. `{language}` is the language's
 * name in the page's language (Intl.DisplayNames), written as the sentence needs it.
 */
export const CONTENT_MESSAGES: Record<Language, { shownIn: string }> = {
  en: { shownIn: "Shown in {language}" },
  es: { shownIn: "Texto en {language}" },
  pt: { shownIn: "Texto em {language}" },
  fr: { shownIn: "Texte en {language}" },
  de: { shownIn: "Text auf {language}" },
};

/** "Shown in Portuguese" in the page's language. */
export function shownInMessage(page: Language, languageName: string): string {
  return CONTENT_MESSAGES[page].shownIn.replace("{language}", languageName);
}
