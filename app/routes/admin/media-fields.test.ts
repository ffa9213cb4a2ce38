import { beforeAll, describe, expect, it } from "vitest";
import { EpisodeSchema } from "~/lib/schemas/episode";
import { LocationSchema } from "~/lib/schemas/location";
import type { StorageMetadata } from "~/lib/storage/paths";
import { firstDownloadUrl } from "~/lib/storage/paths";
import { listEpisodes } from "~/queries/podcast.server";
import { adminHarnessForFile, call, entryFormRequest, settle } from "~tests/helpers/admin-context";
import { storedLocation } from "~tests/helpers/stored-rows";
import { localStorageForFile, testJpeg } from "~tests/helpers/test-storage";
import * as locationForm from "./location-form";
import * as podcast from "./podcast";

const h = adminHarnessForFile("media-fields-admin@example.org");
const media = localStorageForFile(h, "media-fields-");
let photo: StorageMetadata;
let audio: StorageMetadata;

beforeAll(async () => {
  photo = await media.store("locations/cliff garden.jpg", await testJpeg("#52796f"));
  // An ID3 tag is enough for the type check; the bytes after it are not decoded.
  audio = await media.store("podcast/episode 7.mp3", Buffer.concat([Buffer.from("ID3"), Buffer.alloc(2045, 0)]));
});

describe("media-library URLs in the admin forms", () => {
  it("stores a location's image size from the media library's record of the file", async () => {
    const original = firstDownloadUrl(photo);
    const webp = firstDownloadUrl(await media.storage.getMetadata("locations/cliff garden.jpg.webp"));
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
    const row = await storedLocation(h.t.db, "Cliff-Garden");
    expect(row).toMatchObject({ originalImageUrl: original, imageWidth: 1200, imageHeight: 800 });

    // Another address has no known size; going back to the stored file finds it again.
    await post({ name: "Cliff Garden", originalImageUrl: "https://images.example.org/cliff.jpg" }, row?.id);
    expect(await storedLocation(h.t.db, "Cliff-Garden")).toMatchObject({ imageWidth: null, imageHeight: null });
    await post({ name: "Cliff Garden", originalImageUrl: original, webpImageUrl: webp }, row?.id);
    expect(await storedLocation(h.t.db, "Cliff-Garden")).toMatchObject({
      webpImageUrl: webp,
      imageWidth: 1200,
      imageHeight: 800,
    });

    // A URL whose token was rotated no longer names the file: no size is taken from it.
    const stale = original.replace(/token=[^&]+/, "token=revoked");
    await post({ name: "Cliff Garden", originalImageUrl: stale }, row?.id);
    expect(await storedLocation(h.t.db, "Cliff-Garden")).toMatchObject({ imageWidth: null, imageHeight: null });
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
    const [episode] = await listEpisodes(h.t.db);
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
