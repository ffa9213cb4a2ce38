import { Marked, type Tokens } from "marked";
import sanitizeHtml from "sanitize-html";
import { type DataLicence, dataLicence } from "~/lib/data-licences";
import { PAGE_TEXT_PLACEHOLDERS } from "~/lib/page-texts";

/** What a page text's Markdown may become: prose, links, lists, quotes and images; nothing that runs or styles. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "strong",
    "b",
    "em",
    "i",
    "del",
    "code",
    "pre",
    "a",
    "ul",
    "ol",
    "li",
    "blockquote",
    "img",
    "figure",
    "figcaption",
  ],
  allowedAttributes: {
    a: ["href", "title", "data-app-link", "data-discover"],
    // `lang` marks a media-library alt text or caption shown in another language than the page's.
    img: ["src", "alt", "title", "loading", "decoding", "lang"],
    figcaption: ["lang"],
    h2: ["id"],
    h3: ["id"],
    h4: ["id"],
    ol: ["start"],
  },
  // Links go to web pages, site paths and mail addresses; images come from the site (the media library) or https.
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  // Dropped with everything inside them; other unknown tags lose the tag and keep their text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template", "svg"],
  disallowedTagsMode: "discard",
  transformTags: {
    // A page of this site (not a file such as a feed) becomes a client-side navigation once the app is live.
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      const internalPage = /^\/(?!\/)[^?#.]*(?:[?#].*)?$/.test(href);
      const { "data-app-link": _link, "data-discover": _discover, ...rest } = attribs;
      return {
        tagName,
        attribs: internalPage ? { ...rest, "data-app-link": "", "data-discover": "true" } : rest,
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy", decoding: "async" } }),
  },
};

/** "How the directory works" → "how-the-directory-works", so a heading can be linked to (/about#contact). */
function headingSlug(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "section"
  );
}

/** An address written after a heading's words: `## Kontakt {#contact}`. */
const HEADING_ID = /\s*\{#([a-z0-9][a-z0-9-]{0,63})\}\s*$/;

/** Backslash-escapes Markdown's punctuation, so a substituted value is read as plain text. */
function escapeMarkdown(value: string): string {
  return value.replace(/[\\`*_{}[\]()#+\-.!<>|~&"'=:;,/?@^$%]/g, "\\$&");
}

/** A media-library image's words, as a page in one language shows them (stored-image.server.ts describeImages). */
export type MarkdownImageWords = {
  alt: { text: string; lang: string } | null;
  caption: { text: string; lang: string } | null;
};

export type MarkdownValues = {
  siteName: string;
  contactEmail: string;
  /** The data licence of Site settings; the default one when not given. */
  dataLicence?: DataLicence;
  /**
   * The alt texts and captions of the media-library images the text shows, by the address it gives them. An image
   * written without a description (`![](address)`) takes the library's alt text; one standing alone in its
   * paragraph is shown with the library's caption under it.
   */
  images?: ReadonlyMap<string, MarkdownImageWords>;
  /** The page's language: words in another language are marked with theirs. */
  language?: string;
};

/** The addresses of the images a Markdown text shows, as written (`![description](address)`). */
export function markdownImageUrls(markdown: string): string[] {
  const marked = new Marked({ gfm: true, async: false });
  const urls: string[] = [];
  marked.walkTokens(marked.lexer(markdown), (token) => {
    if (token.type === "image") urls.push((token as Tokens.Image).href);
  });
  return urls;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** The licence as a text names it: its full name and its short one. */
function licenceLabel(values: MarkdownValues): string {
  const licence = values.dataLicence ?? dataLicence(undefined);
  return `${licence.name} (${licence.shortName})`;
}

/**
 * A page text's Markdown (CommonMark, through `marked`) as HTML that is safe to put on a public page: the
 * placeholders are replaced, headings get ids to link to, and the result is sanitised (`sanitize-html`): scripts,
 * styles, frames, event handlers and javascript: addresses are removed, whatever the source contains.
 */
export function renderPageMarkdown(markdown: string, values: MarkdownValues): string {
  const licenceUrl = (values.dataLicence ?? dataLicence(undefined)).url;
  const source = markdown
    .replaceAll(PAGE_TEXT_PLACEHOLDERS.siteName, escapeMarkdown(values.siteName))
    .replaceAll(PAGE_TEXT_PLACEHOLDERS.contactEmail, escapeMarkdown(values.contactEmail))
    .replaceAll(PAGE_TEXT_PLACEHOLDERS.dataLicence, `[${escapeMarkdown(licenceLabel(values))}](${licenceUrl})`);
  const used = new Map<string, number>();
  const images = values.images;
  const langOf = (words: { lang: string } | null | undefined) =>
    words && values.language && words.lang !== values.language ? ` lang="${escapeHtml(words.lang)}"` : "";
  const marked = new Marked({
    gfm: true,
    async: false,
    renderer: {
      // The library's alt text for an image the writer left undescribed; the writer's own description wins.
      image(token: Tokens.Image) {
        const own = token.text.trim();
        const words = own ? undefined : images?.get(token.href)?.alt;
        if (!words) return false;
        let src: string;
        try {
          src = encodeURI(token.href).replace(/%25/g, "%");
        } catch {
          return false;
        }
        const title = token.title ? ` title="${escapeHtml(token.title)}"` : "";
        return `<img src="${escapeHtml(src)}" alt="${escapeHtml(words.text)}"${title}${langOf(words)}>`;
      },
      // An image alone in its paragraph, whose file has a caption in the library, is a figure with that caption.
      paragraph(token: Tokens.Paragraph) {
        const inner = token.tokens.filter((t) => !(t.type === "text" && t.raw.trim() === ""));
        const only = inner.length === 1 && inner[0]?.type === "image" ? (inner[0] as Tokens.Image) : null;
        const caption = only ? images?.get(only.href)?.caption : null;
        if (!only || !caption) return false;
        const picture = this.parser.parseInline([only]);
        return `<figure>${picture}<figcaption${langOf(caption)}>${escapeHtml(caption.text)}</figcaption></figure>\n`;
      },
      heading(token: Tokens.Heading) {
        // "## Kontakt {#contact}": the heading keeps an address of its own, whatever its words (a translated text
        // keeps the links other pages make to /about#contact).
        const named = HEADING_ID.exec(token.text);
        const last = token.tokens.at(-1);
        if (named && last?.type === "text") {
          const trimmed = (last as Tokens.Text).text.replace(HEADING_ID, "");
          token.tokens = [...token.tokens.slice(0, -1), { ...last, text: trimmed, raw: trimmed } as Tokens.Text];
        }
        const inner = this.parser.parseInline(token.tokens);
        // The page's title is its only h1 and sections start at h2: a "# Heading" becomes an h2.
        const level = Math.min(Math.max(token.depth, 2), 4);
        const base = named?.[1] ?? headingSlug(token.text);
        const n = used.get(base) ?? 0;
        used.set(base, n + 1);
        const id = n === 0 ? base : `${base}-${n + 1}`;
        return `<h${level} id="${id}">${inner}</h${level}>\n`;
      },
    },
  });
  const html = marked.parse(source, { async: false }) as string;
  return sanitizeHtml(html, SANITIZE).trim();
}

/** A plain-text page text with its placeholders replaced (React escapes it when it is shown). */
export function renderPlainText(text: string, values: MarkdownValues): string {
  return text
    .replaceAll(PAGE_TEXT_PLACEHOLDERS.siteName, values.siteName)
    .replaceAll(PAGE_TEXT_PLACEHOLDERS.contactEmail, values.contactEmail)
    .replaceAll(PAGE_TEXT_PLACEHOLDERS.dataLicence, licenceLabel(values));
}
