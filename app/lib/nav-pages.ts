/**
 * The pages the `navigation` settings document can hide (spec section 3). Kept free of Zod so the shell, on every
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

export function allPagesVisible(): NavigationPages {
  return Object.fromEntries(NAV_PAGE_KEYS.map((k) => [k, true])) as NavigationPages;
}

export const ALL_PAGES_VISIBLE: NavigationPages = Object.freeze(allPagesVisible());
