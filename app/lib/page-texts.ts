import { z } from "./zod";

/**
 * The site's own texts that the owner edits in the admin area (Pages). Short texts are one line of plain text;
 * long texts are Markdown, rendered and sanitised on the server. Each text is stored per language; only English
 * is edited for now, and a language without its own text shows the English one.
 */
export const PAGE_TEXT_KEYS = [
  "site-name",
  "footer-tagline",
  "home-heading",
  "home-intro",
  "about-lead",
  "about",
  "privacy-lead",
  "privacy",
  "terms-lead",
  "terms",
] as const;
export type PageTextKey = (typeof PAGE_TEXT_KEYS)[number];

export const DEFAULT_LANGUAGE = "en";

export type PageTextDefinition = {
  key: PageTextKey;
  label: string;
  kind: "plain" | "markdown";
  /** Most characters a saved text may have. */
  max: number;
  /** Where the text is shown, for the list and the edit screen. */
  shownOn: string;
  path: string;
};

const MARKDOWN_MAX = 50_000;

export const PAGE_TEXTS: readonly PageTextDefinition[] = [
  {
    key: "site-name",
    label: "Site name",
    kind: "plain",
    max: 60,
    shownOn: "Header, footer, page titles and search results",
    path: "/",
  },
  {
    key: "footer-tagline",
    label: "Footer tagline",
    kind: "plain",
    max: 250,
    shownOn: "Footer of every page",
    path: "/",
  },
  { key: "home-heading", label: "Home page heading", kind: "plain", max: 120, shownOn: "Home page", path: "/" },
  { key: "home-intro", label: "Home page introduction", kind: "markdown", max: 2_000, shownOn: "Home page", path: "/" },
  { key: "about-lead", label: "About: introduction", kind: "plain", max: 300, shownOn: "About page", path: "/about" },
  {
    key: "about",
    label: "About: page text",
    kind: "markdown",
    max: MARKDOWN_MAX,
    shownOn: "About page",
    path: "/about",
  },
  {
    key: "privacy-lead",
    label: "Privacy: introduction",
    kind: "plain",
    max: 300,
    shownOn: "Privacy policy",
    path: "/privacy",
  },
  {
    key: "privacy",
    label: "Privacy: policy text",
    kind: "markdown",
    max: MARKDOWN_MAX,
    shownOn: "Privacy policy",
    path: "/privacy",
  },
  { key: "terms-lead", label: "Terms: introduction", kind: "plain", max: 300, shownOn: "Terms of use", path: "/terms" },
  {
    key: "terms",
    label: "Terms: terms text",
    kind: "markdown",
    max: MARKDOWN_MAX,
    shownOn: "Terms of use",
    path: "/terms",
  },
];

export function pageTextDefinition(key: string): PageTextDefinition | null {
  return PAGE_TEXTS.find((d) => d.key === key) ?? null;
}

/** Words a Markdown text may contain that are replaced when it is shown. */
export const PAGE_TEXT_PLACEHOLDERS = {
  siteName: "{{site-name}}",
  contactEmail: "{{contact-email}}",
  /** The data licence chosen in Site settings, as a link to its text (decision 057). */
  dataLicence: "{{data-licence}}",
} as const;

/** A control character other than tab and line breaks (no one types them; a tampered form may send them). */
function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127) return true;
  }
  return false;
}

/** The text of one page text as the edit form sends it, checked against that text's kind and length. */
export function pageTextBodySchema(def: PageTextDefinition) {
  const normalised = (schema: z.ZodType) =>
    z.preprocess((v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n") : v), schema);
  const base = z.string({ error: "Write the text." });
  if (def.kind === "plain") {
    return normalised(
      base
        .trim()
        .min(1, `Write the ${def.label.toLowerCase()}.`)
        .max(def.max, `The ${def.label.toLowerCase()} can be at most ${def.max} characters.`)
        .refine((v) => !/\n/.test(v), "Keep it to one line.")
        .refine((v) => !hasControlCharacters(v), "Remove the control characters from the text."),
    ) as z.ZodType<string>;
  }
  return normalised(
    base
      .refine((v) => v.trim().length > 0, "Write the text; it cannot be empty.")
      .refine((v) => v.length <= def.max, `The text can be at most ${def.max.toLocaleString("en-GB")} characters.`)
      .refine((v) => !hasControlCharacters(v), "Remove the control characters from the text."),
  ) as z.ZodType<string>;
}

/** What the edit screen posts: a preview or save of the text, or a restore of a saved revision. */
export function pageTextFormSchema(def: PageTextDefinition) {
  return z.discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.literal("preview"), body: pageTextBodySchema(def) }),
      z.object({ intent: z.literal("save"), body: pageTextBodySchema(def) }),
      z.object({
        intent: z.literal("restore"),
        revisionId: z.coerce
          .number({ error: "Choose a revision to restore." })
          .int("Choose a revision to restore.")
          .positive("Choose a revision to restore.")
          .max(Number.MAX_SAFE_INTEGER, "Choose a revision to restore."),
      }),
    ],
    { error: "Choose Preview, Save or Restore." },
  );
}
