import { z } from "./zod";

/** The pages the `navigation` settings document can hide (spec section 3). */
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

export const ALL_PAGES_VISIBLE: NavigationPages = Object.freeze(
  Object.fromEntries(NAV_PAGE_KEYS.map((k) => [k, true])) as NavigationPages,
);

export const NavigationDocumentSchema = z.object({
  pages: z.record(z.string(), z.boolean()).default({}),
});

/** Reads a stored document leniently: any page not set to `false` is visible. */
export function normalizeNavigation(value: unknown): NavigationPages {
  const parsed = NavigationDocumentSchema.safeParse(value);
  if (!parsed.success) return { ...ALL_PAGES_VISIBLE };
  const pages = { ...ALL_PAGES_VISIBLE };
  for (const key of NAV_PAGE_KEYS) {
    if (parsed.data.pages[key] === false) pages[key] = false;
  }
  return pages;
}
