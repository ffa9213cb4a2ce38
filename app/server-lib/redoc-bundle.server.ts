/**
 * The reference page's renderer (decision 074): Redoc's standalone bundle (MIT), read once from the installed `redoc`
 * package and served from this site under an address that names its version, so browsers keep it a year and no
 * third-party CDN sees the site's visitors.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import { entityTag } from "./open-http.server";

const require = createRequire(import.meta.url);

/** The installed Redoc's version, in the bundle's address. */
export const REDOC_VERSION: string = require("redoc/package.json").version;

/** The bundle's file name under /api/v1/docs/. */
export const REDOC_BUNDLE_FILE = `redoc-${REDOC_VERSION}.standalone.js`;

let held: { body: Uint8Array<ArrayBuffer>; etag: string } | null = null;

/** The bundle's bytes and entity tag (read on first use: most instances never serve it). */
export function redocBundle(): { body: Uint8Array<ArrayBuffer>; etag: string } {
  if (!held) {
    // Held as the bytes a Response sends, so each answer sends them without copying 1.1 MB.
    const body = new Uint8Array(fs.readFileSync(require.resolve("redoc/bundles/redoc.standalone.js")));
    held = { body, etag: entityTag(body) };
  }
  return held;
}
