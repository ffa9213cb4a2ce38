/**
 * The pages the `navigation` settings document can hide. Kept free of Zod so the shell, on every
 * public page, can use the list without downloading the validation library (lib/navigation.ts holds the schema).
 */
export const NAV_PAGE_KEYS = [
  "home",
  "locations",
  "changeMakers",
  "about",
  "podcast",
  "resources",
  "contact",
  "programs",
] as const;
export type NavPageKey = (typeof NAV_PAGE_KEYS)[number];
export type NavigationPages = Record<NavPageKey, boolean>;

export const ALL_PAGES_VISIBLE: Readonly<NavigationPages> = Object.freeze(
  Object.fromEntries(NAV_PAGE_KEYS.map((k) => [k, true])) as NavigationPages,
);

/** The hidden pages as one string ("about,podcast"): a primitive prop, so memoised parts compare it by value. */
export function hiddenPagesKey(pages: NavigationPages): string {
  return NAV_PAGE_KEYS.filter((k) => !pages[k]).join(",");
}

export function pagesFromHiddenKey(key: string): NavigationPages {
  const hidden = new Set(key.split(","));
  return Object.fromEntries(NAV_PAGE_KEYS.map((k) => [k, !hidden.has(k)])) as NavigationPages;
}
