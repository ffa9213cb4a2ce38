import type { NavigationPages, NavPageKey } from "~/lib/nav-pages";
import { REGIONS, RESOURCE_TYPES } from "~/lib/taxonomy";

/** A site link; `page` names the navigation-settings key that can hide it (none = always shown). */
export type SiteLink = { to: string; label: string; page?: NavPageKey };

export type ExploreKey = "locations" | "change-makers" | "resources" | "programs";
export type ExploreEntry = SiteLink & { key: ExploreKey; blurb: string };

/** The Explore dropdown's entries, in the header's order. */
export const EXPLORE_ENTRIES: readonly ExploreEntry[] = [
  {
    key: "locations",
    to: "/locations",
    label: "Locations",
    page: "locations",
    blurb: "Farms, schools and ecovillages by region.",
  },
  {
    key: "change-makers",
    to: "/change-makers",
    label: "Change-Makers",
    page: "changeMakers",
    blurb: "People leading regenerative work around the world.",
  },
  {
    key: "resources",
    to: "/resources",
    label: "Resources",
    page: "resources",
    blurb: "Websites, channels, books and more to keep learning.",
  },
  {
    key: "programs",
    to: "/programs",
    label: "Programs",
    page: "programs",
    blurb: "Courses and certificates you can join.",
  },
];

/** Desktop header links around the Explore dropdown (Explore sits after Home). */
export const HEADER_LINKS_BEFORE_EXPLORE: readonly SiteLink[] = [{ to: "/", label: "Home", page: "home" }];
export const HEADER_LINKS_AFTER_EXPLORE: readonly SiteLink[] = [
  { to: "/map", label: "Map" },
  { to: "/application", label: "Application" },
  { to: "/about", label: "About Us", page: "about" },
  { to: "/podcast", label: "Podcast", page: "podcast" },
  { to: "/newsletter", label: "Newsletter" },
];

export const FOOTER_QUICK_LINKS: readonly SiteLink[] = [
  { to: "/map", label: "Map" },
  { to: "/locations", label: "Locations", page: "locations" },
  { to: "/change-makers", label: "Change-Makers", page: "changeMakers" },
  { to: "/programs", label: "Programs", page: "programs" },
  { to: "/resources", label: "Resources", page: "resources" },
  { to: "/application", label: "Application" },
  { to: "/about", label: "About Us", page: "about" },
  { to: "/podcast", label: "Podcast", page: "podcast" },
  { to: "/newsletter", label: "Newsletter" },
];

export type BottomBarIcon = "map" | "programs" | "apply" | "locations" | "podcast";
/** `section`: the address prefix of the detail pages a shortcut's list leads to (a program's page is in Programs). */
export const BOTTOM_BAR_LINKS: readonly (SiteLink & { icon: BottomBarIcon; section?: string })[] = [
  { to: "/map", label: "Map", icon: "map" },
  { to: "/programs", label: "Programs", page: "programs", icon: "programs", section: "/program/" },
  { to: "/application", label: "Apply", icon: "apply" },
  { to: "/locations", label: "Locations", page: "locations", icon: "locations", section: "/location/" },
  { to: "/podcast", label: "Podcast", page: "podcast", icon: "podcast" },
];

/** Region filter links of the Explore > Locations panel. */
export const REGION_LINKS: readonly SiteLink[] = REGIONS.map((r) => ({
  to: `/locations?region=${r.key}`,
  label: r.name,
}));

/** Resource-type filter links; encodeURIComponent keeps spaces as %20 ("youtube%20channel"), as the site's URLs always have. */
export const RESOURCE_TYPE_LINKS: readonly SiteLink[] = RESOURCE_TYPES.map((t) => ({
  to: `/resources?type=${encodeURIComponent(t.value)}`,
  label: t.label,
}));

/** Drops links whose page the navigation settings hide. */
export function visibleLinks<T extends SiteLink>(links: readonly T[], pages: NavigationPages): T[] {
  return links.filter((l) => !l.page || pages[l.page]);
}
