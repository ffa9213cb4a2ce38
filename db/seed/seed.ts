import fs from "node:fs";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { canonicalInstructionLanguages } from "~/lib/instruction-languages";
import { ALL_PAGES_VISIBLE } from "~/lib/navigation";
import { DEFAULT_PAGE_TEXT_TRANSLATIONS, DEFAULT_PAGE_TEXTS, DEFAULT_PAGE_TEXTS_DATE } from "~/lib/page-text-defaults";
import { DEFAULT_LANGUAGE, PAGE_TEXT_KEYS } from "~/lib/page-texts";
import { allSubcategories, REGIONS } from "~/lib/taxonomy";
import type { Database } from "../client";
import {
  changeMakers,
  focusAreas,
  locations,
  pageTextRevisions,
  podcastEpisodes,
  programs,
  regions,
  resources,
  siteSettings,
  subRegions,
} from "../schema";
import { demoEpisodeFile, writeDemoEpisodeAudio } from "./audio";
import {
  DEMO_CHANGE_MAKERS,
  DEMO_EPISODES,
  DEMO_LOCATIONS,
  DEMO_PROGRAMS,
  DEMO_RESOURCES,
  DEMO_SUB_REGIONS,
  REGION_DESCRIPTIONS,
} from "./demo-data";
import { DEMO_LOCATION_LANGUAGES, DEMO_PROGRAM_LANGUAGES, demoLanguageFields } from "./demo-translations";
import { demoImageBase, writeDemoImage } from "./images";
import { FOCUS_AREA_TRANSLATIONS, REGION_TRANSLATIONS, SUB_REGION_TRANSLATIONS } from "./reference-translations";
import { syncSearchNames } from "./search-names";

const SEED_MARKER = "seed";

/**
 * Regions and focus areas (the project category taxonomy) exist in every database, demo or not, with their
 * translated names. Idempotent: rows that have translations keep them (staff may have changed them); rows without
 * any, such as those of a database from before names were translated, get the built-in ones. Search's names of
 * countries and kinds follow this release's words (written only when they changed).
 */
export async function seedReferenceData(db: Database): Promise<void> {
  await db
    .insert(regions)
    .values(
      REGIONS.map((r) => ({
        key: r.key,
        name: r.name,
        description: REGION_DESCRIPTIONS[r.key],
        translations: REGION_TRANSLATIONS[r.name] ?? {},
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(focusAreas)
    .values(
      allSubcategories().map((s) => ({
        name: s.name,
        categoryId: s.categoryId,
        translations: FOCUS_AREA_TRANSLATIONS[s.name] ?? {},
      })),
    )
    .onConflictDoNothing();
  await fillNameTranslations(db);
  await syncSearchNames(db);
}

/**
 * Gives rows without translations the built-in translations of their name. Only a table that has such a row is
 * written: every write announces a change of reference data, which drops caches on every instance.
 */
async function fillNameTranslations(db: Database): Promise<void> {
  const fill = async (table: typeof regions | typeof subRegions | typeof focusAreas, names: object) => {
    const untranslated = await db
      .select({ name: table.name })
      .from(table)
      .where(sql`${table.translations} = '{}'::jsonb`);
    if (!untranslated.some((r) => Object.hasOwn(names, r.name))) return;
    await db.execute(sql`
      update ${table} set translations = v.value from jsonb_each(${JSON.stringify(names)}::jsonb) as v
      where ${table}.name = v.key and ${table}.translations = '{}'::jsonb`);
  };
  await fill(regions, REGION_TRANSLATIONS);
  await fill(subRegions, SUB_REGION_TRANSLATIONS);
  await fill(focusAreas, FOCUS_AREA_TRANSLATIONS);
}

export type SeedResult = { seeded: boolean; reason: string };

const demoImageKeys = () => [
  ...DEMO_LOCATIONS.map((l) => l.name),
  ...DEMO_PROGRAMS.map((p) => p.name),
  ...DEMO_CHANGE_MAKERS.map((c) => c.name),
];

/**
 * Renders the demo pictures and episode audio into `mediaDir` (the same bytes every time, from the entries' names).
 * The audio is encoded on this thread while sharp renders the images on its own threads.
 */
async function renderDemoMedia(mediaDir: string, mediaUrlPrefix: string) {
  const audio = writeDemoEpisodeAudio(
    mediaDir,
    mediaUrlPrefix,
    DEMO_EPISODES.map((e) => e.number),
  );
  const images = new Map<string, Awaited<ReturnType<typeof writeDemoImage>>>();
  const queue = demoImageKeys();
  const workers = Array.from({ length: 4 }, async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      images.set(key, await writeDemoImage(mediaDir, mediaUrlPrefix, key));
    }
  });
  const [rendered] = await Promise.all([audio, ...workers]);
  return { images, audio: rendered };
}

/**
 * Makes sure this instance has the demo media files when the database holds the demo content. Instances sharing a
 * Postgres database seed it once, but each serves `/media/demo/` from its own DATA_DIR: an instance that did not seed
 * would answer 404 for every demo picture. Renders them when any is missing (a few seconds, once); returns how many
 * files were missing.
 */
export async function ensureDemoMedia(
  db: Database,
  opts: { mediaDir: string; mediaUrlPrefix: string },
): Promise<number> {
  const [marker] = await db.select().from(siteSettings).where(eq(siteSettings.key, SEED_MARKER)).limit(1);
  if (!(marker?.value as { demo?: boolean } | undefined)?.demo) return 0;
  const expected = [
    ...demoImageKeys().flatMap((key) => {
      const base = demoImageBase(key);
      return [`${base}.webp`, `${base}.jpg`];
    }),
    ...DEMO_EPISODES.map((e) => demoEpisodeFile(e.number)),
  ];
  const missing = expected.filter((f) => !fs.existsSync(path.join(opts.mediaDir, f))).length;
  if (missing > 0) await renderDemoMedia(opts.mediaDir, opts.mediaUrlPrefix);
  return missing;
}

/**
 * Seeds demo content once into a database that has none. The marker row and the content are written in one
 * transaction, so a crash mid-seed leaves nothing half-done and a restart never seeds twice.
 */
export async function seedDemo(db: Database, opts: { mediaDir: string; mediaUrlPrefix: string }): Promise<SeedResult> {
  const [marker] = await db.select().from(siteSettings).where(eq(siteSettings.key, SEED_MARKER)).limit(1);
  if (marker) return { seeded: false, reason: "already seeded" };
  const [existing] = await db.select({ n: count() }).from(locations);
  if ((existing?.n ?? 0) > 0) return { seeded: false, reason: "database has content" };

  // Images and episode audio are files; render them before the transaction (images are reused if present).
  const { images, audio: episodeAudio } = await renderDemoMedia(opts.mediaDir, opts.mediaUrlPrefix);

  await db.transaction(async (tx) => {
    const regionRows = await tx.select().from(regions);
    const regionByKey = new Map(regionRows.map((r) => [r.key, r]));
    const subRows = await tx
      .insert(subRegions)
      .values(
        DEMO_SUB_REGIONS.map((s) => {
          const region = regionByKey.get(s.region);
          if (!region) throw new Error(`unknown region ${s.region}`);
          const translations = SUB_REGION_TRANSLATIONS[s.name] ?? {};
          return { name: s.name, description: s.description, regionId: region.id, translations };
        }),
      )
      .onConflictDoNothing()
      .returning();
    const subByKey = new Map(subRows.map((s) => [`${s.regionId}:${s.name}`, s]));
    const faRows = await tx.select().from(focusAreas);
    const faByName = new Map(faRows.map((f) => [f.name, f.id]));
    const faIds = (names: readonly string[]) =>
      names.map((n) => faByName.get(n)).filter((id): id is string => Boolean(id));

    // Spread creation times over the past year so "recently updated" orderings look real.
    const now = Date.now();
    const locRows = await tx
      .insert(locations)
      .values(
        DEMO_LOCATIONS.map((l, i) => {
          const region = regionByKey.get(l.region);
          const sub = region ? subByKey.get(`${region.id}:${l.subRegion}`) : undefined;
          const img = images.get(l.name);
          const created = new Date(now - (DEMO_LOCATIONS.length - i) * 5 * 86_400_000);
          return {
            name: l.name,
            shortDescription: l.shortDescription,
            longDescription: l.longDescription,
            originalImageUrl: img?.originalUrl ?? null,
            webpImageUrl: img?.webpUrl ?? null,
            imageWidth: img?.width ?? null,
            imageHeight: img?.height ?? null,
            website: l.website,
            country: l.country,
            regionName: region?.name ?? "",
            regionId: region?.id ?? null,
            subRegionId: sub?.id ?? null,
            contactEmail: l.contactEmail,
            contactPhone: l.contactPhone,
            contactAddress: l.contactAddress,
            contactCity: l.contactCity,
            contactState: l.contactState,
            contactZipCode: l.contactZipCode,
            focusAreas: faIds(l.focusAreas),
            latitude: l.latitude,
            longitude: l.longitude,
            markerType: l.markerType,
            featured: l.featured ?? false,
            createdAt: created,
            updatedAt: created,
            ...demoLanguageFields(DEMO_LOCATION_LANGUAGES, l.name, {
              name: l.name,
              shortDescription: l.shortDescription,
              longDescription: l.longDescription,
            }),
          };
        }),
      )
      .returning({ id: locations.id, name: locations.name });
    const locByName = new Map(locRows.map((l) => [l.name, l.id]));

    await tx.insert(programs).values(
      DEMO_PROGRAMS.map((p) => ({
        name: p.name,
        summary: p.summary,
        description: p.description,
        locationId: locByName.get(p.hostLocation) ?? null,
        startDate: p.startDate,
        endDate: p.endDate,
        format: p.format,
        priceCents: p.priceCents,
        currency: p.currency,
        educators: p.educators,
        applicationUrl: p.applicationUrl,
        capacity: p.capacity,
        focusAreas: faIds(p.focusAreas),
        instructionLanguages: canonicalInstructionLanguages(p.instructionLanguages),
        imageUrl: images.get(p.name)?.webpUrl ?? null,
        ...demoLanguageFields(DEMO_PROGRAM_LANGUAGES, p.name, {
          name: p.name,
          summary: p.summary,
          description: p.description,
        }),
      })),
    );
    await tx.insert(changeMakers).values(
      DEMO_CHANGE_MAKERS.map((c) => ({
        name: c.name,
        role: c.role,
        bio: c.bio,
        country: c.country,
        photoUrl: images.get(c.name)?.originalUrl ?? null,
        webpPhotoUrl: images.get(c.name)?.webpUrl ?? null,
        links: c.links,
        relatedLocationIds: c.relatedLocations.map((n) => locByName.get(n)).filter((id): id is string => Boolean(id)),
        focusAreas: faIds(c.focusAreas),
      })),
    );
    await tx.insert(resources).values(
      DEMO_RESOURCES.map((r) => ({
        title: r.title,
        type: r.type,
        url: r.url,
        description: r.description,
        author: r.author,
        focusAreas: faIds(r.focusAreas),
      })),
    );
    await tx.insert(podcastEpisodes).values(
      DEMO_EPISODES.map((e) => {
        const sound = episodeAudio.get(e.number);
        return {
          number: e.number,
          title: e.title,
          summary: e.summary,
          showNotes: e.showNotes,
          guest: e.guest,
          audioUrl: sound?.url ?? null,
          audioType: sound?.type,
          audioBytes: sound?.bytes ?? null,
          durationSeconds: sound?.durationSeconds ?? 0,
          publishedAt: new Date(e.publishedAt),
        };
      }),
    );
    await tx
      .insert(siteSettings)
      .values({ key: "navigation", value: { pages: { ...ALL_PAGES_VISIBLE } } })
      .onConflictDoNothing();
    // The site's texts as their first revisions, dated when they were written: the English, and each other
    // language's starting translations, so the owner's first look shows every page in its language and Admin → Pages
    // lists each language's text as saved (decision 059).
    const [texts] = await tx.select({ n: count() }).from(pageTextRevisions);
    if ((texts?.n ?? 0) === 0) {
      const createdAt = new Date(DEFAULT_PAGE_TEXTS_DATE);
      await tx.insert(pageTextRevisions).values([
        ...PAGE_TEXT_KEYS.map((key) => ({ key, language: DEFAULT_LANGUAGE, body: DEFAULT_PAGE_TEXTS[key], createdAt })),
        ...Object.entries(DEFAULT_PAGE_TEXT_TRANSLATIONS).flatMap(([language, translated]) =>
          PAGE_TEXT_KEYS.flatMap((key) => {
            const body = translated?.[key];
            return body ? [{ key, language, body, createdAt }] : [];
          }),
        ),
      ]);
    }
    await tx.insert(siteSettings).values({ key: SEED_MARKER, value: { demo: true, at: new Date().toISOString() } });
  });
  return { seeded: true, reason: "demo content added" };
}

/** Marks a database as intentionally empty (SEED=none) so that later starts never seed it. */
export async function markSeedNone(db: Database): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key: SEED_MARKER, value: { demo: false, at: new Date().toISOString() } })
    .onConflictDoNothing();
  await db
    .insert(siteSettings)
    .values({ key: "navigation", value: { pages: { ...ALL_PAGES_VISIBLE } } })
    .onConflictDoNothing();
}

export async function isSeeded(db: Database): Promise<boolean> {
  const rows = await db
    .select({ k: siteSettings.key })
    .from(siteSettings)
    .where(sql`${siteSettings.key} = ${SEED_MARKER}`);
  return rows.length > 0;
}
