import type { MessageValues, Translate } from "../i18n/translate";

/**
 * A field's label in a validation message. Staff's forms pass English text and get English sentences, as always;
 * public forms pass a message key (`{ key: "suggestPlace.field.name" }`) and get message codes, which the page
 * translates into its language. `noun` is the key of the label as a sentence names it inside ("a valid region"),
 * where English writes it in lower case; the label's key when not given.
 */
export type FieldLabel = string | { key: string; noun?: string };

/**
 * A validation message as a stable code: a `validation.*` message key and its values in one string, e.g.
 * `validation.tooLong?label=suggestPlace.field.name&max=120`. A value named `label` is itself a message key.
 */
export function messageCode(key: string, values?: Record<string, string | number>): string {
  if (!values) return key;
  const query = new URLSearchParams(Object.entries(values).map(([name, value]) => [name, String(value)]));
  return `${key}?${query.toString()}`;
}

const CODE = /^validation\.[\w.]+(?:\?\S*)?$/;
const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** Whether a message is a code (rather than a sentence, as staff's forms and other callers give). */
export function isMessageCode(message: string): boolean {
  return CODE.test(message);
}

/**
 * A message as the visitor reads it in the page's language: a code is translated (its label first, numbers as
 * numbers so `{{max, number}}` formats them); any other message is returned as it is.
 */
export function translateMessage(t: Translate, message: string): string {
  if (!isMessageCode(message)) return message;
  const cut = message.indexOf("?");
  if (cut === -1) return t(message);
  const values: MessageValues = {};
  for (const [name, value] of new URLSearchParams(message.slice(cut + 1))) {
    values[name] = name === "label" ? t(value) : NUMBER.test(value) ? Number(value) : value;
  }
  return t(message.slice(0, cut), values);
}

/** Every message of a form's errors (by field) translated with `translateMessage`. */
export function translateErrors<E extends Partial<Record<string, string>>>(t: Translate, errors: E): E {
  const out: Partial<Record<string, string>> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (message !== undefined) out[field] = translateMessage(t, message);
  }
  return out as E;
}
