import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import de from "~/locales/de.json";
import en from "~/locales/en.json";
import es from "~/locales/es.json";
import fr from "~/locales/fr.json";
import pt from "~/locales/pt.json";
import type { Language } from "./languages";
import { createTranslate, type Messages } from "./translate";

const ALL: Record<Language, Messages> = { en, es, pt, fr, de };
const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(messages: Messages, prefix = ""): [string, string][] {
  return Object.entries(messages).flatMap(([k, v]) =>
    typeof v === "string" ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );
}

function i18next(lang: Language, messages: Messages) {
  const instance = createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation: messages } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance.t.bind(instance) as unknown as (key: string, values?: Record<string, unknown>) => string;
}

describe("the site's message function", () => {
  for (const [lang, messages] of Object.entries(ALL) as [Language, Messages][]) {
    it(`says exactly what i18next says for every ${lang} message`, () => {
      const ours = createTranslate(lang, messages);
      const theirs = i18next(lang, messages);
      const byKey = new Map<string, string[]>();
      for (const [key, text] of leaves(messages)) {
        const base = key.replace(PLURAL, "");
        byKey.set(base, [...(byKey.get(base) ?? []), text]);
      }
      let compared = 0;
      for (const [key, texts] of byKey) {
        // Text for a plain placeholder, a number for one formatted as a number.
        const placeholders = texts.flatMap((t) => [...t.matchAll(/\{\{\s*([\w.]+)\s*(,[^}]*)?\}\}/g)]);
        const values = Object.fromEntries(placeholders.map((m) => [m[1], m[2] ? 1234567.5 : `‹${m[1]}›`]));
        expect(ours(key, values), key).toBe(theirs(key, values));
        for (const count of [0, 1, 2, 3, 5, 11, 21, 100, 1_000_000, 1.5]) {
          expect(ours(key, { ...values, count }), `${key} (${count})`).toBe(theirs(key, { ...values, count }));
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(0);
    });
  }

  it("reads a missing key as itself and keeps a placeholder it has no value for, as i18next does", () => {
    const messages: Messages = {
      a: { b: "Hello {{name}}" },
      n_one: "{{count}} place",
      n_other: "{{count, number}} places",
    };
    const ours = createTranslate("en", messages);
    const theirs = i18next("en", messages);
    for (const [key, values] of [
      ["a.c", undefined],
      ["a.b", undefined],
      ["a.b", { other: 1 }],
      ["n", { count: 1 }],
      ["n", { count: 0 }],
      ["n", { count: 12345 }],
    ] as const) {
      expect(ours(key, values)).toBe(theirs(key, values));
    }
  });
});
