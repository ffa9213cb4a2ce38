import type { NavigationPages, NavPageKey } from "~/lib/nav-pages";

/**
 * A site link: its English address (each page's language prefixes it), its label's message key, and `page`, the
 * navigation-settings key that can hide it (none = always shown).
 */
export type SiteLink = { to: string; label: string; page?: NavPageKey };

export type ExploreKey = "locations" | "change-makers" | "resources" | "programs";
export type ExploreEntry = SiteLink & { key: ExploreKey; blurb: string };

/** The Explore dropdown's entries, in the header's order. */
export const EXPLORE_ENTRIES: readonly ExploreEntry[] = [
  {
    key: "locations",
    to: "/locations",
    label: "nav.locations",
    page: "locations",
    blurb: "explore.locationsBlurb",
  },
  {
    key: "change-makers",
    to: "/change-makers",
    label: "nav.changeMakers",
    page: "changeMakers",
    blurb: "explore.changeMakersBlurb",
  },
  {
    key: "resources",
    to: "/resources",
    label: "nav.resources",
    page: "resources",
    blurb: "explore.resourcesBlurb",
  },
  {
    key: "programs",
    to: "/programs",
    label: "nav.programs",
    page: "programs",
    blurb: "explore.programsBlurb",
  },
];

/** Desktop header links around the Explore dropdown (Explore sits after Home). */
export const HEADER_LINKS_BEFORE_EXPLORE: readonly SiteLink[] = [{ to: "/", label: "nav.home", page: "home" }];
export const HEADER_LINKS_AFTER_EXPLORE: readonly SiteLink[] = [
  { to: "/map", label: "nav.map" },
  { to: "/application", label: "nav.application" },
  { to: "/about", label: "nav.about", page: "about" },
  { to: "/podcast", label: "nav.podcast", page: "podcast" },
  { to: "/newsletter", label: "nav.newsletter" },
];

export const FOOTER_QUICK_LINKS: readonly SiteLink[] = [
  { to: "/map", label: "nav.map" },
  { to: "/locations", label: "nav.locations", page: "locations" },
  { to: "/change-makers", label: "nav.changeMakers", page: "changeMakers" },
  { to: "/programs", label: "nav.programs", page: "programs" },
  { to: "/resources", label: "nav.resources", page: "resources" },
  { to: "/application", label: "nav.application" },
  { to: "/about", label: "nav.about", page: "about" },
  { to: "/podcast", label: "nav.podcast", page: "podcast" },
  { to: "/newsletter", label: "nav.newsletter" },
];

export type BottomBarIcon = "map" | "programs" | "apply" | "locations" | "podcast";
/** `section`: the address prefix of the detail pages a shortcut's list leads to (a program's page is in Programs). */
export const BOTTOM_BAR_LINKS: readonly (SiteLink & { icon: BottomBarIcon; section?: string })[] = [
  { to: "/map", label: "nav.map", icon: "map" },
  { to: "/programs", label: "nav.programs", page: "programs", icon: "programs", section: "/program/" },
  { to: "/application", label: "nav.apply", icon: "apply" },
  { to: "/locations", label: "nav.locations", page: "locations", icon: "locations", section: "/location/" },
  { to: "/podcast", label: "nav.podcast", page: "podcast", icon: "podcast" },
];

/** Drops links whose page the navigation settings hide. */
export function visibleLinks<T extends SiteLink>(links: readonly T[], pages: NavigationPages): T[] {
  return links.filter((l) => !l.page || pages[l.page]);
}
