import { createHash } from "node:crypto";
import { DEFERRED_MODULE_ID } from "./defer-hydration.server";

const TYPE = /\btype="([^"]*)"/i;
const EXECUTABLE_TYPES = new Set(["", "module", "text/javascript", "application/javascript"]);
const DEFERRED_ID = `id="${DEFERRED_MODULE_ID}"`;

/**
 * The SHA-256 hashes (base64) of every inline script a page runs, for a Content-Security-Policy that allows exactly
 * them: the scripts in the HTML, and the deferred bootstrap whose text the starter runs as a module later. Data
 * blocks (JSON-LD) are never run and need none; scripts with `src` are allowed by 'strict-dynamic'. The document is
 * React's output, so script elements are written as `<script …>…</script>` and their text never holds `</script`.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  let from = 0;
  for (;;) {
    const open = html.indexOf("<script", from);
    if (open === -1) break;
    const tagEnd = html.indexOf(">", open);
    const close = tagEnd === -1 ? -1 : html.indexOf("</script>", tagEnd);
    if (close === -1) break;
    from = close + 9;
    const attributes = html.slice(open + 7, tagEnd);
    // `<scripts>` or `<script-x>` is another element.
    if (attributes !== "" && !/^\s/.test(attributes)) continue;
    if (/\bsrc=/i.test(attributes)) continue;
    const type = (TYPE.exec(attributes)?.[1] ?? "").trim().toLowerCase();
    if (EXECUTABLE_TYPES.has(type) || attributes.includes(DEFERRED_ID)) {
      hashes.add(
        createHash("sha256")
          .update(html.slice(tagEnd + 1, close), "utf8")
          .digest("base64"),
      );
    }
  }
  return [...hashes];
}
