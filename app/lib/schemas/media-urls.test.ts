import { describe, expect, it } from "vitest";
import { downloadUrl } from "../storage/paths";
import { ChangeMakerSchema } from "./change-maker";
import { EpisodeSchema } from "./episode";
import { LocationSchema } from "./location";
import { ProgramSchema } from "./program";
import { ResourceSchema } from "./resource";

// What the media picker puts into the forms: the storage API's own download URLs (encoded path, token).
const ORIGINAL = downloadUrl("locations/Green Valley (2024)/farm é.jpg", "8d3c1f5e-0b7a-4c1e-9f2d-1a2b3c4d5e6f");
const WEBP = downloadUrl("locations/Green Valley (2024)/farm é.jpg.webp", "0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f");
const AUDIO = downloadUrl("podcast/episode 12.mp3", "3a2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d");

const HOSTILE = [
  "javascript:alert(1)",
  "JavaScript:alert(document.cookie)",
  "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=",
  "data:text/html,<script>alert(1)</script>",
  "//evil.example/api/storage/download/a.jpg?token=t",
  "/\\evil.example/a.jpg",
  "/api/storage/download/a b.jpg?token=t",
];

const issue = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, f: string) =>
  r.error?.issues.find((i) => i.path[0] === f)?.message;

describe("image and audio URL fields accept media-library download URLs", () => {
  it("has a download URL that is a site path with an encoded object name and a token", () => {
    expect(ORIGINAL).toMatch(
      /^\/api\/storage\/download\/locations\/Green%20Valley%20\(2024\)\/farm%20%C3%A9\.jpg\?token=/,
    );
  });

  it("location: original and WebP image URLs", () => {
    const out = LocationSchema.parse({ name: "Green Valley Farm", originalImageUrl: ORIGINAL, webpImageUrl: WEBP });
    expect(out.originalImageUrl).toBe(ORIGINAL);
    expect(out.webpImageUrl).toBe(WEBP);
  });

  it("program, resource, change-maker and episode fields", () => {
    expect(ProgramSchema.parse({ name: "Design Course", imageUrl: ORIGINAL }).imageUrl).toBe(ORIGINAL);
    expect(
      ResourceSchema.parse({ title: "Soil Book", type: "book", url: "https://example.org/book", imageUrl: ORIGINAL })
        .imageUrl,
    ).toBe(ORIGINAL);
    const person = ChangeMakerSchema.parse({ name: "Ana Silva", photoUrl: ORIGINAL, webpPhotoUrl: WEBP });
    expect([person.photoUrl, person.webpPhotoUrl]).toEqual([ORIGINAL, WEBP]);
    const episode = EpisodeSchema.parse({
      number: "12",
      title: "Soil",
      duration: "30:00",
      publishedAt: "2026-01-05",
      audioUrl: AUDIO,
    });
    expect(episode.audioUrl).toBe(AUDIO);
  });

  it("still accepts absolute http(s) addresses (an admin may paste one)", () => {
    const url = `https://permaculture.example.org${ORIGINAL}`;
    expect(LocationSchema.parse({ name: "A", originalImageUrl: url }).originalImageUrl).toBe(url);
  });

  it.each(HOSTILE)("refuses %s in every image and audio field", (bad) => {
    expect(issue(LocationSchema.safeParse({ name: "A", originalImageUrl: bad }), "originalImageUrl")).toMatch(
      /must be a web address/,
    );
    expect(issue(LocationSchema.safeParse({ name: "A", webpImageUrl: bad }), "webpImageUrl")).toMatch(
      /must be a web address/,
    );
    expect(issue(ProgramSchema.safeParse({ name: "A", imageUrl: bad }), "imageUrl")).toMatch(/must be a web address/);
    expect(
      issue(
        ResourceSchema.safeParse({ title: "A", type: "book", url: "https://example.org", imageUrl: bad }),
        "imageUrl",
      ),
    ).toMatch(/must be a web address/);
    expect(issue(ChangeMakerSchema.safeParse({ name: "A", photoUrl: bad }), "photoUrl")).toMatch(
      /must be a web address/,
    );
    expect(issue(ChangeMakerSchema.safeParse({ name: "A", webpPhotoUrl: bad }), "webpPhotoUrl")).toMatch(
      /must be a web address/,
    );
    expect(
      issue(
        EpisodeSchema.safeParse({
          number: "1",
          title: "A",
          duration: "1:00",
          publishedAt: "2026-01-05",
          audioUrl: bad,
        }),
        "audioUrl",
      ),
    ).toMatch(/must be a web address/);
  });
});
