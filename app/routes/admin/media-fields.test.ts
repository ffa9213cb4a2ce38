import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EpisodeSchema } from "~/lib/schemas/episode";
import { LocationSchema } from "~/lib/schemas/location";
import type { StorageMetadata } from "~/lib/storage/paths";
import { firstDownloadUrl } from "~/lib/storage/paths";
import { getLocationBySlug } from "~/queries/locations.server";
import { listEpisodes } from "~/queries/podcast.server";
import { createLocalDriver } from "~server/storage/drivers";
import { createStorageService, type StorageService } from "~server/storage/service";
import { type AdminHarness, call, createAdminHarness, entryFormRequest, settle } from "~tests/helpers/admin-context";
import { createTestDatabase, type TestDatabase } from "~tests/helpers/test-db";
import * as locationForm from "./location-form";
import * as podcast from "./podcast";

let t: TestDatabase;
let h: AdminHarness;
let storage: StorageService;
let scratch: string;
let photo: StorageMetadata;
let audio: StorageMetadata;

async function store(name: string, bytes: Buffer): Promise<StorageMetadata> {
  const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.upload`);
  await fsp.writeFile(file, bytes);
  return storage.createFromFile(name, file);
}

beforeAll(async () => {
  t = await createTestDatabase();
  h = await createAdminHarness(t, "media-fields-admin@example.org");
  scratch = await fsp.mkdtemp(path.join(os.tmpdir(), "media-fields-"));
  storage = createStorageService({
    db: t.db,
    driver: createLocalDriver(path.join(scratch, "objects")),
    bucket: "local",
    tempDir: path.join(scratch, "tmp"),
    limits: { maxUploadBytes: 25 * 1024 * 1024, quotaBytes: 1024 * 1024 * 1024, maxImagePixels: 40_000_000 },
  });
  h.context.services.storage = storage;
  photo = await store(
    "locations/cliff garden.jpg",
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#52796f" } })
      .jpeg()
      .toBuffer(),
  );
  // An ID3 tag is enough for the type check; the bytes after it are not decoded.
  audio = await store("podcast/episode 7.mp3", Buffer.concat([Buffer.from("ID3"), Buffer.alloc(2045, 0)]));
});
afterAll(async () => {
  await t?.destroy();
  await fsp.rm(scratch, { recursive: true, force: true });
});

describe("media-library URLs in the admin forms", () => {
  it("stores a location's image size from the media library's record of the file", async () => {
    const original = firstDownloadUrl(photo);
    const webp = firstDownloadUrl(await storage.getMetadata("locations/cliff garden.jpg.webp"));
    const post = (fields: Record<string, string>, id?: string) =>
      settle(() =>
        call(
          locationForm.action,
          entryFormRequest(id ? `/admin/dashboard/locations/${id}` : "/admin/dashboard/add", LocationSchema, fields),
          h.context,
          id ? { id } : {},
        ),
      );
    // A size posted by the browser is ignored: only the stored file's own record counts.
    const created = await post({
      name: "Cliff Garden",
      country: "Portugal",
      originalImageUrl: original,
      webpImageUrl: "",
      imageWidth: "5",
      imageHeight: "5",
    });
    expect((created.value as Response).status).toBe(302);
    const row = await getLocationBySlug(t.db, "Cliff-Garden");
    expect(row).toMatchObject({ originalImageUrl: original, imageWidth: 1200, imageHeight: 800 });

    // Another address has no known size; going back to the stored file finds it again.
    await post({ name: "Cliff Garden", originalImageUrl: "https://images.example.org/cliff.jpg" }, row?.id);
    expect(await getLocationBySlug(t.db, "Cliff-Garden")).toMatchObject({ imageWidth: null, imageHeight: null });
    await post({ name: "Cliff Garden", originalImageUrl: original, webpImageUrl: webp }, row?.id);
    expect(await getLocationBySlug(t.db, "Cliff-Garden")).toMatchObject({
      webpImageUrl: webp,
      imageWidth: 1200,
      imageHeight: 800,
    });

    // A URL whose token was rotated no longer names the file: no size is taken from it.
    const stale = original.replace(/token=[^&]+/, "token=revoked");
    await post({ name: "Cliff Garden", originalImageUrl: stale }, row?.id);
    expect(await getLocationBySlug(t.db, "Cliff-Garden")).toMatchObject({ imageWidth: null, imageHeight: null });
  });

  it("gives an episode the stored audio's type and length for the feed, and saves its cover image", async () => {
    const audioUrl = firstDownloadUrl(audio);
    const imageUrl = firstDownloadUrl(photo);
    const res = await settle(() =>
      call(
        podcast.action,
        entryFormRequest("/admin/dashboard/podcast", EpisodeSchema, {
          intent: "save",
          number: "7",
          title: "Cliff gardens",
          duration: "12:00",
          publishedAt: "2026-03-01",
          audioUrl,
          imageUrl,
        }),
        h.context,
      ),
    );
    expect((res.value as Response).status).toBe(302);
    const [episode] = await listEpisodes(t.db);
    expect(episode).toMatchObject({ audioUrl, audioType: "audio/mpeg", audioBytes: 2048, imageUrl });

    const bad = await settle(() =>
      call(
        podcast.action,
        entryFormRequest("/admin/dashboard/podcast", EpisodeSchema, {
          intent: "save",
          number: "8",
          title: "Bad cover",
          duration: "1:00",
          publishedAt: "2026-03-02",
          imageUrl: "javascript:alert(1)",
        }),
        h.context,
      ),
    );
    const invalid = bad.value as { data: { errors: Record<string, string> }; init: { status: number } };
    expect(invalid.init.status).toBe(400);
    expect(invalid.data.errors.imageUrl).toMatch(/must be a web address/);
  });
});
