import { ALL_PAGES_VISIBLE, NAV_PAGE_KEYS, type NavigationPages } from "./nav-pages";
import { z } from "./zod";

export { ALL_PAGES_VISIBLE, NAV_PAGE_KEYS, type NavigationPages, type NavPageKey } from "./nav-pages";

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
