import { type Language, languageFromPath } from "~/lib/i18n/languages";
import { messageGroups, messagePage } from "~/lib/i18n/page-messages";
import { type Messages, type Translate, translateFor } from "~/lib/i18n/translate";
import de from "~/locales/de.json";
import en from "~/locales/en.json";
import es from "~/locales/es.json";
import fr from "~/locales/fr.json";
import pt from "~/locales/pt.json";

/**
 * Every language's messages, on the server only: a page's root data carries its own language's to the browser, so
 * no client bundle holds them.
 */
export const MESSAGES: Record<Language, Messages> = { en, es, pt, fr, de };

const pageJson = new Map<string, string>();

/**
 * The messages a page at `pathname` needs in its language, as the JSON text the root data sends (see
 * `messagesFromJson`): its shell's groups and its own (`page-messages.ts`). Written once per language and kind of
 * page.
 */
export function pageMessagesJson(lang: Language, pathname: string): string {
  const page = messagePage(pathname);
  const key = `${lang} ${page ?? "(all)"}`;
  let json = pageJson.get(key);
  if (json === undefined) {
    const groups = messageGroups(page);
    const all = MESSAGES[lang];
    json = JSON.stringify(groups ? Object.fromEntries(groups.map((group) => [group, all[group]])) : all);
    pageJson.set(key, json);
  }
  return json;
}

/** The message function of a language, for server code: loaders' and actions' texts, e-mails, feeds. */
export function serverTranslate(lang: Language): Translate {
  return translateFor(lang, MESSAGES[lang]);
}

/** The message function of the language a request's page is in (its path's), with that language. */
export function requestTranslate(request: Request): { t: Translate; lang: Language } {
  const lang = languageFromPath(new URL(request.url).pathname);
  return { t: serverTranslate(lang), lang };
}
