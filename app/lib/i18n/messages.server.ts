import de from "~/locales/de.json";
import en from "~/locales/en.json";
import es from "~/locales/es.json";
import fr from "~/locales/fr.json";
import pt from "~/locales/pt.json";
import { type Language, languageFromPath } from "./languages";
import { type Messages, type Translate, translateFor } from "./translate";

/**
 * Every language's messages, on the server only: a page's root data carries its own language's to the browser, so
 * no client bundle holds them.
 */
export const MESSAGES: Record<Language, Messages> = { en, es, pt, fr, de };

/** Each language's messages as the JSON text the root data sends (written once; see `messagesFromJson`). */
export const MESSAGES_JSON = Object.fromEntries(
  Object.entries(MESSAGES).map(([lang, messages]) => [lang, JSON.stringify(messages)]),
) as Record<Language, string>;

/** The message function of a language, for server code: loaders' and actions' texts, e-mails, feeds. */
export function serverTranslate(lang: Language): Translate {
  return translateFor(lang, MESSAGES[lang]);
}

/** The message function of the language a request's page is in (its path's), with that language. */
export function requestTranslate(request: Request): { t: Translate; lang: Language } {
  const lang = languageFromPath(new URL(request.url).pathname);
  return { t: serverTranslate(lang), lang };
}
