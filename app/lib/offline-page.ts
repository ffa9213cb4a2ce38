import { SITE_NAME } from "./constants";
import { DEFAULT_LANGUAGE, type Language, localizeHref } from "./i18n/languages";
import type { Translate } from "./i18n/translate";

/** Where the offline page of a language is served: English keeps `/offline.html`, the others `/offline-<code>.html`. */
export function offlinePagePath(lang: Language): string {
  return lang === DEFAULT_LANGUAGE ? "/offline.html" : `/offline-${lang}.html`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

/**
 * The page the service worker shows when a page is neither reachable nor kept on the device, in one language: a
 * static file with no script and no request but the icon. `scripts/offline-pages.ts` writes one per language into
 * `public/` from the message files (`offline` group); a test checks the files are up to date.
 */
export function offlinePageHtml(lang: Language, t: Translate): string {
  const e = (key: string, values?: Record<string, string>) => escapeHtml(t(key, values));
  return `<!doctype html>
<html lang="${lang}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${e("offline.pageTitle", { siteName: SITE_NAME })}</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <style>
      body {
        margin: 0;
        font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
        background: #faf6f1;
        color: #1c1917;
      }
      main {
        max-width: 36rem;
        margin: 0 auto;
        padding: 4rem 1rem;
      }
      h1 {
        color: #1f3a1c;
        font-size: 2rem;
        margin: 0 0 1rem;
      }
      a {
        color: #2f5927;
        font-weight: 600;
      }
      p {
        font-size: 1.125rem;
        line-height: 1.6;
      }
    </style>
  </head>
  <body>
    <main>
      <p><img src="/favicon.svg" alt="" width="48" height="48" /></p>
      <h1>${e("offline.title")}</h1>
      <p>
        ${e("offline.text")}
      </p>
      <p><a href="${localizeHref("/", lang)}">${e("offline.home")}</a></p>
    </main>
  </body>
</html>
`;
}
