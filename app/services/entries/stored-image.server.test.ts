import { beforeAll, describe, expect, it } from "vitest";
import { downloadUrl } from "~/lib/storage/paths";
import { mediaObjects } from "~db/schema";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { mediaRow } from "~tests/helpers/media-rows";
import { resolvePicture } from "./stored-image.server";

const BUCKET = "local";

function row(fullPath: string, token: string, contentType: string, customMetadata: Record<string, string>) {
  return mediaRow(BUCKET, fullPath, { downloadTokens: token, contentType, customMetadata });
}

const t = testDatabaseForFile({ reference: false });

beforeAll(async () => {
  const original = "locations/farm.jpg";
  await t.db
    .insert(mediaObjects)
    .values([
      row(original, "tok-orig", "image/jpeg", { width: "1200", height: "800" }),
      row(`${original}.webp`, "tok-webp", "image/webp", { variantOf: original, width: "1200", height: "800" }),
      row(`${original}@480.webp`, "tok-480", "image/webp", { variantOf: original, width: "480", height: "320" }),
      row(`${original}@960.webp`, "tok-960", "image/webp", { variantOf: original, width: "960", height: "640" }),
    ]);
});

const ORIGINAL = downloadUrl("locations/farm.jpg", "tok-orig");
const WEBP = downloadUrl("locations/farm.jpg.webp", "tok-webp");

describe("resolvePicture", () => {
  it("gives a media-library image its real size and every WebP width as a srcset", async () => {
    const pic = await resolvePicture(t, BUCKET, { original: ORIGINAL, webp: WEBP });
    expect(pic).toMatchObject({ fallback: ORIGINAL, webp: WEBP, width: 1200, height: 800 });
    expect(pic.srcSet).toBe(
      `${downloadUrl("locations/farm.jpg@480.webp", "tok-480")} 480w, ${downloadUrl("locations/farm.jpg@960.webp", "tok-960")} 960w, ${WEBP} 1200w`,
    );
  });

  it("finds the WebP copy when only the original was stored (a program's single image URL)", async () => {
    const pic = await resolvePicture(t, BUCKET, { original: ORIGINAL, webp: null });
    expect(pic.webp).toBe(WEBP);
    expect(pic.srcSet).toContain(`${WEBP} 1200w`);
  });

  it("keeps a WebP URL that points at another picture instead of this original's widths", async () => {
    const pic = await resolvePicture(t, BUCKET, { original: ORIGINAL, webp: "/media/demo/other.webp" });
    expect(pic).toMatchObject({ webp: "/media/demo/other.webp", srcSet: "/media/demo/other.webp", width: 1200 });
  });

  it("passes other URLs, revoked tokens and unknown files through unchanged", async () => {
    const plain = (original: string, webp: string | null = null) => ({
      webp,
      srcSet: webp,
      fallback: original,
      width: null,
      height: null,
      alt: null,
      caption: null,
    });
    expect(await resolvePicture(t, BUCKET, { original: "/media/demo/a.jpg", webp: "/media/demo/a.webp" })).toEqual(
      plain("/media/demo/a.jpg", "/media/demo/a.webp"),
    );
    const revoked = downloadUrl("locations/farm.jpg", "old-token");
    expect(await resolvePicture(t, BUCKET, { original: revoked, webp: null })).toEqual(plain(revoked));
    const missing = downloadUrl("locations/gone.jpg", "tok");
    expect(await resolvePicture(t, BUCKET, { original: missing, webp: null })).toEqual(plain(missing));
    expect(await resolvePicture(t, undefined, { original: ORIGINAL, webp: null })).toEqual(plain(ORIGINAL));
  });
});
