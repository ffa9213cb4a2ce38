import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, count, eq, like, sql } from "drizzle-orm";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { STORAGE_MESSAGES } from "~/lib/storage/errors";
import {
  downloadUrl,
  encodeObjectPath,
  firstDownloadUrl,
  type StorageMetadata,
  thumbnailUrl,
} from "~/lib/storage/paths";
import { getImageUrls } from "~/queries/media.server";
import { onContentChanged } from "~/services/entries/content-events.server";
import { resolvePicture } from "~/services/entries/stored-image.server";
import type { Services } from "~/services/services.server";
import { changeMakers, locations, mediaObjects, users } from "~db/schema";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { staffAccount } from "~tests/helpers/staff-accounts";
import { s3rverDriver, serveStorageApi } from "~tests/helpers/storage-api";
import { type BlobDriver, createLocalDriver } from "./drivers";
import { createStorageService, type StorageService } from "./service";

const MB = 1024 * 1024;
const SITE_URL = "https://permaculture.example.org";
const BIG_PNG = path.join(os.tmpdir(), "storage-test-30000x30000.png");

type Harness = { base: string; storage: StorageService; driver: BlobDriver; tempDir: string; close(): Promise<void> };

let adminId: string;
let userId: string;
let s3: S3rver | null = null;
let s3Port = 0;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "storage-test-"));

const t = testDatabaseForFile({ reference: false });

beforeAll(async () => {
  adminId = await staffAccount(t.db, "media-admin@example.org", "Media Admin");
  userId = await staffAccount(t.db, "media-user@example.org", "Plain User", "DEFAULT");
  s3 = new S3rver({ port: 0, address: "127.0.0.1", directory: path.join(scratch, "s3rver"), silent: true });
  s3Port = (await s3.run()).port;
  if (!fs.existsSync(BIG_PNG)) {
    // 900 megapixels of one colour: about 2.7 MB on disk, a classic decompression bomb.
    await sharp({
      limitInputPixels: false,
      create: { width: 30000, height: 30000, channels: 3, background: "#2d6a4f" },
    })
      .png({ compressionLevel: 9 })
      .toFile(`${BIG_PNG}.part`);
    await fsp.rename(`${BIG_PNG}.part`, BIG_PNG);
  }
}, 180_000);

afterAll(async () => {
  await s3?.close();
  await fsp.rm(scratch, { recursive: true, force: true });
});

async function startHarness(
  kind: "local" | "s3",
  limits = { maxUploadBytes: 25 * MB, quotaBytes: 5 * 1024 * MB, maxImagePixels: 40_000_000 },
): Promise<Harness> {
  const dir = await fsp.mkdtemp(path.join(scratch, `${kind}-`));
  const tempDir = path.join(dir, "tmp");
  let driver: BlobDriver;
  let bucket = "local";
  if (kind === "s3") {
    bucket = `media-${path
      .basename(dir)
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, "")}`;
    driver = await s3rverDriver(s3Port, bucket);
  } else {
    driver = createLocalDriver(path.join(dir, "objects"));
  }
  const storage = createStorageService({ db: t.db, driver, bucket, tempDir, limits });
  const auth = {
    api: {
      // Stand-in for better-auth: the test names the signed-in user in a header.
      getSession: async ({ headers }: { headers: Headers }) => {
        const id = headers.get("x-test-user");
        return id ? { user: { id, email: "x@example.org", name: "x" }, session: { id: "s" } } : null;
      },
    },
  } as unknown as Services["auth"];
  const api = await serveStorageApi({ handle: t, storage, auth, siteUrl: SITE_URL });
  return { ...api, storage, driver, tempDir };
}

const as = (user: string | null): Record<string, string> => (user ? { "x-test-user": user } : {});

async function upload(
  h: Harness,
  name: string,
  body: Blob | string | Uint8Array,
  opts: { user?: string | null; filename?: string; type?: string; fields?: Record<string, string> } = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v);
  const blob =
    body instanceof Blob ? body : new Blob([body as BlobPart], { type: opts.type ?? "application/octet-stream" });
  form.append("file", blob, opts.filename ?? name.split("/").pop());
  return fetch(`${h.base}/api/storage/o?name=${encodeURIComponent(name)}`, {
    method: "POST",
    body: form,
    headers: as(opts.user === undefined ? adminId : opts.user),
  });
}

async function expectError(res: Response, status: number, code: string, message?: string | RegExp) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { error: { code: string; message: string; status: number } };
  expect(body.error.code).toBe(code);
  expect(body.error.status).toBe(status);
  if (typeof message === "string") expect(body.error.message).toBe(message);
  else if (message) expect(body.error.message).toMatch(message);
  return body.error;
}

async function rowCount(h: Harness): Promise<number> {
  const { eq } = await import("drizzle-orm");
  const r = await t.db.select({ n: count() }).from(mediaObjects).where(eq(mediaObjects.bucket, h.storage.bucket));
  return r[0]?.n ?? 0;
}

/** Every stored path under a prefix, generated copies included (the listing API leaves those out). */
async function storedPaths(h: Harness, prefix: string): Promise<string[]> {
  const rows = await t.db
    .select({ p: mediaObjects.fullPath })
    .from(mediaObjects)
    .where(and(eq(mediaObjects.bucket, h.storage.bucket), like(mediaObjects.fullPath, `${prefix}%`)));
  // Sorted in JavaScript (code unit order) so the expectations do not depend on the database's collation.
  return rows.map((r) => r.p).sort();
}

/**
 * Every download URL of a stored image at this moment: the original's, each copy's own, and each copy opened with
 * the original's token (as the library's preview is).
 */
async function allLinks(h: Harness, name: string, copyPaths: string[]): Promise<string[]> {
  const original = await h.storage.getMetadata(name);
  const urls = [firstDownloadUrl(original)];
  for (const p of copyPaths) {
    urls.push(firstDownloadUrl(await h.storage.getMetadata(p)), downloadUrl(p, original.downloadTokens));
  }
  return urls;
}

/** Every URL of a srcset ("url 480w, url 960w" or a single URL). */
function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(",")
    .map((part) => part.trim().split(/\s+/)[0] ?? "")
    .filter(Boolean);
}

async function expectNothingWritten(h: Harness, before: { rows: number; blobs: number }) {
  expect(await rowCount(h)).toBe(before.rows);
  expect((await h.driver.list()).length).toBe(before.blobs);
  const temp = await fsp.readdir(h.tempDir).catch(() => []);
  expect(temp).toEqual([]);
}

async function snapshot(h: Harness) {
  return { rows: await rowCount(h), blobs: (await h.driver.list()).length };
}

/** Bytes the client may have in flight past the point of refusal (socket and stream buffers on loopback). */
const UPLOAD_SLACK = 8 * MB;

/**
 * A request body of `total` zero bytes, made on demand, that records how many bytes the upload has pulled from it,
 * so a test can tell whether the server stopped reading or took the whole file.
 */
function countingBody(total: number) {
  const chunk = new Uint8Array(64 * 1024);
  let pulled = 0;
  let last = Date.now();
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        last = Date.now();
        if (pulled >= total) return controller.close();
        const n = Math.min(chunk.length, total - pulled);
        pulled += n;
        controller.enqueue(chunk.slice(0, n));
      },
    },
    { highWaterMark: 0 },
  );
  return {
    body,
    pulled: () => pulled,
    /** Resolves once nothing more has been pulled for a while (the upload has stopped, one way or another). */
    async settled(quietMs = 300) {
      while (Date.now() - last < quietMs) await new Promise((r) => setTimeout(r, 50));
    },
  };
}

async function photo(width: number, height: number): Promise<Uint8Array> {
  return sharp({ create: { width, height, channels: 3, background: "#40916c" } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="50%" cy="50%" r="30%" fill="#d4a373"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: "secret-camera-owner", Artist: "Jane Doe" } } })
    .toBuffer()
    .then((b) => new Uint8Array(b));
}

describe.each(["local", "s3"] as const)("storage API with the %s driver", (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("uploads an image, strips EXIF, stores WebP variants and returns every metadata field", async () => {
    const jpeg = await photo(2000, 1200);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(h, "locations/farm one.jpg", jpeg, {
      filename: "farm one.jpg",
      fields: {
        cacheControl: "public, max-age=600",
        contentLanguage: "en",
        customMetadata: JSON.stringify({ alt: "A farm" }),
      },
    });
    expect(res.status).toBe(200);
    const meta = (await res.json()) as StorageMetadata;
    expect(Object.keys(meta).sort()).toEqual(
      [
        "bucket",
        "generation",
        "metageneration",
        "fullPath",
        "name",
        "size",
        "timeCreated",
        "updated",
        "md5Hash",
        "cacheControl",
        "contentDisposition",
        "contentEncoding",
        "contentLanguage",
        "contentType",
        "customMetadata",
        "downloadTokens",
      ].sort(),
    );
    expect(meta).toMatchObject({
      bucket: h.storage.bucket,
      fullPath: "locations/farm one.jpg",
      name: "farm one.jpg",
      metageneration: "1",
      contentType: "image/jpeg",
      cacheControl: "public, max-age=600",
      contentLanguage: "en",
      customMetadata: { alt: "A farm", width: "2000", height: "1200" },
    });
    expect(meta.md5Hash).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(meta.generation).toMatch(/^\d+$/);

    const got = await fetch(`${h.base}/api/storage/o/${encodeObjectPath(meta.fullPath)}`, { headers: as(adminId) });
    expect(await got.json()).toEqual(meta);

    const dl = await fetch(`${h.base}${firstDownloadUrl(meta)}`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get("content-type")).toBe("image/jpeg");
    expect(dl.headers.get("x-content-type-options")).toBe("nosniff");
    expect(dl.headers.get("cache-control")).toBe("public, max-age=600");
    expect(dl.headers.get("content-disposition")).toBe(
      `inline; filename="farm one.jpg"; filename*=UTF-8''farm%20one.jpg`,
    );
    const bytes = Buffer.from(await dl.arrayBuffer());
    expect(bytes.length).toBe(meta.size);
    const stored = await sharp(bytes).metadata();
    expect(stored.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from("secret-camera-owner"))).toBe(false);

    // The listing shows the original only; its generated copies exist beside it.
    const listed = await fetch(`${h.base}/api/storage/o?prefix=locations/&delimiter=/`, { headers: as(adminId) });
    const list = (await listed.json()) as { items: StorageMetadata[] };
    expect(list.items.map((i) => i.fullPath)).toEqual(["locations/farm one.jpg"]);
    expect(await storedPaths(h, "locations/")).toEqual([
      "locations/farm one.jpg",
      "locations/farm one.jpg.webp",
      "locations/farm one.jpg@1600.webp",
      "locations/farm one.jpg@480.webp",
      "locations/farm one.jpg@960.webp",
    ]);
    const w480 = (await (
      await fetch(`${h.base}/api/storage/o/${encodeObjectPath("locations/farm one.jpg@480.webp")}`, {
        headers: as(adminId),
      })
    ).json()) as StorageMetadata;
    expect(w480.customMetadata).toMatchObject({ variantOf: "locations/farm one.jpg", width: "480", height: "288" });
    expect(w480.contentType).toBe("image/webp");
    expect(w480.size).toBe(Buffer.from(await (await fetch(`${h.base}${firstDownloadUrl(w480)}`)).arrayBuffer()).length);

    // The library's preview is the 480 px copy, opened with the original's token.
    const thumb = thumbnailUrl(meta);
    expect(thumb).toBe(downloadUrl("locations/farm one.jpg@480.webp", meta.downloadTokens));
    const small = await fetch(`${h.base}${thumb}`);
    expect(small.status).toBe(200);
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(480);

    const urls = await getImageUrls(t.db, h.storage.bucket, "locations/farm one.jpg");
    expect(urls).toMatchObject({ originalUrl: firstDownloadUrl(meta), width: 2000, height: 1200 });
    expect(urls?.webpUrl).toMatch(/^\/api\/storage\/download\/locations\/farm%20one\.jpg\.webp\?token=/);
    expect(urls?.srcset.split(", ").map((s) => s.split(" ")[1])).toEqual(["480w", "960w", "1600w", "2000w"]);
    const webp = await fetch(`${h.base}${urls?.webpUrl}`);
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).width).toBe(2000);
  });

  it("never upscales: a small image gets only the full-size WebP", async () => {
    const res = await upload(
      h,
      "small/icon.png",
      await sharp({ create: { width: 300, height: 200, channels: 4, background: "#ffffff00" } })
        .png()
        .toBuffer(),
    );
    expect(res.status).toBe(200);
    expect(await storedPaths(h, "small/")).toEqual(["small/icon.png", "small/icon.png.webp"]);
    // Too small for a 480 px copy: its preview is the file itself.
    const meta = (await res.json()) as StorageMetadata;
    expect(thumbnailUrl(meta)).toBe(firstDownloadUrl(meta));
  });

  it("lists with prefix, delimiter, pageToken and maxResults bounds", async () => {
    for (const n of ["docs/a.pdf", "docs/b.pdf", "docs/c.pdf", "docs/deep/d.pdf"]) {
      const r = await upload(h, n, `%PDF-1.4\n% ${n}\n%%EOF\n`);
      expect(r.status).toBe(200);
    }
    const root = (await (await fetch(`${h.base}/api/storage/o?delimiter=/`, { headers: as(adminId) })).json()) as {
      prefixes: string[];
      items: StorageMetadata[];
    };
    expect(root.prefixes).toEqual(expect.arrayContaining(["docs/", "locations/", "small/"]));
    expect(root.items).toEqual([]);

    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const q = new URLSearchParams({
        prefix: "docs/",
        delimiter: "/",
        maxResults: "2",
        ...(token ? { pageToken: token } : {}),
      });
      const page = (await (await fetch(`${h.base}/api/storage/o?${q}`, { headers: as(adminId) })).json()) as {
        prefixes: string[];
        items: StorageMetadata[];
        nextPageToken?: string;
      };
      seen.push(...page.items.map((i) => i.fullPath), ...page.prefixes);
      token = page.nextPageToken;
      pages++;
    } while (token && pages < 10);
    expect(pages).toBe(2);
    expect(seen.sort()).toEqual(["docs/a.pdf", "docs/b.pdf", "docs/c.pdf", "docs/deep/"]);

    for (const bad of ["0", "1001", "-1", "abc", "2.5"]) {
      await expectError(
        await fetch(`${h.base}/api/storage/o?maxResults=${bad}`, { headers: as(adminId) }),
        400,
        "storage/invalid-argument",
        /maxResults must be between 1 and 1000/,
      );
    }
    expect((await fetch(`${h.base}/api/storage/o?maxResults=1000`, { headers: as(adminId) })).status).toBe(200);
    await expectError(
      await fetch(`${h.base}/api/storage/o?pageToken=not-a-token`, { headers: as(adminId) }),
      400,
      "storage/invalid-argument",
      /Invalid page token/,
    );
  });

  it("download URLs need the current token; rotating revokes the old URL", async () => {
    const meta = (await (await upload(h, "docs/token.pdf", "%PDF-1.7\nhello\n")).json()) as StorageMetadata;
    const url = firstDownloadUrl(meta);
    expect((await fetch(`${h.base}${url}`)).status).toBe(200);
    const pdf = await fetch(`${h.base}${url}`);
    expect(pdf.headers.get("content-disposition")).toMatch(/^inline;/);
    await expectError(
      await fetch(`${h.base}/api/storage/download/docs/token.pdf`),
      403,
      "storage/unauthorized",
      STORAGE_MESSAGES.unauthorized("docs/token.pdf"),
    );
    await expectError(
      await fetch(`${h.base}/api/storage/download/docs/token.pdf?token=wrong`),
      403,
      "storage/unauthorized",
      "User does not have permission to access 'docs/token.pdf'.",
    );
    await expectError(
      await fetch(`${h.base}/api/storage/download/docs/missing.pdf?token=x`),
      404,
      "storage/object-not-found",
    );

    const range = await fetch(`${h.base}${url}`, { headers: { Range: "bytes=0-4" } });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe("%PDF-");
    // A range past the end is 416 with the size, but only for a valid token: without one nothing is revealed.
    const past = await fetch(`${h.base}${url}`, { headers: { Range: "bytes=999999-" } });
    expect(past.status).toBe(416);
    const probe = await fetch(`${h.base}/api/storage/download/docs/token.pdf`, { headers: { Range: "bytes=999999-" } });
    await expectError(probe, 403, "storage/unauthorized");
    expect(probe.headers.get("content-range")).toBeNull();

    const rotated = await fetch(`${h.base}/api/storage/o/${encodeObjectPath(meta.fullPath)}/token`, {
      method: "POST",
      headers: as(adminId),
    });
    const after = (await rotated.json()) as StorageMetadata;
    expect(after.downloadTokens).not.toBe(meta.downloadTokens);
    expect(after.metageneration).toBe("2");
    await expectError(await fetch(`${h.base}${url}`), 403, "storage/unauthorized");
    expect((await fetch(`${h.base}${firstDownloadUrl(after)}`)).status).toBe(200);
  });

  it("making a new link revokes every old URL of an image and of each copy, and content is given the new links", async () => {
    const name = `rotate/${kind} farm.jpg`;
    const meta = (await (await upload(h, name, await photo(2000, 1200))).json()) as StorageMetadata;
    const copyPaths = [`${name}.webp`, `${name}@480.webp`, `${name}@960.webp`, `${name}@1600.webp`];
    expect(await storedPaths(h, `rotate/${kind} `)).toEqual([name, ...copyPaths].sort());
    const before = await allLinks(h, name, copyPaths);
    // Each copy answers both to its own link and to its original's token (the library's preview uses the latter).
    expect(before.length).toBe(1 + copyPaths.length * 2);
    for (const url of before) expect((await fetch(`${h.base}${url}`)).status, url).toBe(200);
    const pageUrls = await getImageUrls(t.db, h.storage.bucket, name);
    expect(pageUrls).not.toBeNull();

    // Content showing the image: a place by relative links, a change-maker by absolute ones on the site's address;
    // another site's address with the same path is not this site's link and stays as it was.
    const [place] = await t.db
      .insert(locations)
      .values({
        name: `Rotation farm ${kind}`,
        originalImageUrl: pageUrls?.originalUrl,
        webpImageUrl: pageUrls?.webpUrl,
      })
      .returning();
    const elsewhere = `https://elsewhere.example.org${pageUrls?.originalUrl}`;
    const [person] = await t.db
      .insert(changeMakers)
      .values({
        name: `Rotation person ${kind}`,
        photoUrl: `${SITE_URL}${pageUrls?.originalUrl}`,
        webpPhotoUrl: elsewhere,
      })
      .returning();
    const announced: string[] = [];
    const stop = onContentChanged(t.bus, (entity) => announced.push(entity));

    const rotated = await fetch(`${h.base}/api/storage/o/${encodeObjectPath(name)}/token`, {
      method: "POST",
      headers: as(adminId),
    });
    expect(rotated.status).toBe(200);
    const after = (await rotated.json()) as StorageMetadata;
    expect(after.fullPath).toBe(name);
    expect(after.downloadTokens).not.toBe(meta.downloadTokens);

    for (const url of before) {
      await expectError(await fetch(`${h.base}${url}`), 403, "storage/unauthorized");
    }
    const now = await allLinks(h, name, copyPaths);
    expect(now.length).toBe(before.length);
    expect(now.filter((u) => before.includes(u))).toEqual([]);
    for (const url of now) expect((await fetch(`${h.base}${url}`)).status, url).toBe(200);

    // The pages' links are the new ones, at once: the place's image and WebP sources, the person's photo.
    const fresh = await getImageUrls(t.db, h.storage.bucket, name);
    const [placeNow] = await t.db
      .select()
      .from(locations)
      .where(eq(locations.id, place?.id ?? ""));
    expect(placeNow).toMatchObject({ originalImageUrl: fresh?.originalUrl, webpImageUrl: fresh?.webpUrl });
    expect(placeNow?.updatedAt).toEqual(place?.updatedAt);
    const picture = await resolvePicture(t, h.storage.bucket, {
      original: placeNow?.originalImageUrl ?? null,
      webp: placeNow?.webpImageUrl ?? null,
    });
    const shown = [picture.fallback ?? "", ...srcsetUrls(picture.srcSet ?? "")];
    expect(shown.length).toBe(5);
    for (const url of shown) {
      expect(now).toContain(url);
      expect((await fetch(`${h.base}${url}`)).status, url).toBe(200);
    }
    const [personNow] = await t.db
      .select()
      .from(changeMakers)
      .where(eq(changeMakers.id, person?.id ?? ""));
    expect(personNow).toMatchObject({ photoUrl: `${SITE_URL}${fresh?.originalUrl}`, webpPhotoUrl: elsewhere });
    await vi.waitFor(() => expect(announced).toEqual(expect.arrayContaining(["media", "locations", "changeMakers"])));
    stop();
  });

  it("an object without a download token has no download URL", async () => {
    const meta = (await (await upload(h, "docs/no-token.pdf", "%PDF-1.7\n")).json()) as StorageMetadata;
    const { eq } = await import("drizzle-orm");
    await t.db.update(mediaObjects).set({ downloadTokens: "" }).where(eq(mediaObjects.fullPath, meta.fullPath));
    await expectError(
      await fetch(`${h.base}/api/storage/download/docs/no-token.pdf?token=x`),
      404,
      "storage/no-download-url",
      "The given file does not have any download URLs.",
    );
    expect(() => firstDownloadUrl({ ...meta, downloadTokens: "" })).toThrow(
      "The given file does not have any download URLs.",
    );
  });

  it("deletes an object with its variants and bytes", async () => {
    await upload(h, "gone/pic.jpg", await photo(1000, 600));
    const before = await snapshot(h);
    const del = await fetch(`${h.base}/api/storage/o/gone/pic.jpg`, { method: "DELETE", headers: as(adminId) });
    expect(del.status).toBe(204);
    const after = await snapshot(h);
    expect(before.rows - after.rows).toBe(4); // original, .webp, @480, @960
    expect(before.blobs - after.blobs).toBe(4);
    await expectError(
      await fetch(`${h.base}/api/storage/o/gone/pic.jpg`, { headers: as(adminId) }),
      404,
      "storage/object-not-found",
    );
    await expectError(
      await fetch(`${h.base}/api/storage/o/gone/pic.jpg`, { method: "DELETE", headers: as(adminId) }),
      404,
      "storage/object-not-found",
    );
  });

  it("re-uploading replaces its own copies and leaves a same-named file someone else uploaded alone", async () => {
    const own = await photo(2000, 1200);
    expect((await upload(h, "swap/pic", own, { filename: "pic.jpg" })).status).toBe(200);
    expect(await storedPaths(h, "swap/")).toEqual(
      ["swap/pic", "swap/pic.webp", "swap/pic@1600.webp", "swap/pic@480.webp", "swap/pic@960.webp"].sort(),
    );
    // A smaller image produces fewer copies: the larger ones of the old version go.
    expect((await upload(h, "swap/pic", await photo(600, 400), { filename: "pic.jpg" })).status).toBe(200);
    expect(await storedPaths(h, "swap/")).toEqual(["swap/pic", "swap/pic.webp", "swap/pic@480.webp"].sort());

    // An admin's own file under a copy's name survives an image uploaded next to it.
    const theirs = await photo(300, 200);
    const webp = await sharp(theirs).webp().toBuffer();
    expect((await upload(h, "mine/logo.webp", webp, { filename: "logo.webp" })).status).toBe(200);
    const before = await h.storage.getMetadata("mine/logo.webp");
    expect((await upload(h, "mine/logo", await photo(2000, 1200), { filename: "logo.jpg" })).status).toBe(200);
    const kept = await h.storage.getMetadata("mine/logo.webp");
    expect(kept.md5Hash).toBe(before.md5Hash);
    expect(kept.customMetadata?.variantOf).toBeUndefined();
  });

  it("refuses client metadata under the keys the service writes on image copies", async () => {
    const before = await snapshot(h);
    await expectError(
      await upload(h, "x/fake.svg", '<svg xmlns="http://www.w3.org/2000/svg"/>', {
        type: "image/svg+xml",
        fields: { customMetadata: JSON.stringify({ variantOf: "locations/farm one.jpg", width: "9000" }) },
      }),
      400,
      "storage/invalid-argument",
      /variantOf, width are reserved/,
    );
    await expectNothingWritten(h, before);
  });

  it("refuses a disabled administrator like a signed-out one, as the admin pages do", async () => {
    const bannedId = await staffAccount(t.db, `banned-${Date.now()}@example.org`, "Disabled Admin");
    await t.db.update(users).set({ banned: true }).where(eq(users.id, bannedId));
    const before = await snapshot(h);
    await expectError(
      await upload(h, "x/banned.pdf", "%PDF-1.4\n", { user: bannedId }),
      401,
      "storage/unauthenticated",
    );
    await expectError(
      await fetch(`${h.base}/api/storage/o?prefix=docs/`, { headers: as(bannedId) }),
      401,
      "storage/unauthenticated",
    );
    await expectNothingWritten(h, before);
  });

  it("refuses anonymous and non-admin callers with the catalogue messages", async () => {
    const before = await snapshot(h);
    await expectError(
      await upload(h, "x/anon.pdf", "%PDF-1.4\n", { user: null }),
      401,
      "storage/unauthenticated",
      "User is not authenticated, please authenticate using Firebase Authentication and try again.",
    );
    await expectError(
      await upload(h, "x/user.pdf", "%PDF-1.4\n", { user: userId }),
      403,
      "storage/unauthorized",
      "User does not have permission to access 'x/user.pdf'.",
    );
    await expectError(await fetch(`${h.base}/api/storage/o?prefix=docs/`), 401, "storage/unauthenticated");
    await expectError(
      await fetch(`${h.base}/api/storage/o/docs/a.pdf`, { headers: as(userId) }),
      403,
      "storage/unauthorized",
      "User does not have permission to access 'docs/a.pdf'.",
    );
    await expectError(
      await fetch(`${h.base}/api/storage/o/docs/a.pdf`, { method: "DELETE", headers: as(userId) }),
      403,
      "storage/unauthorized",
    );
    await expectError(
      await fetch(`${h.base}/api/storage/o/docs/a.pdf/token`, { method: "POST" }),
      401,
      "storage/unauthenticated",
    );
    await expectNothingWritten(h, before);
  });

  it("refuses a decompression bomb (30000 × 30000 PNG) with bounded memory and writes nothing", async () => {
    const before = await snapshot(h);
    const rss0 = process.memoryUsage().rss;
    const res = await upload(h, "bombs/huge.png", new Blob([await fsp.readFile(BIG_PNG)], { type: "image/png" }));
    await expectError(res, 400, "storage/invalid-argument", /30000 × 30000 pixels .*limited to 40 megapixels/);
    expect(process.memoryUsage().rss - rss0).toBeLessThan(300 * MB);
    await expectNothingWritten(h, before);
  });

  it("refuses an HTML file renamed .jpg by its bytes", async () => {
    const before = await snapshot(h);
    const res = await upload(h, "x/photo.jpg", "<!DOCTYPE html><html><body><script>alert(1)</script></body></html>", {
      type: "image/jpeg",
      filename: "photo.jpg",
    });
    await expectError(res, 415, "storage/unsupported-media-type", /not accepted \(an HTML document\)/);
    await expectNothingWritten(h, before);
  });

  it("refuses an SVG with a script but keeps a clean SVG, served sandboxed", async () => {
    const before = await snapshot(h);
    const evil = `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><circle r="5"/></svg>`;
    await expectError(
      await upload(h, "x/evil.svg", evil, { type: "image/svg+xml" }),
      415,
      "storage/unsupported-media-type",
      /contains a <script> element/,
    );
    await expectError(
      await upload(h, "x/onload.svg", `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`),
      415,
      "storage/unsupported-media-type",
      /event handler/,
    );
    await expectError(
      await upload(
        h,
        "x/ext.svg",
        `<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>`,
      ),
      415,
      "storage/unsupported-media-type",
      /external/,
    );
    await expectNothingWritten(h, before);
    const ok = await upload(
      h,
      "icons/leaf.svg",
      `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h10v10z" fill="#2d6a4f"/></svg>`,
    );
    expect(ok.status).toBe(200);
    const meta = (await ok.json()) as StorageMetadata;
    expect(meta.contentType).toBe("image/svg+xml");
    const dl = await fetch(`${h.base}${firstDownloadUrl(meta)}`);
    expect(dl.headers.get("content-security-policy")).toMatch(/^sandbox/);
  });

  it("refuses a 50 MB file while it streams in (declared or not) and writes nothing", async () => {
    const before = await snapshot(h);
    const post = (body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
      fetch(`${h.base}/api/storage/o?name=big/fifty.pdf`, {
        method: "POST",
        headers: { ...as(adminId), "Content-Type": "application/pdf", ...headers },
        body,
        duplex: "half",
      } as RequestInit & { duplex: "half" });

    // Streamed without Content-Length: the server counts bytes and answers as soon as the count passes the limit.
    const streamed = countingBody(50 * MB);
    const res = await post(streamed.body);
    const pulledAtAnswer = streamed.pulled();
    await expectError(
      res,
      413,
      "storage/payload-too-large",
      "The file is larger than the 25 MB upload limit; nothing was stored.",
    );
    expect(pulledAtAnswer).toBeGreaterThan(25 * MB);
    expect(pulledAtAnswer).toBeLessThan(25 * MB + UPLOAD_SLACK);
    await streamed.settled();
    expect(streamed.pulled()).toBeLessThan(25 * MB + UPLOAD_SLACK);

    // Declared Content-Length above the limit: refused before the body is read.
    const declared = countingBody(50 * MB);
    const res2 = await post(declared.body, { "Content-Length": String(50 * MB) });
    const pulledAtRefusal = declared.pulled();
    await expectError(res2, 413, "storage/payload-too-large");
    expect(pulledAtRefusal).toBeLessThan(UPLOAD_SLACK);
    await declared.settled();
    expect(declared.pulled()).toBeLessThan(UPLOAD_SLACK);
    await expectNothingWritten(h, before);
  });

  it("refuses unsafe object names and writes nothing", async () => {
    const before = await snapshot(h);
    const cases: [string, RegExp][] = [
      ["../etc/passwd.pdf", /'\.' or '\.\.' segments/],
      ["docs/../../x.pdf", /'\.' or '\.\.' segments/],
      ["/abs.pdf", /cannot start with '\/'/],
      ["docs\\win.pdf", /backslashes/],
      ["docs//x.pdf", /empty segments/],
      ["docs/x\u0000.pdf", /control characters/],
    ];
    for (const [name, msg] of cases) {
      await expectError(await upload(h, name, "%PDF-1.4\n"), 400, "storage/invalid-argument", msg);
    }
    await expectError(await upload(h, "", "%PDF-1.4\n"), 400, "storage/invalid-root-operation");
    await expectNothingWritten(h, before);
  });

  it("checks upload strings against their declared encoding", async () => {
    const before = await snapshot(h);
    const post = (format: string, body: string) =>
      fetch(`${h.base}/api/storage/o?name=strings/s.pdf&uploadType=${format}`, {
        method: "POST",
        headers: { ...as(adminId), "Content-Type": "text/plain" },
        body,
      });
    await expectError(
      await post("base64", "not base64!!"),
      400,
      "storage/invalid-format",
      "String does not match format 'base64': Invalid character found",
    );
    await expectError(await post("base64url", "a+b/"), 400, "storage/invalid-format", /format 'base64url'/);
    await expectError(await post("data_url", "hello"), 400, "storage/invalid-format", /format 'data_url'/);
    await expectError(await post("hex", "00"), 400, "storage/invalid-argument", /Unknown string format/);
    await expectNothingWritten(h, before);
    const ok = await post("base64", Buffer.from("%PDF-1.4\nok\n").toString("base64"));
    expect(ok.status).toBe(200);
    const okUrl = await post(
      "data_url",
      `data:application/pdf;base64,${Buffer.from("%PDF-1.4\nurl\n").toString("base64")}`,
    );
    expect(okUrl.status).toBe(200);
  });
});

describe("storage quota", () => {
  it("refuses an upload that would pass the configured quota with storage/quota-exceeded 402", async () => {
    const h = await startHarness("local", { maxUploadBytes: 25 * MB, quotaBytes: 20, maxImagePixels: 40_000_000 });
    try {
      const before = await snapshot(h);
      const res = await upload(h, "q/too-much.pdf", "%PDF-1.4\nthis is more than twenty bytes\n");
      // The message says what this site's owner can do, and points at no vendor.
      await expectError(
        res,
        402,
        "storage/quota-exceeded",
        /^The storage of 'local' is full \(its quota is reached\); nothing was stored\. Delete files .* STORAGE_QUOTA_BYTES\.$/,
      );
      await expectNothingWritten(h, before);
    } finally {
      await h.close();
    }
  });

  it("counts the bytes of the image and copies a re-upload replaces as freed", async () => {
    const limits = { maxUploadBytes: 25 * MB, quotaBytes: 5 * 1024 * MB, maxImagePixels: 40_000_000 };
    const h = await startHarness("local", limits);
    try {
      const image = await photo(2000, 1200);
      expect((await upload(h, "q/pic", image, { filename: "pic.jpg" })).status).toBe(200);
      const [used] = await t.db
        .select({ n: sql<string>`sum(${mediaObjects.size})` })
        .from(mediaObjects)
        .where(eq(mediaObjects.bucket, h.storage.bucket));
      // Room for one stored copy of the image and its WebP copies, not two.
      limits.quotaBytes = Number(used?.n) + 1;
      expect((await upload(h, "q/pic", image, { filename: "pic.jpg" })).status).toBe(200);
      await expectError(await upload(h, "q/other", image, { filename: "other.jpg" }), 402, "storage/quota-exceeded");
    } finally {
      await h.close();
    }
  });
});
