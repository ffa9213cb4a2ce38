import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../i18n/languages";
import { z } from "../zod";
import type { StorageMetadata } from "./paths";

/**
 * A media-library file's alt text and caption, kept in its `customMetadata` beside the other facts about the file
 * (decision 059): `alt` and `caption` in the site's original language (English), and optional translations under
 * `alt.<code>` and `caption.<code>`. Public pages read them with the file they already look up; no table of its own.
 */
export const MEDIA_TEXT_FIELDS = ["alt", "caption"] as const;
export type MediaTextField = (typeof MEDIA_TEXT_FIELDS)[number];

/** The longest alt text and caption: an alt text is a sentence or two, a caption a line under a picture. */
export const MEDIA_TEXT_MAX: Record<MediaTextField, number> = { alt: 300, caption: 500 };

/** The customMetadata key (and form field name) of a text in a language: `alt`, `alt.es`, `caption.de`. */
export function mediaTextKey(field: MediaTextField, language: Language): string {
  return language === DEFAULT_LANGUAGE ? field : `${field}.${language}`;
}

/** Every key the description may use, in the order the form shows them. */
export const MEDIA_TEXT_KEYS: readonly string[] = LANGUAGES.flatMap((l) =>
  MEDIA_TEXT_FIELDS.map((f) => mediaTextKey(f, l)),
);

export function isMediaTextKey(key: string): boolean {
  return MEDIA_TEXT_KEYS.includes(key);
}

const LABELS: Record<MediaTextField, string> = { alt: "Alt text", caption: "Caption" };

/** A control character (no one types them; a tampered form may send them). */
function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 || c === 127) return true;
  }
  return false;
}

/** One text: trimmed, on one line, within its length, without control characters. Empty means none. */
function textSchema(field: MediaTextField) {
  const label = LABELS[field];
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(MEDIA_TEXT_MAX[field], `${label} can be at most ${MEDIA_TEXT_MAX[field]} characters.`)
    .refine((v) => !/[\n\r]/.test(v), `Keep the ${label.toLowerCase()} to one line.`)
    .refine((v) => !hasControlCharacters(v), `Remove the control characters from the ${label.toLowerCase()}.`)
    .optional();
}

/**
 * What staff send for a file: each text by its key (absent or empty: none). Unknown fields are refused, so a typo in
 * a form cannot silently drop a text.
 */
export const mediaDescriptionSchema = z.strictObject(
  Object.fromEntries(MEDIA_TEXT_KEYS.map((k) => [k, textSchema(k.split(".")[0] as MediaTextField)])),
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? "The form sent fields that are not part of a description." : undefined,
  },
);

/** The stored texts of a description: only the keys that have words. */
export type MediaDescription = Partial<Record<string, string>>;

/** The description keys of a file's customMetadata that hold words. */
export function readMediaDescription(customMetadata: Record<string, string> | null | undefined): MediaDescription {
  const out: MediaDescription = {};
  for (const key of MEDIA_TEXT_KEYS) {
    const value = customMetadata?.[key];
    if (typeof value === "string" && value.trim() !== "") out[key] = value;
  }
  return out;
}

/** A text to show and the language it is in (English when the page's language has no translation). */
export type ShownMediaText = { text: string; lang: Language };

/** The file's alt text or caption for a page in `language`: its translation, else the original, else null. */
export function mediaTextFor(
  customMetadata: Record<string, string> | null | undefined,
  field: MediaTextField,
  language: Language,
): ShownMediaText | null {
  const own = customMetadata?.[mediaTextKey(field, language)]?.trim();
  if (own) return { text: own, lang: language };
  const original = customMetadata?.[field]?.trim();
  return original ? { text: original, lang: DEFAULT_LANGUAGE } : null;
}

/** What the media library's description form gets back: the file's new metadata, or a message per field. */
export type DescribeResult =
  | { ok: true; metadata: StorageMetadata }
  | { ok: false; errors: Record<string, string>; fullPath: string | null };
