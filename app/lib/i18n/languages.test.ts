import { describe, expect, it } from "vitest";
import { languageFromPath, localizedPath, localizeHref, stripLanguage } from "./languages";

describe("language paths", () => {
  it("reads the language from the first segment only when it is a prefixed language", () => {
    expect(languageFromPath("/es/locations")).toBe("es");
    expect(languageFromPath("/de")).toBe("de");
    expect(languageFromPath("/locations")).toBe("en");
    expect(languageFromPath("/en/locations")).toBe("en");
    expect(languageFromPath("/esperanto")).toBe("en");
  });

  it("moves a path between languages and keeps the rest of it", () => {
    expect(localizedPath("/location/green-acres", "pt")).toBe("/pt/location/green-acres");
    expect(localizedPath("/", "fr")).toBe("/fr");
    expect(localizedPath("/es/map", "en")).toBe("/map");
    expect(localizedPath("/es", "de")).toBe("/de");
    expect(stripLanguage("/es")).toBe("/");
  });
});

describe("localizeHref", () => {
  it("prefixes site pages and keeps their query and fragment", () => {
    expect(localizeHref("/locations?region=europe#list", "es")).toBe("/es/locations?region=europe#list");
    expect(localizeHref("/", "de")).toBe("/de");
    expect(localizeHref("/?near=1", "de")).toBe("/de?near=1");
    expect(localizeHref("/es/map", "en")).toBe("/map");
  });

  it("leaves the admin area, APIs, feeds, files, other sites and relative targets alone", () => {
    for (const href of [
      "/admin/dashboard",
      "/api/newsletter",
      "/podcast.xml",
      "/media/a.webp",
      "https://x.org/",
      "//x.org",
      "?page=2",
      "#main",
    ]) {
      expect(localizeHref(href, "fr")).toBe(href);
    }
  });
});
