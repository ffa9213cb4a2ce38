/** What the first bytes of a file say it is. The file name and the declared Content-Type are never trusted. */
export type DetectedType =
  | { kind: "image"; mime: "image/jpeg" | "image/png" | "image/webp" | "image/gif" | "image/avif"; ext: string }
  | { kind: "svg"; mime: "image/svg+xml"; ext: "svg" }
  | { kind: "pdf"; mime: "application/pdf"; ext: "pdf" }
  | { kind: "audio"; mime: "audio/mpeg" | "audio/mp4" | "audio/ogg"; ext: string };

const ascii = (b: Uint8Array, start: number, end: number) => String.fromCharCode(...b.subarray(start, end));

const AUDIO_MP4_BRANDS = new Set(["M4A ", "M4B ", "M4P ", "mp42", "mp41", "isom", "dash", "iso2"]);

/** Detects an accepted type from the file's head (first 4 KB is plenty); null when not accepted. */
export function detectType(head: Uint8Array): DetectedType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return { kind: "image", mime: "image/jpeg", ext: "jpg" };
  }
  if (head.length >= 8 && ascii(head, 0, 8) === "\x89PNG\r\n\x1a\n")
    return { kind: "image", mime: "image/png", ext: "png" };
  if (head.length >= 6 && (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a")) {
    return { kind: "image", mime: "image/gif", ext: "gif" };
  }
  if (head.length >= 12 && ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") {
    return { kind: "image", mime: "image/webp", ext: "webp" };
  }
  if (head.length >= 12 && ascii(head, 4, 8) === "ftyp") {
    const brand = ascii(head, 8, 12);
    if (brand === "avif" || brand === "avis") return { kind: "image", mime: "image/avif", ext: "avif" };
    if (AUDIO_MP4_BRANDS.has(brand)) return { kind: "audio", mime: "audio/mp4", ext: "m4a" };
    return null;
  }
  if (head.length >= 5 && ascii(head, 0, 5) === "%PDF-") return { kind: "pdf", mime: "application/pdf", ext: "pdf" };
  if (head.length >= 4 && ascii(head, 0, 4) === "OggS") return { kind: "audio", mime: "audio/ogg", ext: "ogg" };
  if (head.length >= 3 && ascii(head, 0, 3) === "ID3") return { kind: "audio", mime: "audio/mpeg", ext: "mp3" };
  // MPEG audio frame sync: 11 set bits, layer bits not "reserved".
  if (head.length >= 2 && head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0 && ((head[1] ?? 0) & 0x06) !== 0) {
    return { kind: "audio", mime: "audio/mpeg", ext: "mp3" };
  }
  if (looksLikeSvg(head)) return { kind: "svg", mime: "image/svg+xml", ext: "svg" };
  return null;
}

function looksLikeSvg(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(head.subarray(0, Math.min(head.length, 4096)));
  } catch {
    // A multi-byte character cut at the 4 KB boundary: decode leniently instead.
    text = new TextDecoder("utf-8").decode(head.subarray(0, Math.min(head.length, 4096)));
  }
  const t = text
    .replace(/^\uFEFF/, "")
    .replace(/<\?xml[\s\S]*?\?>/, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .trimStart();
  return /^<svg[\s>]/i.test(t);
}

/** A human label for the refusal message, from the head bytes. */
export function describeUnknown(head: Uint8Array): string {
  const text = new TextDecoder("utf-8").decode(head.subarray(0, 512)).trimStart().toLowerCase();
  if (text.startsWith("<!doctype html") || text.startsWith("<html") || /<(head|body|script)[\s>]/.test(text)) {
    return "an HTML document";
  }
  if (text.startsWith("<?xml") || text.startsWith("<")) return "a markup document";
  if (head.length >= 2 && head[0] === 0x50 && head[1] === 0x4b) return "a ZIP archive";
  if (head.length >= 2 && head[0] === 0x4d && head[1] === 0x5a) return "a Windows executable";
  if (head.length >= 4 && head[0] === 0x7f && ascii(head, 1, 4) === "ELF") return "an executable";
  return "unrecognised content";
}

/**
 * SVG policy: an SVG is accepted only when it contains nothing active; otherwise it is refused (not rewritten),
 * because regex "sanitising" of XML is easy to get wrong. Accepted SVGs are still served with a sandbox CSP.
 * Returns the reason for refusal, or null when the SVG is clean.
 */
export function svgRefusalReason(svg: string): string | null {
  const s = svg.toLowerCase();
  if (/<!doctype|<!entity/.test(s)) return "it declares a DOCTYPE or entities";
  if (/<script[\s>/]/.test(s)) return "it contains a <script> element";
  if (/<foreignobject[\s>/]/.test(s)) return "it contains a <foreignObject> element";
  if (/\son[a-z]+\s*=/.test(s)) return "it contains an event handler attribute (on...)";
  if (/javascript:|vbscript:|data:text\/html/.test(s)) return "it contains a script URL";
  if (/(?:xlink:)?href\s*=\s*["']\s*(?!#)/.test(s)) return "it references an external resource";
  if (/url\(\s*["']?\s*(?!#)/.test(s)) return "it references an external resource in CSS";
  if (/@import/.test(s)) return "it imports external CSS";
  if (/<(iframe|embed|object|audio|video|image|use)[\s>/][^>]*(?:src|href)\s*=\s*["']\s*(?!#)/.test(s)) {
    return "it embeds external content";
  }
  return null;
}
