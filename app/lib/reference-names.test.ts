import { describe, expect, it } from "vitest";
import { countryChoices, countryCode, countryLabel, referenceName, withReferenceNames } from "./reference-names";

describe("countries in the page's language", () => {
  it("names a stored English country name in each language, and keeps English as stored", () => {
    expect(countryLabel("Germany", "es")).toBe("Alemania");
    expect(countryLabel("Germany", "de")).toBe("Deutschland");
    expect(countryLabel("United States", "fr")).toBe("États-Unis");
    expect(countryLabel("Kenya", "pt")).toBe("Quênia");
    expect(countryLabel("Czech Republic", "en")).toBe("Czech Republic");
  });

  it("knows the names people type besides Intl's own", () => {
    expect(countryCode("Czech Republic")).toBe("CZ");
    expect(countryCode("USA")).toBe("US");
    expect(countryCode("the Netherlands")).toBe("NL");
    expect(countryCode("St. Lucia")).toBe("LC");
    expect(countryCode("Saint Lucia")).toBe("LC");
    expect(countryCode("cote d'ivoire")).toBe("CI");
    expect(countryCode("Myanmar")).toBe("MM");
    expect(countryCode("Trinidad and Tobago")).toBe("TT");
  });

  it("offers choices by stored name, labelled and sorted in the page's language; English keeps its order", () => {
    expect(countryChoices(["Germany", "Austria", "Spain"], "es")).toEqual([
      { value: "Germany", label: "Alemania" },
      { value: "Austria", label: "Austria" },
      { value: "Spain", label: "España" },
    ]);
    expect(countryChoices(["Germany", "Austria"], "en").map((c) => c.label)).toEqual(["Germany", "Austria"]);
  });

  it("shows text that names no country as it is", () => {
    expect(countryLabel("Cascadia", "de")).toBe("Cascadia");
    expect(countryLabel("", "es")).toBe("");
    expect(countryLabel("England", "fr")).toBe("England");
  });
});

describe("reference names", () => {
  const andes = { name: "Andes", translations: { de: "Anden", es: "  " } };
  it("shows the translation for the page's language, else the stored name", () => {
    expect(referenceName(andes, "de")).toBe("Anden");
    expect(referenceName(andes, "es")).toBe("Andes");
    expect(referenceName(andes, "fr")).toBe("Andes");
    expect(referenceName({ name: "Andes", translations: { de: "Anden" } }, "en")).toBe("Andes");
    expect(withReferenceNames([andes], "de")).toEqual([{ ...andes, name: "Anden" }]);
  });
});
