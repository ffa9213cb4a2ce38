import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

export const DEMO_IMAGE_WIDTH = 960;
export const DEMO_IMAGE_HEIGHT = 600;

/** A small deterministic pseudo-random generator seeded from a string. */
function rng(seed: string) {
  let h = createHash("sha256").update(seed).digest().readUInt32LE(0) || 1;
  return () => {
    h ^= h << 13;
    h ^= h >>> 17;
    h ^= h << 5;
    return ((h >>> 0) % 100000) / 100000;
  };
}

type Palette = { sky: [string, string]; hills: [string, string, string]; sun: string };
const PALETTES: Palette[] = [
  { sky: ["#f6d8a8", "#f4a259"], hills: ["#5b8e55", "#3f6e43", "#2d5233"], sun: "#fff3c4" },
  { sky: ["#cde7f0", "#8fc1d4"], hills: ["#7aa95c", "#4f7f3f", "#2f5a2c"], sun: "#ffffff" },
  { sky: ["#fbe3d0", "#e8a598"], hills: ["#9bb06f", "#6b8a4a", "#46602f"], sun: "#fff0d9" },
  { sky: ["#e2eccf", "#b5cf8f"], hills: ["#6f9a6a", "#4a7a55", "#2b5640"], sun: "#fdfbe6" },
  { sky: ["#d9e4f5", "#a7bde0"], hills: ["#8aa67a", "#5d7f5a", "#3b5b3f"], sun: "#ffffff" },
];

/** A procedural landscape illustration (hills, fields, trees) as SVG, different for every seed string. */
export function landscapeSvg(seed: string, width = DEMO_IMAGE_WIDTH, height = DEMO_IMAGE_HEIGHT): string {
  const r = rng(seed);
  const p = PALETTES[Math.floor(r() * PALETTES.length)] ?? PALETTES[0];
  if (!p) throw new Error("palette");
  const hill = (base: number, amp: number, color: string) => {
    const pts: string[] = [`M0 ${height}`];
    const steps = 8;
    for (let i = 0; i <= steps; i++) {
      const x = (i / steps) * width;
      const y = base + Math.sin(i * (0.8 + r()) + r() * 6) * amp;
      pts.push(`L${x.toFixed(0)} ${y.toFixed(0)}`);
    }
    pts.push(`L${width} ${height} Z`);
    return `<path d="${pts.join(" ")}" fill="${color}"/>`;
  };
  const trees: string[] = [];
  const treeCount = 6 + Math.floor(r() * 10);
  for (let i = 0; i < treeCount; i++) {
    const x = r() * width;
    const y = height * (0.62 + r() * 0.3);
    const s = 14 + r() * 26;
    trees.push(
      `<rect x="${(x - s * 0.08).toFixed(0)}" y="${y.toFixed(0)}" width="${(s * 0.16).toFixed(0)}" height="${(s * 0.8).toFixed(0)}" fill="#5a3e2b"/>`,
      `<circle cx="${x.toFixed(0)}" cy="${(y - s * 0.2).toFixed(0)}" r="${s.toFixed(0)}" fill="${p.hills[2]}" opacity="0.9"/>`,
    );
  }
  const rows: string[] = [];
  const fieldY = height * 0.78;
  for (let i = 0; i < 6; i++) {
    rows.push(
      `<path d="M${(width * 0.1 + i * 40).toFixed(0)} ${height} Q ${(width * 0.4).toFixed(0)} ${fieldY.toFixed(0)} ${(width * 0.9).toFixed(0)} ${(fieldY + i * 12).toFixed(0)}" stroke="#e9d8a6" stroke-width="5" fill="none" opacity="0.5"/>`,
    );
  }
  const sunX = width * (0.15 + r() * 0.7);
  const sunY = height * (0.15 + r() * 0.15);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#s)"/>
<circle cx="${sunX.toFixed(0)}" cy="${sunY.toFixed(0)}" r="${(40 + r() * 30).toFixed(0)}" fill="${p.sun}" opacity="0.85"/>
${hill(height * 0.5, 30, p.hills[0])}
${hill(height * 0.62, 24, p.hills[1])}
${rows.join("\n")}
${hill(height * 0.8, 16, p.hills[2])}
${trees.join("\n")}
</svg>`;
}

/**
 * Renders a landscape to WebP and JPEG files under `dir`, returning their public URLs.
 * Existing files are kept, so restarts do not redo the work.
 */
/** The file name (without extension) of a demo picture, from the entry's name. */
export function demoImageBase(key: string): string {
  return (
    key
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "image"
  );
}

export async function writeDemoImage(
  dir: string,
  urlPrefix: string,
  key: string,
): Promise<{ webpUrl: string; originalUrl: string; width: number; height: number }> {
  await fs.mkdir(dir, { recursive: true });
  const base = demoImageBase(key);
  const webp = path.join(dir, `${base}.webp`);
  const jpg = path.join(dir, `${base}.jpg`);
  const exists = await Promise.all([
    fs.access(webp).then(
      () => true,
      () => false,
    ),
    fs.access(jpg).then(
      () => true,
      () => false,
    ),
  ]);
  if (!exists.every(Boolean)) {
    const svg = Buffer.from(landscapeSvg(key));
    const img = sharp(svg);
    await Promise.all([
      img.clone().webp({ quality: 72 }).toFile(webp),
      img.clone().jpeg({ quality: 78, mozjpeg: true }).toFile(jpg),
    ]);
  }
  return {
    webpUrl: `${urlPrefix}/${base}.webp`,
    originalUrl: `${urlPrefix}/${base}.jpg`,
    width: DEMO_IMAGE_WIDTH,
    height: DEMO_IMAGE_HEIGHT,
  };
}

/** Podcast apps want square cover art of 1400 to 3000 pixels; 1400 keeps the file small. */
export const PODCAST_COVER_SIZE = 1400;

/** The podcast's cover: a square landscape with a sound-wave badge (no text, so no fonts are needed). */
export function podcastCoverSvg(size = PODCAST_COVER_SIZE): string {
  const landscape = landscapeSvg("Permaculture Network Podcast", size, size);
  const c = size / 2;
  const r = size * 0.24;
  const heights = [0.3, 0.55, 0.85, 1, 0.7, 0.45, 0.25];
  const barWidth = r * 0.13;
  const gap = r * 0.09;
  const left = c - (heights.length * barWidth + (heights.length - 1) * gap) / 2;
  const bars = heights
    .map((h, i) => {
      const height = r * 1.1 * h;
      const x = left + i * (barWidth + gap);
      return `<rect x="${x.toFixed(0)}" y="${(c - height / 2).toFixed(0)}" width="${barWidth.toFixed(0)}" height="${height.toFixed(0)}" rx="${(barWidth / 2).toFixed(0)}" fill="#ffffff"/>`;
    })
    .join("\n");
  const badge = `<circle cx="${c}" cy="${c}" r="${r.toFixed(0)}" fill="#1f3d2b" opacity="0.88"/>
<circle cx="${c}" cy="${c}" r="${(r * 1.06).toFixed(0)}" fill="none" stroke="#fff3c4" stroke-width="${(size * 0.008).toFixed(0)}"/>
${bars}
</svg>`;
  return landscape.replace(/<\/svg>\s*$/, badge);
}

/** Writes the podcast cover as a JPEG at `file` unless it is there already. */
export async function writePodcastCover(file: string): Promise<void> {
  const present = await fs.access(file).then(
    () => true,
    () => false,
  );
  if (present) return;
  await fs.mkdir(path.dirname(file), { recursive: true });
  // Written under another name first, so a reader never sees half a file.
  const partial = `${file}.${process.pid}.partial`;
  await sharp(Buffer.from(podcastCoverSvg())).jpeg({ quality: 80, mozjpeg: true }).toFile(partial);
  await fs.rename(partial, file);
}
