import { describe, expect, it } from "vitest";
import { createStorageClient, type Transport } from "~/lib/storage/client";
import { downloadUrl, type StorageMetadata } from "~/lib/storage/paths";
import { describePick, matchesAccept } from "./media-picker";

function meta(fullPath: string, contentType: string, extra: Partial<StorageMetadata> = {}): StorageMetadata {
  return {
    bucket: "local",
    generation: "1",
    metageneration: "1",
    fullPath,
    name: fullPath.split("/").pop() ?? fullPath,
    size: 100,
    timeCreated: "2026-01-01T00:00:00.000Z",
    updated: "2026-01-01T00:00:00.000Z",
    md5Hash: null,
    cacheControl: null,
    contentDisposition: null,
    contentEncoding: null,
    contentLanguage: null,
    contentType,
    customMetadata: {},
    downloadTokens: `token-${fullPath.length}`,
    ...extra,
  };
}

/** A storage API that knows a few files by path and records which metadata was asked for. */
function fakeServer(files: StorageMetadata[]) {
  const asked: string[] = [];
  const transport: Transport = {
    async request(_method, url) {
      const p = decodeURIComponent(new URL(url, "http://x").pathname.replace("/api/storage/o/", ""));
      asked.push(p);
      const found = files.find((f) => f.fullPath === p);
      return found
        ? { status: 200, body: JSON.stringify(found) }
        : {
            status: 404,
            body: JSON.stringify({ error: { code: "storage/object-not-found", message: "not found", status: 404 } }),
          };
    },
  };
  return { client: createStorageClient({ transport }), asked };
}

const photo = meta("people/ana.jpg", "image/jpeg", { customMetadata: { width: "600", height: "800" } });
const photoWebp = meta("people/ana.jpg.webp", "image/webp", { customMetadata: { variantOf: "people/ana.jpg" } });

describe("matchesAccept", () => {
  it("matches wildcards and exact types, case-insensitively", () => {
    expect(matchesAccept("image/png", "image/*")).toBe(true);
    expect(matchesAccept("audio/mpeg", "image/*")).toBe(false);
    expect(matchesAccept("Audio/MPEG", "audio/ogg, audio/mpeg")).toBe(true);
    expect(matchesAccept(null, "image/*")).toBe(false);
    expect(matchesAccept("application/pdf", undefined)).toBe(true);
  });
});

describe("describePick", () => {
  it("asks the server for the WebP copy (listings leave copies out) and takes the size from the original", async () => {
    const { client, asked } = fakeServer([photoWebp]);
    expect(await describePick(client, photo)).toEqual({
      meta: photo,
      url: downloadUrl("people/ana.jpg", photo.downloadTokens),
      webpUrl: downloadUrl("people/ana.jpg.webp", photoWebp.downloadTokens),
      width: 600,
      height: 800,
    });
    expect(asked).toEqual(["people/ana.jpg.webp"]);
  });

  it("ignores a same-named file that is not the generated copy, and never asks for audio or SVG copies", async () => {
    const impostor = meta("people/ana.jpg.webp", "image/webp");
    const { client, asked } = fakeServer([impostor]);
    expect((await describePick(client, photo))?.webpUrl).toBeNull();
    const song = meta("podcast/ep1.mp3", "audio/mpeg");
    expect(await describePick(client, song)).toMatchObject({ webpUrl: null, width: null, height: null });
    const logo = meta("logo.svg", "image/svg+xml");
    expect((await describePick(client, logo))?.webpUrl).toBeNull();
    expect(asked).toEqual(["people/ana.jpg.webp"]);
  });

  it("gives nothing for a file without a download token", async () => {
    const { client } = fakeServer([]);
    expect(await describePick(client, meta("private.jpg", "image/jpeg", { downloadTokens: "" }))).toBeNull();
  });
});
