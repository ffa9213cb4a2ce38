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

/** Site paths that are not pages in a language: the admin area, APIs, files and feeds (a dot in the last segment). */
const NOT_A_PAGE = /^\/(?:admin|api|media|assets|login|language)(?:\/|$)|\.[a-z0-9]+$/i;

/**
 * A link's target in a language: a site page's path gets the language's prefix, its query and fragment stay; other
 * targets (the admin area, feeds, files, other sites, relative `?page=2`) are returned unchanged.
 */
export function localizeHref(href: string, lang: Language): string {
  if (!href.startsWith("/") || href.startsWith("//")) return href;
  const cut = href.search(/[?#]/);
  const path = cut === -1 ? href : href.slice(0, cut);
  if (NOT_A_PAGE.test(path)) return href;
  return localizedPath(path, lang) + (cut === -1 ? "" : href.slice(cut));
}

/** The locale `Intl` formats a language's dates and numbers with (English in the site's British style). */
export function intlLocale(lang: Language): string {
  return lang === "en" ? "en-GB" : lang;
}

/** A language's name in the page's language ("Portuguese" on an English page, "portugiesisch" on a German one). */
export function languageDisplayName(lang: Language, page: Language): string {
  try {
    let names = languageNames.get(page);
    if (!names) {
      names = new Intl.DisplayNames([page], { type: "language" });
      languageNames.set(page, names);
    }
    return names.of(lang) ?? LANGUAGE_NAMES[lang];
  } catch {
    return LANGUAGE_NAMES[lang];
  }
}

/** One set of language names per page language: making an ICU formatter costs more than using it. */
const languageNames = new Map<Language, Intl.DisplayNames>();
