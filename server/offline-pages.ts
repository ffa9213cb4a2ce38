import express from "express";
import { LANGUAGES } from "~/lib/i18n/languages";
import { offlinePageHtml, offlinePagePath } from "~/lib/offline-page";
import { serverTranslate } from "~/server-lib/messages.server";

/**
 * The service worker's offline page in every language (`/offline.html`, `/offline-<code>.html`), written once at
 * start from the message files, so it always says what the `offline` messages say. The worker fetches them when it
 * installs; they may be kept for an hour like the other files at the site's root.
 */
export function offlinePagesRouter(): express.Router {
  const pages = new Map(LANGUAGES.map((lang) => [offlinePagePath(lang), offlinePageHtml(lang, serverTranslate(lang))]));
  const router = express.Router();
  router.get([...pages.keys()], (req, res) => {
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.type("html").send(pages.get(req.path));
  });
  return router;
}
