import { describe, expect, it } from "vitest";
import { issueInLanguage, issueLanguageStates } from "./issue-translations";

const issue = {
  subject: "Frühling",
  body: "Neue Orte.",
  language: "de",
  translations: { es: { subject: "Primavera", body: "Lugares nuevos." }, fr: { subject: "Printemps", body: "  " } },
};

describe("issueInLanguage", () => {
  it("gives a reader their language's translation when subject and text are both translated", () => {
    expect(issueInLanguage(issue, "es")).toEqual({
      subject: "Primavera",
      body: "Lugares nuevos.",
      lang: "es",
      translated: true,
    });
  });

  it("gives the whole original, in its language, when the translation is missing or half done", () => {
    const original = { subject: "Frühling", body: "Neue Orte.", lang: "de", translated: false };
    expect(issueInLanguage(issue, "fr")).toEqual(original);
    expect(issueInLanguage(issue, "pt")).toEqual(original);
    expect(issueInLanguage(issue, "de")).toEqual(original);
  });

  it("reads an unknown stored language as English and ignores stored values that are not texts", () => {
    const odd = { subject: "Spring", body: "", language: "xx", translations: { es: { subject: 3 }, zz: {} } };
    expect(issueInLanguage(odd, "es")).toEqual({ subject: "Spring", body: "", lang: "en", translated: false });
    expect(issueLanguageStates(odd)).toEqual({
      en: "original",
      es: "untranslated",
      pt: "untranslated",
      fr: "untranslated",
      de: "untranslated",
    });
  });

  it("tells per language what its readers get", () => {
    expect(issueLanguageStates(issue)).toEqual({
      en: "untranslated",
      es: "translated",
      pt: "untranslated",
      fr: "incomplete",
      de: "original",
    });
  });
});
