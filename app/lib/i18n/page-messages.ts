import { stripLanguage } from "./languages";

/**
 * Which groups of messages (the top-level keys of a language file) each public page sends to the browser
 * (decision 044). Every page gets the groups its shell uses (header, footer, search box, error and 404 texts);
 * each kind of page adds the groups its own modules name. `page-messages.test.ts` walks each route's imports and
 * fails when a page lacks a group its code uses, or lists one it does not.
 *
 * Server code translates with every message (`serverTranslate`), so what a loader or action says never depends
 * on these lists.
 */
export const SHELL_GROUPS = [
  "error",
  "explore",
  "footer",
  "nav",
  "newsletter",
  "notFound",
  "region",
  "resourceType",
  "rest",
  "search",
  "searchPage",
  "shell",
  "toast",
] as const;

/**
 * A page's own groups, by the first segment of its address below the language (`""` is the home page), or its first
 * two where a module serves pages under two first segments (a mailing list's link pages: one module for both lists).
 */
const LINK_PAGE_GROUPS = ["newsletterPage", "podcast"];

export const PAGE_GROUPS: Readonly<Record<string, readonly string[]>> = {
  "": ["content", "format", "home", "map"],
  about: ["content", "legal", "suggestPlace", "validation"],
  application: ["application", "formCommon", "suggestPlace", "validation"],
  "change-makers": [
    "changeMaker",
    "changeMakers",
    "content",
    "contribution",
    "entry",
    "format",
    "location",
    "suggestPlace",
    "validation",
  ],
  entry: ["entryConfirm"],
  location: ["content", "contribution", "format", "location", "map"],
  locations: ["content", "filters", "locations", "pagination", "suggestPlace", "validation"],
  map: ["filters", "map"],
  newsletter: ["newsletterPage"],
  "newsletter/confirm": LINK_PAGE_GROUPS,
  "newsletter/unsubscribe": LINK_PAGE_GROUPS,
  podcast: ["content", "feeds", "format", "podcast", "suggestPlace", "validation"],
  "podcast/confirm": LINK_PAGE_GROUPS,
  "podcast/unsubscribe": LINK_PAGE_GROUPS,
  privacy: ["content", "format", "legal"],
  program: ["content", "contribution", "entry", "format", "location", "program", "suggestPlace", "validation"],
  programs: ["format", "programs", "suggestPlace", "validation"],
  resources: ["content", "entry", "resources", "suggestPlace", "validation"],
  search: [],
  "suggest-a-correction": ["contribution", "formCommon", "suggestCorrection", "suggestPlace", "validation"],
  "suggest-a-place": ["contribution", "formCommon", "suggestPlace", "validation"],
  terms: ["content", "format", "legal"],
};

/**
 * The kind of page an address is, for its messages: its first two segments below the language where `PAGE_GROUPS`
 * names them, else its first; null outside the site.
 */
export function messagePage(pathname: string): string | null {
  const path = stripLanguage(pathname);
  if (path.startsWith("/admin")) return null;
  const [, first = "", second] = path.split("/", 3);
  if (second !== undefined && Object.hasOwn(PAGE_GROUPS, `${first}/${second}`)) return `${first}/${second}`;
  return Object.hasOwn(PAGE_GROUPS, first) ? first : "*";
}

/** The message groups a kind of page (`messagePage`) sends; null means every group (the admin area, English only). */
export function messageGroups(page: string | null): readonly string[] | null {
  if (page === null) return null;
  return [...SHELL_GROUPS, ...(PAGE_GROUPS[page] ?? [])];
}
