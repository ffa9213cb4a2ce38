import type { NavigationPages, NavPageKey } from "../../lib/navigation";

/**
 * The navigation page keys for browser code. lib/navigation.ts holds the same list next to its Zod schema; the
 * shell keeps this copy so every public page does not download Zod (nav-pages.test.ts keeps the two equal).
 */
export const SHELL_NAV_PAGE_KEYS: readonly NavPageKey[] = [
  "home",
  "locations",
  "changeMakers",
  "about",
  "podcast",
  "resources",
  "contact",
  "programs",
];

export function allPagesVisible(): NavigationPages {
  return Object.fromEntries(SHELL_NAV_PAGE_KEYS.map((k) => [k, true])) as NavigationPages;
}
