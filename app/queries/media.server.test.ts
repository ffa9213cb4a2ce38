import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { changeMakers, locations, podcastEpisodes, programs, resources } from "~db/schema";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { replaceDownloadUrls } from "./media.server";

const t = testDatabaseForFile({ reference: false });

const OLD = "/api/storage/download/a/pond.jpg?token=old";
const NEW = "/api/storage/download/a/pond.jpg?token=new";
const OLD_WEBP = "/api/storage/download/a/pond.jpg.webp?token=old-webp";
const NEW_WEBP = "/api/storage/download/a/pond.jpg.webp?token=new-webp";
const OTHER = "/api/storage/download/a/other.jpg?token=old";

describe("replaceDownloadUrls", () => {
  it("gives every kind of content showing a file its new links, value for value, and leaves the rest", async () => {
    const [place] = await t.db
      .insert(locations)
      .values({ name: "Pond Farm", originalImageUrl: OLD, webpImageUrl: OLD_WEBP })
      .returning();
    const [untouched] = await t.db
      .insert(locations)
      .values({ name: "Other Farm", originalImageUrl: OTHER })
      .returning();
    const [program] = await t.db.insert(programs).values({ name: "Pond course", imageUrl: OLD }).returning();
    const [person] = await t.db
      .insert(changeMakers)
      .values({ name: "Pond keeper", photoUrl: OLD, webpPhotoUrl: `${OLD}&x=1` })
      .returning();
    const [resource] = await t.db
      .insert(resources)
      .values({ title: "Pond guide", type: "article", url: "https://example.org/guide", imageUrl: OLD_WEBP })
      .returning();
    const [episode] = await t.db
      .insert(podcastEpisodes)
      .values({ number: 1, title: "Ponds", imageUrl: OLD, audioUrl: OLD_WEBP })
      .returning();

    const changed = await replaceDownloadUrls(
      t.db,
      new Map([
        [OLD, NEW],
        [OLD_WEBP, NEW_WEBP],
      ]),
    );
    expect(changed.sort()).toEqual(["changeMakers", "locations", "podcast", "programs", "resources"]);

    expect(await t.db.query.locations.findFirst({ where: eq(locations.id, place?.id ?? "") })).toMatchObject({
      originalImageUrl: NEW,
      webpImageUrl: NEW_WEBP,
      updatedAt: place?.updatedAt,
    });
    expect(await t.db.query.locations.findFirst({ where: eq(locations.id, untouched?.id ?? "") })).toMatchObject({
      originalImageUrl: OTHER,
    });
    expect(await t.db.query.programs.findFirst({ where: eq(programs.id, program?.id ?? "") })).toMatchObject({
      imageUrl: NEW,
    });
    // Only a whole value that is an old link is replaced.
    expect(await t.db.query.changeMakers.findFirst({ where: eq(changeMakers.id, person?.id ?? "") })).toMatchObject({
      photoUrl: NEW,
      webpPhotoUrl: `${OLD}&x=1`,
    });
    expect(await t.db.query.resources.findFirst({ where: eq(resources.id, resource?.id ?? "") })).toMatchObject({
      imageUrl: NEW_WEBP,
    });
    expect(
      await t.db.query.podcastEpisodes.findFirst({ where: eq(podcastEpisodes.id, episode?.id ?? "") }),
    ).toMatchObject({ imageUrl: NEW, audioUrl: NEW_WEBP });

    // Nothing left to replace: nothing reported changed.
    expect(await replaceDownloadUrls(t.db, new Map([[OLD, NEW]]))).toEqual([]);
  });
});
