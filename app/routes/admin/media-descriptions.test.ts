import { beforeAll, describe, expect, it, vi } from "vitest";
import { pageTextDefinition } from "~/lib/page-texts";
import { EpisodeSchema } from "~/lib/schemas/episode";
import { LocationSchema } from "~/lib/schemas/location";
import { firstDownloadUrl, type StorageMetadata } from "~/lib/storage/paths";
import { savePageText } from "~/services/site/page-texts.server";
import {
  adminHarnessForFile,
  call,
  dataResult,
  entryFormRequest,
  formRequest,
  getRequest,
  settle,
} from "~tests/helpers/admin-context";
import { localStorageForFile, testJpeg } from "~tests/helpers/test-storage";
import * as aboutRoute from "../about";
import * as locationRoute from "../location";
import * as podcastRoute from "../podcast";
import * as locationForm from "./location-form";
import * as mediaLibrary from "./media-library";
import * as podcastAdmin from "./podcast";

// The media library's alt text and caption (issue 37): staff write them per file, the action checks them, and the
// public pages that show the file use them: a place's picture, an image in a page text, an episode's art.

const PATH = "locations/terraces.jpg";

const h = adminHarnessForFile("media-words-admin@example.org");
const media = localStorageForFile(h, "media-words-");
let photo: StorageMetadata;

beforeAll(async () => {
  photo = await media.store(PATH, await testJpeg("#52796f"));
});

const describePost = (fields: Record<string, string>) =>
  settle(() =>
    call(
      mediaLibrary.action,
      formRequest("/admin/dashboard/media-library", { intent: "describe", ...fields }),
      h.context,
    ),
  );

type Answer = { ok: boolean; metadata?: StorageMetadata; errors?: Record<string, string> };

describe("the media library's alt text and caption", () => {
  it("saves them with the file's metadata, in English and another language, and empties one when cleared", async () => {
    const res = await describePost({
      fullPath: PATH,
      alt: "  Stone terraces with young olive trees at dawn ",
      caption: "Terraces in the Alpujarra, spring 2026. Photo: Ana Ruiz",
      "alt.de": "Steinterrassen mit jungen Olivenbäumen im Morgenlicht",
      "caption.de": "",
    });
    const { status, data } = dataResult<Answer>(res.value);
    expect(status).toBeUndefined();
    expect(data.ok).toBe(true);
    expect(data.metadata?.customMetadata).toMatchObject({
      alt: "Stone terraces with young olive trees at dawn",
      caption: "Terraces in the Alpujarra, spring 2026. Photo: Ana Ruiz",
      "alt.de": "Steinterrassen mit jungen Olivenbäumen im Morgenlicht",
      // The image's own facts stay.
      width: "1200",
      height: "800",
    });
    expect(data.metadata?.customMetadata).not.toHaveProperty("caption.de");
    expect(Number(data.metadata?.metageneration)).toBe(Number(photo.metageneration) + 1);
    expect((await media.storage.getMetadata(PATH)).customMetadata.alt).toBe(
      "Stone terraces with young olive trees at dawn",
    );
    // Pages showing the file are told to render again.
    expect(h.published.some(([, payload]) => payload.includes('"entity":"media"'))).toBe(true);
  });

  it("refuses what is not a description, with a message on the field: too long, two lines, unknown fields", async () => {
    const tooLong = dataResult<Answer>((await describePost({ fullPath: PATH, alt: "x".repeat(301) })).value);
    expect(tooLong).toMatchObject({
      status: 400,
      data: { ok: false, errors: { alt: "Alt text can be at most 300 characters." } },
    });
    const twoLines = dataResult<Answer>((await describePost({ fullPath: PATH, "caption.es": "una\nDos" })).value);
    expect(twoLines.data.errors).toEqual({ "caption.es": "Keep the caption to one line." });
    const unknown = dataResult<Answer>((await describePost({ fullPath: PATH, variantOf: "x" })).value);
    expect(unknown.status).toBe(400);
    expect(unknown.data.errors?.form).toMatch(/not part of a description/);
    const missing = dataResult<Answer>((await describePost({ fullPath: "locations/none.jpg", alt: "A" })).value);
    expect(missing).toMatchObject({
      status: 404,
      data: { errors: { form: "This file no longer exists. Choose another." } },
    });
    // A generated copy has no words of its own.
    const copy = dataResult<Answer>((await describePost({ fullPath: `${PATH}.webp`, alt: "A" })).value);
    expect(copy.status).toBe(404);
    // Nothing was changed by the refused posts.
    expect((await media.storage.getMetadata(PATH)).customMetadata.alt).toBe(
      "Stone terraces with young olive trees at dawn",
    );
  });

  it("keeps a file's words when a new version of it is uploaded at the same path", async () => {
    const replaced = await media.store(PATH, await testJpeg("#2f5927"));
    expect(replaced.customMetadata).toMatchObject({
      alt: "Stone terraces with young olive trees at dawn",
      "alt.de": "Steinterrassen mit jungen Olivenbäumen im Morgenlicht",
    });
  });

  it("refuses a visitor who is not signed in", async () => {
    const { getSession } = h.context.services.auth.api as { getSession: () => Promise<unknown> };
    (h.context.services.auth.api as { getSession: () => Promise<unknown> }).getSession = async () => null;
    try {
      const res = await describePost({ fullPath: PATH, alt: "Anything" });
      expect((res.thrown as Response).status).toBe(302);
    } finally {
      (h.context.services.auth.api as { getSession: () => Promise<unknown> }).getSession = getSession;
    }
    expect((await media.storage.getMetadata(PATH)).customMetadata.alt).toBe(
      "Stone terraces with young olive trees at dawn",
    );
  });
});

describe("public pages use the file's words", () => {
  it("a place's picture: the alt text (translated where it is) and the caption, marked with their language", async () => {
    const original = firstDownloadUrl(await media.storage.getMetadata(PATH));
    const created = await settle(() =>
      call(
        locationForm.action,
        entryFormRequest("/admin/dashboard/add", LocationSchema, {
          name: "Terrace Farm",
          country: "Spain",
          originalImageUrl: original,
          webpImageUrl: "",
        }),
        h.context,
      ),
    );
    expect((created.value as Response).status).toBe(302);
    type Place = { location: { imageAlt: unknown; imageCaption: unknown } };
    const page = async (p: string) =>
      dataResult<Place>(await call(locationRoute.loader, getRequest(p), h.context, { slug: "Terrace-Farm" })).data
        .location;
    expect(await page("/location/Terrace-Farm")).toMatchObject({
      imageAlt: { text: "Stone terraces with young olive trees at dawn", lang: "en" },
      imageCaption: { text: "Terraces in the Alpujarra, spring 2026. Photo: Ana Ruiz", lang: "en" },
    });
    expect(await page("/de/location/Terrace-Farm")).toMatchObject({
      imageAlt: { text: "Steinterrassen mit jungen Olivenbäumen im Morgenlicht", lang: "de" },
      imageCaption: { text: "Terraces in the Alpujarra, spring 2026. Photo: Ana Ruiz", lang: "en" },
    });
  });

  it("an image in a page text: the library's alt text where the text gives none, the caption under it", async () => {
    const about = pageTextDefinition("about");
    if (!about) throw new Error("definition missing");
    const webp = firstDownloadUrl(await media.storage.getMetadata(`${PATH}.webp`));
    await savePageText(h.context.services, {
      def: about,
      body: `## Where we work\n\n![](${webp})\n\n![Our own words](${webp})`,
      user: { id: h.userId, email: "media-words-admin@example.org" },
    });
    type About = { html: string };
    const html = async (p: string) => ((await call(aboutRoute.loader, getRequest(p), h.context)) as About).html;
    await vi.waitFor(async () => {
      expect(await html("/about")).toContain(
        'alt="Stone terraces with young olive trees at dawn" loading="lazy" decoding="async" /><figcaption>Terraces in the Alpujarra, spring 2026. Photo: Ana Ruiz</figcaption></figure>',
      );
    });
    expect(await html("/about")).toContain('alt="Our own words"');
    // On a German page (showing the English text, which has no German version) the German alt text; the English
    // caption is marked as English.
    const german = await html("/de/about");
    expect(german).toContain('alt="Steinterrassen mit jungen Olivenbäumen im Morgenlicht"');
    expect(german).toContain('<figcaption lang="en">Terraces in the Alpujarra');

    // A change in the library reaches the page text at once.
    await describePost({ fullPath: PATH, alt: "Terraces after the first rain" });
    await vi.waitFor(async () => {
      expect(await html("/about")).toContain('alt="Terraces after the first rain"');
    });
    expect(await html("/about")).not.toContain("<figcaption>");
  });

  it("an episode's art on the podcast page", async () => {
    await describePost({
      fullPath: PATH,
      alt: "Terraces after the first rain",
      "alt.es": "Terrazas tras la primera lluvia",
    });
    const imageUrl = firstDownloadUrl(await media.storage.getMetadata(PATH));
    const saved = await settle(() =>
      call(
        podcastAdmin.action,
        entryFormRequest("/admin/dashboard/podcast", EpisodeSchema, {
          intent: "save",
          number: "3",
          title: "Terraces",
          duration: "10:00",
          publishedAt: "2026-03-01",
          imageUrl,
        }),
        h.context,
      ),
    );
    expect((saved.value as Response).status).toBe(302);
    type Podcast = { episodes: { number: number; image: { src: string; alt: unknown } | null }[] };
    const episode = async (p: string) =>
      ((await call(podcastRoute.loader, getRequest(p), h.context)) as Podcast).episodes.find((e) => e.number === 3);
    expect((await episode("/podcast"))?.image).toEqual({
      src: imageUrl,
      alt: { text: "Terraces after the first rain", lang: "en" },
    });
    expect((await episode("/es/podcast"))?.image?.alt).toEqual({ text: "Terrazas tras la primera lluvia", lang: "es" });
  });
});
