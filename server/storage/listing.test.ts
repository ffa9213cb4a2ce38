import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloadUrl, IMAGE_WIDTHS, thumbnailUrl, variantNames } from "~/lib/storage/paths";
import { mediaObjects } from "~db/schema";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { type MediaRow, mediaRow } from "~tests/helpers/media-rows";
import { createLocalDriver } from "./drivers";
import { createStorageService, type StorageService } from "./service";

let storage: StorageService;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "storage-listing-"));
const BUCKET = "listing";

/** A row as an upload leaves it: a JPEG original, or a generated WebP copy when it names its original. */
function row(fullPath: string, customMetadata: Record<string, string> = {}, token = `tok-${fullPath}`): MediaRow {
  const contentType = customMetadata.variantOf ? "image/webp" : "image/jpeg";
  return mediaRow(BUCKET, fullPath, { downloadTokens: token, contentType, customMetadata });
}

/** An original image with every generated copy, as the service stores a wide upload. */
function withCopies(fullPath: string): MediaRow[] {
  const names = variantNames(fullPath);
  return [
    row(fullPath, { width: "2000", height: "1200" }),
    row(names.webp, { variantOf: fullPath, width: "2000", height: "1200" }),
    ...IMAGE_WIDTHS.map((w) => row(names.sized.get(w) as string, { variantOf: fullPath, width: String(w) })),
  ];
}

const ORIGINALS = Array.from({ length: 23 }, (_, i) => `farm/photo-${String(i).padStart(2, "0")}.jpg`);

const t = testDatabaseForFile({ reference: false });

beforeAll(async () => {
  storage = createStorageService({
    db: t.db,
    driver: createLocalDriver(path.join(scratch, "objects")),
    bucket: BUCKET,
    tempDir: path.join(scratch, "tmp"),
    limits: { maxUploadBytes: 1024, quotaBytes: 1024 ** 3, maxImagePixels: 1_000_000 },
  });
  // Inserted shuffled: the order must come from the listing, not from insertion.
  const rows = [
    ...ORIGINALS.flatMap(withCopies),
    ...withCopies("farm/sub/deep.jpg"),
    row("farm/sub/notes.pdf"),
    // A folder that holds only generated copies (their original is elsewhere) is not a folder of files.
    row("farm/orphans/x.jpg.webp", { variantOf: "farm/photo-00.jpg" }),
    row("farm/readme.pdf"),
  ].sort(() => Math.random() - 0.5);
  await t.db.insert(mediaObjects).values(rows);
});

afterAll(async () => {
  await fsp.rm(scratch, { recursive: true, force: true });
});

async function walk(opts: { prefix: string; delimiter?: string; maxResults: number }) {
  const pages: { items: string[]; prefixes: string[] }[] = [];
  let pageToken: string | undefined;
  do {
    const page = await storage.list({ ...opts, pageToken });
    pages.push({ items: page.items.map((i) => i.fullPath), prefixes: page.prefixes });
    pageToken = page.nextPageToken;
  } while (pageToken && pages.length < 100);
  return pages;
}

describe("listing leaves generated copies out and pages over originals only", () => {
  it("fills every page but the last with originals and returns each exactly once (with the '/' delimiter)", async () => {
    const pages = await walk({ prefix: "farm/", delimiter: "/", maxResults: 5 });
    // 23 photos + readme.pdf + the sub/ folder = 25 entries: five full pages, no sixth.
    expect(pages.map((p) => p.items.length + p.prefixes.length)).toEqual([5, 5, 5, 5, 5]);
    const items = pages.flatMap((p) => p.items);
    expect(items.filter((p) => p.endsWith(".webp"))).toEqual([]);
    expect(items).toEqual([...ORIGINALS, "farm/readme.pdf"]);
    expect(new Set(items).size).toBe(items.length);
    expect(pages.flatMap((p) => p.prefixes)).toEqual(["farm/sub/"]);
  });

  it("pages a flat listing (no delimiter) the same way, into sub-folders too", async () => {
    const pages = await walk({ prefix: "farm/", maxResults: 7 });
    const items = pages.flatMap((p) => p.items);
    expect(items).toEqual([...ORIGINALS, "farm/readme.pdf", "farm/sub/deep.jpg", "farm/sub/notes.pdf"]);
    expect(pages.slice(0, -1).every((p) => p.items.length === 7)).toBe(true);
    expect(pages.flatMap((p) => p.prefixes)).toEqual([]);
  });

  it("keeps entries in name order across a folder boundary and never repeats a folder", async () => {
    const pages = await walk({ prefix: "", delimiter: "/", maxResults: 1 });
    expect(pages).toEqual([{ items: [], prefixes: ["farm/"] }]);
    const sub = await walk({ prefix: "farm/sub/", delimiter: "/", maxResults: 1 });
    expect(sub).toEqual([
      { items: ["farm/sub/deep.jpg"], prefixes: [] },
      { items: ["farm/sub/notes.pdf"], prefixes: [] },
    ]);
  });

  it("answers an exact page without a next token, and refuses a token from another listing", async () => {
    const all = await storage.list({ prefix: "farm/sub/", delimiter: "/", maxResults: 2 });
    expect(all.items.map((i) => i.fullPath)).toEqual(["farm/sub/deep.jpg", "farm/sub/notes.pdf"]);
    expect(all.nextPageToken).toBeUndefined();
    const first = await storage.list({ prefix: "farm/", delimiter: "/", maxResults: 2 });
    expect(first.nextPageToken).toBeDefined();
    await expect(
      storage.list({ prefix: "farm/sub/", delimiter: "/", pageToken: first.nextPageToken }),
    ).rejects.toMatchObject({ code: "storage/invalid-argument" });
  });
});

describe("generated copies open with their original's token", () => {
  it("serves the 480 px preview with the original's current token and stops when that token is rotated", async () => {
    const original = "farm/photo-03.jpg";
    const meta = await storage.getMetadata(original);
    const thumb = thumbnailUrl(meta);
    expect(thumb).toBe(downloadUrl(`${original}@480.webp`, `tok-${original}`));
    const copy = await storage.authorizeDownload(`${original}@480.webp`, `tok-${original}`);
    expect(copy.fullPath).toBe(`${original}@480.webp`);
    // The copy's own token keeps working; another original's token does not open it.
    await expect(storage.authorizeDownload(`${original}@480.webp`, `tok-${original}@480.webp`)).resolves.toBeTruthy();
    await expect(storage.authorizeDownload(`${original}@480.webp`, "tok-farm/photo-04.jpg")).rejects.toMatchObject({
      code: "storage/unauthorized",
    });
    await storage.rotateToken(original);
    await expect(storage.authorizeDownload(`${original}@480.webp`, `tok-${original}`)).rejects.toMatchObject({
      code: "storage/unauthorized",
    });
  });

  it("does not let an original's token open a file that only claims to be its copy", async () => {
    // Stored under another name with variantOf pointing at photo-00 (not one of its generated names).
    await expect(storage.authorizeDownload("farm/orphans/x.jpg.webp", "tok-farm/photo-00.jpg")).rejects.toMatchObject({
      code: "storage/unauthorized",
    });
  });
});
