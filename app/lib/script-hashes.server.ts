import { createHash } from "node:crypto";
import { DEFERRED_MODULE_ID } from "./defer-hydration.server";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const TYPE = /\btype="([^"]*)"/i;
const EXECUTABLE_TYPES = new Set(["", "module", "text/javascript", "application/javascript"]);

/**
 * The SHA-256 hashes (base64) of every inline script a page runs, for a Content-Security-Policy that allows exactly
 * them: the scripts in the HTML, and the deferred bootstrap whose text the starter runs as a module later. Data
 * blocks (JSON-LD) are never run and need none; scripts with `src` are allowed by 'strict-dynamic'.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(SCRIPT)) {
    const attributes = match[1] ?? "";
    if (/\bsrc=/i.test(attributes)) continue;
    const type = (TYPE.exec(attributes)?.[1] ?? "").trim().toLowerCase();
    const runs = EXECUTABLE_TYPES.has(type) || attributes.includes(`id="${DEFERRED_MODULE_ID}"`);
    if (runs)
      hashes.add(
        createHash("sha256")
          .update(match[2] ?? "", "utf8")
          .digest("base64"),
      );
  }
  return [...hashes];
}
