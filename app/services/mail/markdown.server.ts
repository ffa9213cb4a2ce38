import { Marked, type Tokens } from "marked";
import { escapeHtml } from "./compose.server";

/**
 * A newsletter's Markdown (CommonMark with GitHub's tables and strikethrough, through `marked`) as e-mail HTML.
 * Staff write it, but it is still input: raw HTML in the source is shown as text, links and images keep only
 * http(s) and mailto addresses, and a relative link is made absolute on SITE_URL (a mail client has no base).
 */
export function markdownToMailHtml(markdown: string, siteUrl: string): string {
  const safeUrl = (href: string, allowMailto: boolean): string | null => {
    try {
      const url = new URL(href, `${siteUrl.replace(/\/+$/, "")}/`);
      if (url.protocol === "http:" || url.protocol === "https:") return url.toString();
      if (allowMailto && url.protocol === "mailto:") return url.toString();
    } catch {
      // not an address
    }
    return null;
  };
  const marked = new Marked({
    gfm: true,
    async: false,
    renderer: {
      html(token: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(token.text);
      },
      link(token: Tokens.Link) {
        const text = this.parser.parseInline(token.tokens);
        const href = safeUrl(token.href, true);
        if (!href) return text;
        const title = token.title ? ` title="${escapeHtml(token.title)}"` : "";
        return `<a href="${escapeHtml(href)}"${title} style="color:#2f5927">${text}</a>`;
      },
      image(token: Tokens.Image) {
        const src = safeUrl(token.href, false);
        if (!src) return escapeHtml(token.text);
        return `<img src="${escapeHtml(src)}" alt="${escapeHtml(token.text)}" style="max-width:100%;height:auto">`;
      },
    },
  });
  const html = marked.parse(markdown, { async: false }) as string;
  return `<div style="font-size:16px;line-height:1.5;color:#1c1917">${html}</div>`;
}
