import { describe, expect, it } from "vitest";
import {
  canonicalInstructionLanguages,
  INSTRUCTION_LANGUAGES,
  instructionLanguageList,
  instructionLanguageName,
  instructionLanguageOptions,
} from "./instruction-languages";
import { CORRECTION_FIELDS, readCorrection } from "./schemas/correction";
import { ProgramSchema } from "./schemas/program";

describe("languages of instruction", () => {
  it("is a bounded list of ISO 639-1 codes, the site's five first, each named by Intl in every language", () => {
    expect(INSTRUCTION_LANGUAGES.slice(0, 5)).toEqual(["en", "es", "pt", "fr", "de"]);
    expect(new Set(INSTRUCTION_LANGUAGES).size).toBe(INSTRUCTION_LANGUAGES.length);
    for (const code of INSTRUCTION_LANGUAGES) {
      expect(code).toMatch(/^[a-z]{2}$/);
      for (const page of ["en", "es", "pt", "fr", "de"] as const) {
        expect(instructionLanguageName(code, page), `${code} in ${page}`).not.toBe(code);
      }
    }
  });

  it("names the languages in the page's language, as words in a sentence or standing alone", () => {
    expect(instructionLanguageList(["pt", "en"], "en")).toBe("English and Portuguese");
    expect(instructionLanguageList(["pt", "en"], "es")).toBe("inglés y portugués");
    expect(instructionLanguageList(["pt", "en"], "es", { standAlone: true })).toBe("Inglés y portugués");
    expect(instructionLanguageList(["pt", "en"], "de")).toBe("Englisch und Portugiesisch");
    expect(instructionLanguageList(["ja"], "fr")).toBe("japonais");
    expect(instructionLanguageList([], "en")).toBe("");
    // A code that is not of the list (an old value, a typo) is left out rather than shown as it is.
    expect(instructionLanguageList(["xx", "en"], "en")).toBe("English");
  });

  it("offers choices named standing alone and sorted in the page's language", () => {
    const spanish = instructionLanguageOptions("es", ["pt", "en", "de"]);
    expect(spanish).toEqual([
      { value: "de", label: "Alemán" },
      { value: "en", label: "Inglés" },
      { value: "pt", label: "Portugués" },
    ]);
    const german = instructionLanguageOptions("de").map((o) => o.label);
    expect(german.length).toBe(INSTRUCTION_LANGUAGES.length);
    expect(german.indexOf("Ukrainisch")).toBeLessThan(german.indexOf("Ungarisch"));
  });

  it("stores each language once in the list's order", () => {
    expect(canonicalInstructionLanguages(["pt", "en", "pt", "xx", "ja"])).toEqual(["en", "pt", "ja"]);
  });
});

describe("the program form's languages of instruction", () => {
  const base = { name: "A course", status: "published" };

  it("reads ticked boxes (with the form's empty value) or codes as text, in the list's order", () => {
    const ticked = ProgramSchema.safeParse({ ...base, instructionLanguages: ["", "pt", "en"] });
    expect(ticked.success && ticked.data.instructionLanguages).toEqual(["en", "pt"]);
    const text = ProgramSchema.safeParse({ ...base, instructionLanguages: "pt, en" });
    expect(text.success && text.data.instructionLanguages).toEqual(["en", "pt"]);
    const none = ProgramSchema.safeParse(base);
    expect(none.success && none.data.instructionLanguages).toEqual([]);
  });

  it("refuses a code that is not of the list, and more than ten", () => {
    const unknown = ProgramSchema.safeParse({ ...base, instructionLanguages: ["en", "klingon"] });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]?.message).toBe("Please choose valid languages of instruction.");
    const many = ProgramSchema.safeParse({ ...base, instructionLanguages: INSTRUCTION_LANGUAGES.slice(0, 11) });
    expect(many.error?.issues[0]?.message).toBe("Choose at most 10 languages of instruction.");
  });

  it("is a field of a program's correction, kept as codes: the same choice is no change", () => {
    expect(CORRECTION_FIELDS.program.map((f) => f.key)).toContain("instructionLanguages");
    const current = { instructionLanguages: "en,pt" };
    const same = readCorrection("program", { instructionLanguages: ["", "pt", "en"] }, current);
    expect(same).toEqual({ ok: true, changes: {}, seen: {} });
    const changed = readCorrection("program", { instructionLanguages: ["", "pt"] }, current);
    expect(changed).toEqual({
      ok: true,
      changes: { instructionLanguages: "pt" },
      seen: { instructionLanguages: "en,pt" },
    });
    const bad = readCorrection("program", { instructionLanguages: ["zz"] }, current);
    expect(bad.ok).toBe(false);
  });
});
