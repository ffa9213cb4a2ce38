/**
 * The languages the public site speaks. English is the default and keeps today's unprefixed URLs; every other
 * language lives under its code (`/es/locations`, `/pt/location/<slug>`).
 */
export const LANGUAGES = ["en", "es", "pt", "fr", "de"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** Each language's name in itself, as a language switcher shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  es: "Español",
  pt: "Português",
  fr: "Français",
  de: "Deutsch",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language a site path is in: its first segment when that is a prefixed language, else English. */
export function languageFromPath(pathname: string): Language {
  const first = pathname.split("/", 2)[1] ?? "";
  return first !== DEFAULT_LANGUAGE && isLanguage(first) ? first : DEFAULT_LANGUAGE;
}

/** A site path without its language prefix: `/es/locations` → `/locations`, `/es` → `/`. */
export function stripLanguage(pathname: string): string {
  const lang = languageFromPath(pathname);
  if (lang === DEFAULT_LANGUAGE) return pathname;
  const rest = pathname.slice(lang.length + 1);
  return rest === "" ? "/" : rest;
}

/** The same site path in another language: (`/locations`, `es`) → `/es/locations`; (`/es/map`, `en`) → `/map`. */
export function localizedPath(pathname: string, lang: Language): string {
  const base = stripLanguage(pathname);
  if (lang === DEFAULT_LANGUAGE) return base;
  return base === "/" ? `/${lang}` : `/${lang}${base}`;
}
