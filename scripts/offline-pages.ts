/**
 * Writes the service worker's offline page in every language into public/ (`offline.html`, `offline-es.html` …) from
 * the message files. Run after changing the `offline` messages: `npx tsx scripts/offline-pages.ts`.
 */
import fs from "node:fs";
import path from "node:path";
import { LANGUAGES } from "~/lib/i18n/languages";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { offlinePageHtml, offlinePagePath } from "~/lib/offline-page";

const PUBLIC = path.resolve(import.meta.dirname, "..", "public");
for (const lang of LANGUAGES) {
  fs.writeFileSync(path.join(PUBLIC, offlinePagePath(lang)), offlinePageHtml(lang, serverTranslate(lang)));
}
