import { useLocation } from "react-router";
import { type Language, languageFromPath, localizeHref } from "./languages";

/** The language of the page being shown: its path's. */
export function useLanguage(): Language {
  return languageFromPath(useLocation().pathname);
}

/** Turns a site page's English address into the current page's language's (`/locations` → `/es/locations`). */
export function useLocalizeHref(): (href: string) => string {
  const lang = useLanguage();
  return (href) => localizeHref(href, lang);
}
