import { describe, expect, it } from "vitest";
import { ALL_PAGES_VISIBLE } from "~/lib/nav-pages";
import { EXPLORE_ENTRIES, FOOTER_QUICK_LINKS, REGION_LINKS, RESOURCE_TYPE_LINKS, visibleLinks } from "./nav-links";

describe("site navigation links", () => {
  it("shows every link when all pages are visible", () => {
    expect(visibleLinks(FOOTER_QUICK_LINKS, ALL_PAGES_VISIBLE).map((l) => l.label)).toEqual([
      "Map",
      "Locations",
      "Change-Makers",
      "Programs",
      "Resources",
      "Application",
      "About Us",
      "Podcast",
      "Newsletter",
    ]);
  });

  it("hides the links of pages the navigation settings turn off, keeping the always-on ones", () => {
    const pages = { ...ALL_PAGES_VISIBLE, changeMakers: false, programs: false };
    expect(visibleLinks(EXPLORE_ENTRIES, pages).map((l) => l.label)).toEqual(["Locations", "Resources"]);
    expect(visibleLinks(FOOTER_QUICK_LINKS, pages).map((l) => l.label)).not.toContain("Programs");
    expect(visibleLinks(FOOTER_QUICK_LINKS, pages).map((l) => l.label)).toContain("Map");
  });

  it("links regions by their enum key and resource types url-encoded", () => {
    expect(REGION_LINKS.map((l) => l.to)).toEqual([
      "/locations?region=NorthAmerica",
      "/locations?region=SouthAmerica",
      "/locations?region=Europe",
      "/locations?region=Africa",
      "/locations?region=Asia",
      "/locations?region=Oceania",
    ]);
    expect(RESOURCE_TYPE_LINKS.map((l) => `${l.label} ${l.to}`)).toEqual([
      "Websites /resources?type=website",
      "YouTube Channels /resources?type=youtube%20channel",
      "Books /resources?type=book",
      "Podcasts /resources?type=podcast",
      "Articles /resources?type=article",
      "Apps /resources?type=app",
    ]);
  });
});
