import { SITE_NAME } from "~/lib/constants";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";
import { serverTranslate } from "~/server-lib/messages.server";

/** What a message says, in parts the layout turns into a plain-text and an HTML body alike. */
export type MailContent = {
  /** The language the message is written in (its recipient's); English when not given. */
  lang?: Language;
  /**
   * The language of the subject and body when it is not `lang` (an issue not translated into the recipient's
   * language): the document is marked as in it, and the parts in the recipient's language carry their own `lang`.
   */
  textLang?: Language;
  subject: string;
  /** Paragraphs of plain text (a blank line between them in the text part). */
  paragraphs: string[];
  /** The one thing to do: a button in HTML, the URL on its own line in text. */
  action?: { label: string; url: string };
  /** Paragraphs after the action (what happens if you did not ask for this, how long the link works). */
  after?: string[];
  /** Ready HTML for the body (a newsletter written in Markdown), with its plain-text twin; replaces paragraphs. */
  body?: { html: string; text: string };
  /** Small print at the foot: why you get this, and an unsubscribe link when there is one. */
  footer?: { text: string; link?: { label: string; url: string } };
};

export type ComposedMail = { subject: string; text: string; html: string };

const COLORS = { leaf: "#2f5927", leafDark: "#1f3a1c", text: "#1c1917", muted: "#57534e", band: "#f2f8ef" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

/** A header value on one line: CR, LF and other control characters become spaces (no header injection). */
export function oneLine(text: string, max = 200): string {
  return text.replace(CONTROL_CHARACTERS, " ").replace(/\s+/g, " ").trim().slice(0, max);
}

/**
 * The site's message layout: the site's name on a green band, the text, one button, small print; readable without
 * images or styles (no images at all, real headings and links, a language and a title), in a single column that
 * fits a phone.
 */
export function composeMail(content: MailContent): ComposedMail {
  const lang = content.lang ?? DEFAULT_LANGUAGE;
  const t = serverTranslate(lang);
  const docLang = content.textLang ?? lang;
  // The layout's own words are in the recipient's language; marked when the document is in another.
  const ownLang = docLang === lang ? "" : ` lang="${lang}"`;
  const subject = oneLine(content.subject);
  const para = (p: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${COLORS.text}">${escapeHtml(p)}</p>`;
  const htmlParts: string[] = [];
  const textParts: string[] = [];
  if (content.body) {
    htmlParts.push(content.body.html);
    textParts.push(content.body.text.trim());
  } else {
    htmlParts.push(...content.paragraphs.map(para));
    textParts.push(...content.paragraphs);
  }
  if (content.action) {
    const { label, url } = content.action;
    htmlParts.push(
      `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:${COLORS.leaf};color:#ffffff;font-weight:bold;font-size:16px;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`,
      `<p${ownLang} style="margin:0 0 16px;font-size:14px;line-height:1.5;color:${COLORS.muted}">${escapeHtml(t("mail.buttonFallback"))}<br><a href="${escapeHtml(url)}" style="color:${COLORS.leaf};word-break:break-all">${escapeHtml(url)}</a></p>`,
    );
    textParts.push(`${label}:\n${url}`);
  }
  for (const p of content.after ?? []) {
    htmlParts.push(para(p));
    textParts.push(p);
  }
  let footerHtml = "";
  let footerText = "";
  if (content.footer) {
    const { text, link } = content.footer;
    footerHtml = `<p${ownLang} style="margin:0;font-size:13px;line-height:1.5;color:${COLORS.muted}">${escapeHtml(text)}${
      link ? ` <a href="${escapeHtml(link.url)}" style="color:${COLORS.leaf}">${escapeHtml(link.label)}</a>` : ""
    }</p>`;
    footerText = `${text}${link ? `\n${link.label}: ${link.url}` : ""}`;
  }
  const html = `<!doctype html>
<html lang="${docLang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#ffffff;font-family:-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif">
<div role="article" aria-label="${escapeHtml(subject)}" style="max-width:600px;margin:0 auto">
<div style="background:${COLORS.leaf};padding:16px 24px"><p style="margin:0;font-size:20px;font-weight:bold;color:#ffffff">${escapeHtml(SITE_NAME)}</p></div>
<div style="padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${COLORS.leafDark}">${escapeHtml(subject)}</h1>
${htmlParts.join("\n")}
</div>
${footerHtml ? `<div style="background:${COLORS.band};padding:16px 24px">${footerHtml}</div>` : ""}
</div>
</body>
</html>
`;
  const text = [`${SITE_NAME}`, "", subject, "=".repeat(Math.min(subject.length, 60)), "", textParts.join("\n\n")]
    .concat(footerText ? ["", "--", footerText] : [])
    .join("\n");
  return { subject, text: `${text}\n`, html };
}
