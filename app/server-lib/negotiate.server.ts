import Negotiator from "negotiator";
import { LANGUAGE_COOKIE } from "~/lib/cookie-names";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from "~/lib/i18n/languages";

const CHOICE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`);

/** The language the visitor chose with the switcher (the preference cookie), if any. */
export function chosenLanguage(cookieHeader: string | undefined | null): Language | null {
  const value = cookieHeader?.match(CHOICE)?.[1]?.trim();
  return isLanguage(value) ? value : null;
}

/**
 * The language `/` is shown in: the visitor's own choice when there is one (English included), otherwise the
 * first supported language the browser's Accept-Language asks for, otherwise English.
 */
export function homeLanguage(headers: { cookie?: string | null; acceptLanguage?: string | null }): Language {
  const chosen = chosenLanguage(headers.cookie);
  if (chosen) return chosen;
  if (!headers.acceptLanguage) return DEFAULT_LANGUAGE;
  // Negotiator matches "pt-BR" to "pt" and honours q-values; it returns the best of the offered languages.
  const [best] = new Negotiator({ headers: { "accept-language": headers.acceptLanguage } }).languages([...LANGUAGES]);
  return isLanguage(best) ? best : DEFAULT_LANGUAGE;
}

/** The preference cookie that remembers a language choice for a year. */
export function languageCookie(lang: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}
