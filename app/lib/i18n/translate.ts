import type { Language } from "./languages";

/** One language's messages, as its `app/locales/<lang>.json` holds them (nested keys, i18next plural suffixes). */
export type Messages = { [key: string]: string | Messages };

/** Values a message may name: `{{name}}`; `count` also picks the plural form. */
export type MessageValues = Record<string, string | number>;

export type Translate = (key: string, values?: MessageValues) => string;

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*(?:,\s*(number)\s*)?\}\}/g;

function lookUp(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * The messages of one language as a function, with i18next's meaning for the subset of its JSON format the site
 * uses (decision 033): nested keys joined by dots; `count` picks `key_<plural category>` by the language's
 * `Intl.PluralRules` (`key_zero` first when the count is 0, then the category, then the bare key, then
 * `key_other`); `{{name}}` is replaced by the value of that name (React escapes what it renders), and
 * `{{name, number}}` by the number formatted for the language with `Intl.NumberFormat`. A key with no message reads
 * as itself. `translate.test.ts` checks every message of every language against i18next.
 */
export function createTranslate(lang: Language, messages: Messages): Translate {
  // Made at their first use: the first Intl.NumberFormat of a page loads the browser's number data (about 65 ms on
  // a mid-range phone), which a page with no counted or formatted number never needs.
  let rules: Intl.PluralRules | undefined;
  let numbers: Intl.NumberFormat | undefined;
  return (key, values) => {
    const count = values?.count;
    let message: string | undefined;
    if (typeof count === "number") {
      rules ??= new Intl.PluralRules(lang);
      message =
        (count === 0 ? lookUp(messages, `${key}_zero`) : undefined) ??
        lookUp(messages, `${key}_${rules.select(count)}`) ??
        lookUp(messages, key) ??
        lookUp(messages, `${key}_other`);
    } else {
      message = lookUp(messages, key);
    }
    if (message === undefined) return key;
    if (!values) return message;
    return message.replace(PLACEHOLDER, (whole, name: string, format: string | undefined) => {
      const value = values[name];
      if (value === undefined) return whole;
      if (!format || typeof value !== "number") return String(value);
      numbers ??= new Intl.NumberFormat(lang);
      return numbers.format(value);
    });
  };
}

const made = new WeakMap<Messages, Translate>();

/**
 * The message function of a language, made once per messages object and then reused (on the server for every
 * request in that language; in the browser for the page's one language). Without messages (a page whose root data is
 * missing) keys read as themselves.
 */
export function translateFor(lang: Language, messages: Messages | undefined): Translate {
  if (!messages) return createTranslate(lang, {});
  let translate = made.get(messages);
  if (!translate) {
    translate = createTranslate(lang, messages);
    made.set(messages, translate);
  }
  return translate;
}

const parsed = new Map<string, Messages>();

/**
 * A language's messages from the JSON text the root route's data carries them in. A text is decoded by one
 * `JSON.parse` (the page's data would otherwise encode and decode the whole nested object on every render and
 * hydration), once per distinct text.
 */
export function messagesFromJson(json: unknown): Messages | undefined {
  if (typeof json !== "string") return undefined;
  let messages = parsed.get(json);
  if (!messages) {
    messages = JSON.parse(json) as Messages;
    parsed.set(json, messages);
  }
  return messages;
}
