import { describe, expect, it } from "vitest";
import { translateFor } from "~/lib/i18n/translate";
import { ALL_PAGES_VISIBLE } from "~/lib/nav-pages";
import { MESSAGES } from "~/server-lib/messages.server";
import { FOOTER_QUICK_LINK_NAMES } from "~tests/helpers/footer-links";
import { REGION_LINKS, RESOURCE_TYPE_LINKS } from "./explore-links";
import { EXPLORE_ENTRIES, FOOTER_QUICK_LINKS, visibleLinks } from "./nav-links";

const en = { t: translateFor("en", MESSAGES.en) };
const de = { t: translateFor("de", MESSAGES.de) };
const english = (l: { label: string }) => en.t(l.label);

describe("site navigation links", () => {
  it("shows every link when all pages are visible", () => {
    expect(visibleLinks(FOOTER_QUICK_LINKS, ALL_PAGES_VISIBLE).map(english)).toEqual(FOOTER_QUICK_LINK_NAMES);
  });

  it("hides the links of pages the navigation settings turn off, keeping the always-on ones", () => {
    const pages = { ...ALL_PAGES_VISIBLE, changeMakers: false, programs: false };
    expect(visibleLinks(EXPLORE_ENTRIES, pages).map(english)).toEqual(["Locations", "Resources"]);
    expect(visibleLinks(FOOTER_QUICK_LINKS, pages).map(english)).not.toContain("Programs");
    expect(visibleLinks(FOOTER_QUICK_LINKS, pages).map(english)).toContain("Map");
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
    expect(RESOURCE_TYPE_LINKS.map((l) => `${english(l)} ${l.to}`)).toEqual([
      "Websites /resources?type=website",
      "YouTube Channels /resources?type=youtube%20channel",
      "Books /resources?type=book",
      "Podcasts /resources?type=podcast",
      "Articles /resources?type=article",
      "Apps /resources?type=app",
    ]);
  });

  it("names every link in each language", () => {
    expect(FOOTER_QUICK_LINKS.map((l) => de.t(l.label)).slice(0, 3)).toEqual(["Karte", "Orte", "Change-Maker"]);
    expect(REGION_LINKS.map((l) => de.t(l.label))).toContain("Südamerika");
  });
});
