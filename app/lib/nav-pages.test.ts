import { expect, it } from "vitest";
import { ALL_PAGES_VISIBLE, hiddenPagesKey, NAV_PAGE_KEYS, pagesFromHiddenKey } from "./nav-pages";
import { normalizeNavigation } from "./navigation";

it("every navigation page is visible by default, and a stored false hides only that page", () => {
  expect(Object.keys(ALL_PAGES_VISIBLE).sort()).toEqual([...NAV_PAGE_KEYS].sort());
  expect(Object.values(ALL_PAGES_VISIBLE).every(Boolean)).toBe(true);
  const pages = normalizeNavigation({ pages: { podcast: false, unknown: false } });
  expect(pages.podcast).toBe(false);
  expect(Object.entries(pages).filter(([, v]) => !v)).toEqual([["podcast", false]]);
});

it("an unreadable document shows every page", () => {
  expect(normalizeNavigation("nonsense")).toEqual(ALL_PAGES_VISIBLE);
  expect(normalizeNavigation({ pages: { home: "no" } })).toEqual(ALL_PAGES_VISIBLE);
});

it("the hidden-pages key round-trips", () => {
  const pages = { ...ALL_PAGES_VISIBLE, podcast: false, about: false };
  expect(hiddenPagesKey(pages)).toBe("about,podcast");
  expect(pagesFromHiddenKey(hiddenPagesKey(pages))).toEqual(pages);
  expect(pagesFromHiddenKey("")).toEqual(ALL_PAGES_VISIBLE);
});
