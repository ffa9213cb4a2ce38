import { createInstance, type i18n as I18n } from "i18next";
import type { Language } from "./languages";

/** One language's messages, as its `app/locales/<lang>.json` holds them (nested keys, i18next plural suffixes). */
export type Messages = { [key: string]: string | Messages };

const instances = new Map<Language, I18n>();

/**
 * The i18next instance for a language, made once from that language's messages and then reused (on the server for
 * every request in that language; in the browser for the page's one language). Initialised synchronously: the
 * messages are already here, nothing is fetched.
 */
export function i18nFor(lang: Language, messages: Messages | undefined): I18n {
  const known = instances.get(lang);
  if (known) return known;
  const instance = createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation: messages ?? {} } },
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // Without messages (the root's data is missing) the instance is not kept: the next page brings them.
  if (messages) instances.set(lang, instance);
  return instance;
}
