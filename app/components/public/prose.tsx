import type { ReactNode } from "react";
import { ShownInNote } from "./shown-in-note";

/** The typography of long-form text: headings, paragraphs, links, lists, quotes and images. */
export const PROSE_TYPE =
  "text-lg leading-relaxed text-stone-800 [&_a]:text-leaf-800 [&_a]:underline [&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-leaf-200 [&_blockquote]:pl-4 [&_blockquote]:italic [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-leaf-900 [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-leaf-900 [&_h4]:mt-4 [&_h4]:font-semibold [&_h4]:text-leaf-900 [&_figcaption]:mt-2 [&_figcaption]:text-sm [&_figcaption]:text-stone-700 [&_figure]:mt-4 [&_figure_img]:mt-0 [&_img]:mt-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6";
const PROSE = `mx-auto max-w-3xl px-4 py-10 ${PROSE_TYPE}`;

/** Readable long-form text (about, privacy, terms): comfortable measure, spaced headings and lists. */
export function Prose({ children }: { children: ReactNode }) {
  return <div className={PROSE}>{children}</div>;
}

/**
 * A page text the owner wrote in Markdown, as the server rendered and sanitised it (services/site/page-markdown.server):
 * only prose, links, lists, quotes and images reach this point.
 */
export function ProseHtml({ html, className = PROSE, lang }: { html: string; className?: string; lang?: string }) {
  return <div className={className} lang={lang} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * A page text in the page's language, or, when it has none, the original: marked with its language (`lang`) under
 * a note saying which language it is shown in. The note sits in the text's own column, just above its first line
 * (whose top margin is dropped), so it reads as the text's caption rather than as a line of what comes before.
 */
export function PageTextBody({ html, lang, note }: { html: string; lang: string | null; note: string | null }) {
  if (!lang) return <ProseHtml html={html} />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <ShownInNote note={note} className="mb-1 text-stone-700" />
      <ProseHtml html={html} lang={lang} className={`${PROSE_TYPE} [&>:first-child]:mt-0`} />
    </div>
  );
}

/** The classes for a short Markdown text set inside other content (the home page's introduction). */
export const INLINE_PROSE =
  "[&_a]:text-leaf-800 [&_a]:underline [&_li]:mt-1 [&_p+p]:mt-3 [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-2 [&_ol]:list-decimal [&_ol]:pl-6";
