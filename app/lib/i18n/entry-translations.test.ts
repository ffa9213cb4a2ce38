import { describe, expect, it } from "vitest";
import {
  canonicalTranslations,
  foreignLanguage,
  languageDisplayName,
  localizeEntry,
  pageTextLanguage,
  readEntryLanguageForm,
  translationsSchema,
} from "./entry-translations";

const place = {
  name: "Quinta do Sol",
  shortDescription: "Uma quinta de permacultura.",
  longDescription: "Texto longo.",
  language: "pt",
  translations: { en: { name: "Sun Farm", shortDescription: "A permaculture farm." }, de: { name: "" } },
};
const FIELDS = ["name", "shortDescription", "longDescription"] as const;

describe("localizeEntry", () => {
  it("shows the translation for the page's language, field by field, and the original where there is none", () => {
    const shown = localizeEntry(place, FIELDS, "en");
    expect(shown.original).toBe("pt");
    expect(shown.fields.name).toEqual({ text: "Sun Farm", lang: "en", translated: true });
    expect(shown.fields.shortDescription).toEqual({ text: "A permaculture farm.", lang: "en", translated: true });
    // Partial: no English long description, so the Portuguese original, marked as Portuguese.
    expect(shown.fields.longDescription).toEqual({ text: "Texto longo.", lang: "pt", translated: false });
    expect(foreignLanguage(shown.fields.longDescription, "en")).toBe("pt");
    expect(foreignLanguage(shown.fields.name, "en")).toBeNull();
  });

  it("shows the original when the page is in the original's language, or when a translation is blank or absent", () => {
    expect(localizeEntry(place, FIELDS, "pt").fields.name).toEqual({
      text: "Quinta do Sol",
      lang: "pt",
      translated: false,
    });
    expect(localizeEntry(place, FIELDS, "de").fields.name).toEqual({
      text: "Quinta do Sol",
      lang: "pt",
      translated: false,
    });
    expect(localizeEntry(place, FIELDS, "fr").fields.shortDescription.lang).toBe("pt");
  });

  it("reads an English entry without translations as before, and a stored value it does not know as English", () => {
    const plain = localizeEntry({ name: "Green Acres", shortDescription: "", longDescription: "" }, FIELDS, "en");
    expect(plain.original).toBe("en");
    expect(plain.fields.name).toEqual({ text: "Green Acres", lang: "en", translated: false });
    expect(foreignLanguage(plain.fields.name, "en")).toBeNull();
    const odd = localizeEntry({ ...place, language: "xx", translations: "nonsense" }, FIELDS, "es");
    expect(odd.original).toBe("en");
    expect(odd.fields.name.text).toBe("Quinta do Sol");
  });

  it("names a language in the page's language", () => {
    expect(languageDisplayName("pt", "en")).toBe("Portuguese");
    expect(languageDisplayName("pt", "de")).toBe("Portugiesisch");
  });
});

describe("readEntryLanguageForm", () => {
  it("merges posted translations into the stored ones; a blank field removes its translation", () => {
    const r = readEntryLanguageForm(
      "location",
      { language: "pt", "tr.es.name": " Granja del Sol ", "tr.en.shortDescription": "" },
      place,
    );
    expect(r).toEqual({
      ok: true,
      value: { language: "pt", translations: { en: { name: "Sun Farm" }, es: { name: "Granja del Sol" } } },
    });
  });

  it("keeps the stored language and translations when the form sends neither", () => {
    const r = readEntryLanguageForm("location", { name: "Quinta do Sol" }, place);
    expect(r).toEqual({ ok: true, value: { language: "pt", translations: canonicalTranslations(place.translations) } });
  });

  it("refuses an unknown language, a field that cannot be translated and a text over the original's limit", () => {
    const r = readEntryLanguageForm(
      "program",
      { language: "xx", "tr.xx.name": "Nom", "tr.es.educators": "Ana", "tr.de.name": "a".repeat(121) },
      null,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.language).toMatch(/site's languages/);
    expect(r.errors["tr.xx.name"]).toMatch(/site's languages/);
    expect(r.errors["tr.es.educators"]).toMatch(/name and text fields/);
    expect(r.errors["tr.de.name"]).toBe("Name in German must be 120 characters or fewer.");
  });

  it("checks a stored translations object the same way", () => {
    const schema = translationsSchema("resource");
    expect(schema.safeParse({ es: { title: "Guía" } }).success).toBe(true);
    expect(schema.safeParse({ xx: { title: "Guía" } }).success).toBe(false);
    expect(schema.safeParse({ es: { url: "https://example.org" } }).success).toBe(false);
    expect(schema.safeParse({ es: { description: "d".repeat(2001) } }).success).toBe(false);
  });

  it("orders keys as Postgres keeps them, so an unchanged save compares equal", () => {
    const c = canonicalTranslations({ pt: { shortDescription: "b", name: "a" }, de: { name: "c" } });
    expect(JSON.stringify(c)).toBe('{"de":{"name":"c"},"pt":{"name":"a","shortDescription":"b"}}');
  });
});

describe("pageTextLanguage", () => {
  it("marks a site text shown in another language than the page's, and nothing otherwise", () => {
    expect(pageTextLanguage("en", "en")).toEqual({ lang: null, note: null });
    expect(pageTextLanguage("es", "es")).toEqual({ lang: null, note: null });
    expect(pageTextLanguage("en", "de")).toEqual({ lang: "en", note: "en" });
  });
});
