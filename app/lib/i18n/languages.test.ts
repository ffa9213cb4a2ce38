import { describe, expect, it } from "vitest";
import { languageFromPath, localizedPath, stripLanguage } from "./languages";

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
