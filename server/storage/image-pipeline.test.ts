import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Sharp } from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { createLocalDriver } from "./drivers";
import { createStorageService, type StorageService } from "./service";

/** Every file path sharp was asked to open, in order. */
const opened: string[] = [];

vi.mock("sharp", async (importOriginal) => {
  const mod = await importOriginal<typeof import("sharp")>();
  const real = mod.default;
  const spy = (...args: Parameters<typeof real>) => {
    if (typeof args[0] === "string") opened.push(args[0]);
    return real(...args);
  };
  return { ...mod, default: Object.assign(spy, real) };
});

const { default: sharp } = await import("sharp");

let storage: StorageService;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "storage-pipeline-"));

const t = testDatabaseForFile({ reference: false });

beforeAll(async () => {
  storage = createStorageService({
    db: t.db,
    driver: createLocalDriver(path.join(scratch, "objects")),
    bucket: "pipeline",
    tempDir: path.join(scratch, "tmp"),
    limits: { maxUploadBytes: 25 * 1024 * 1024, quotaBytes: 1024 ** 3, maxImagePixels: 40_000_000 },
  });
});

afterAll(async () => {
  await fsp.rm(scratch, { recursive: true, force: true });
});

async function sourceFile(name: string, image: Sharp): Promise<string> {
  const file = path.join(scratch, name);
  await image.toFile(file);
  opened.length = 0;
  return file;
}

describe("image pipeline", () => {
  it("opens the upload once for its outputs and never reads an output back", async () => {
    const file = await sourceFile(
      "wide.jpg",
      sharp({ create: { width: 2000, height: 1000, channels: 3, background: "#40916c" } }).jpeg(),
    );
    const meta = await storage.createFromFile("p/wide.jpg", file);
    expect(meta.customMetadata).toMatchObject({ width: "2000", height: "1000" });
    // One header read for the pixel check, one input for the re-encode, the WebP and the three widths.
    expect(opened).toEqual([file, file]);
    for (const [w, h] of [
      [480, 240],
      [960, 480],
      [1600, 800],
    ]) {
      const copy = await storage.getMetadata(`p/wide.jpg@${w}.webp`);
      expect(copy.customMetadata).toEqual({ variantOf: "p/wide.jpg", width: String(w), height: String(h) });
    }
    const full = await storage.getMetadata("p/wide.jpg.webp");
    expect(full.customMetadata).toEqual({ variantOf: "p/wide.jpg", width: "2000", height: "1000" });
    // Sizes recorded from sharp's report match the stored bytes.
    const stored = await storage.openBlob(await storage.authorizeDownload(full.fullPath, full.downloadTokens));
    let bytes = 0;
    for await (const chunk of stored) bytes += (chunk as Buffer).length;
    expect(full.size).toBe(bytes);
  });

  it("records an animation's frame size, not the height of its stacked frames", async () => {
    const frames = await Promise.all(
      ["#40916c", "#d4a373", "#2d6a4f"].map((background) =>
        sharp({ create: { width: 1200, height: 400, channels: 4, background } })
          .png()
          .toBuffer(),
      ),
    );
    const file = await sourceFile("anim.gif", sharp(frames, { join: { animated: true } }).gif());
    const meta = await storage.createFromFile("p/anim.gif", file);
    expect(meta.contentType).toBe("image/gif");
    expect(meta.customMetadata).toMatchObject({ width: "1200", height: "400" });
    expect((await storage.getMetadata("p/anim.gif@480.webp")).customMetadata).toMatchObject({
      width: "480",
      height: "160",
    });
    expect(opened).toEqual([file, file]);
  });
});
