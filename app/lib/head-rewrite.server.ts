import { Transform } from "node:stream";

const MODULEPRELOAD = /<link rel="modulepreload"/g;
const HEAD_END = Buffer.from("</head>");
/** Never hold back more than this much while waiting for the end of <head> (it is ~50 KB with the stylesheet). */
const MAX_HEAD_BYTES = 256 * 1024;

/** Adds fetchpriority="low" to the module preloads in an HTML head. */
export function lowerModulePreloads(head: string): string {
  return head.replace(MODULEPRELOAD, '<link rel="modulepreload" fetchpriority="low"');
}

/**
 * Marks the module preloads React Router puts in <head> as low priority. They are needed for hydration, not for
 * the first paint: at the default (high) priority the ~125 KB of scripts compete with the page's content and its
 * hero image on slow connections. The head is held until it is complete (React writes it in one go with the
 * shell), rewritten, and everything after it passes through untouched. A head that never ends within 256 KB is
 * passed on unchanged.
 */
export function lowPriorityModulePreloads(): Transform {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _enc, callback) {
      if (done) return callback(null, chunk);
      held.push(chunk);
      heldBytes += chunk.length;
      const all = Buffer.concat(held, heldBytes);
      const end = all.indexOf(HEAD_END);
      if (end === -1 && heldBytes < MAX_HEAD_BYTES) return callback();
      done = true;
      held = [];
      if (end === -1) return callback(null, all);
      // `end` sits on an ASCII "<", so the head decodes without splitting a character.
      const head = Buffer.from(lowerModulePreloads(all.subarray(0, end).toString("utf8")));
      callback(null, Buffer.concat([head, all.subarray(end)]));
    },
    flush(callback) {
      callback(null, held.length ? Buffer.concat(held) : null);
    },
  });
}
