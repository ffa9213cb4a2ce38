import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "~db/client";
import { changeMakers, locations, mediaObjects, podcastEpisodes, programs, resources } from "~db/schema";
import { downloadUrl, firstDownloadToken, type ImageUrls, variantNames } from "../lib/storage/paths";

/**
 * URLs for a stored image and its WebP variants, so a form can fill originalImageUrl and webpImageUrl (and a page
 * can use srcset). Null when the object does not exist or has no download token.
 */
export async function getImageUrls(
  db: Executor,
  bucket: string,
  fullPath: string,
  origin = "",
): Promise<(ImageUrls & { customMetadata: Record<string, string> }) | null> {
  const names = variantNames(fullPath);
  const rows = await db
    .select({
      fullPath: mediaObjects.fullPath,
      downloadTokens: mediaObjects.downloadTokens,
      customMetadata: mediaObjects.customMetadata,
    })
    .from(mediaObjects)
    .where(
      and(
        eq(mediaObjects.bucket, bucket),
        inArray(mediaObjects.fullPath, [fullPath, names.webp, ...names.sized.values()]),
      ),
    );
  const byPath = new Map(rows.map((r) => [r.fullPath, r]));
  const original = byPath.get(fullPath);
  const token = original ? firstDownloadToken(original.downloadTokens) : null;
  if (!original || !token) return null;
  const urlOf = (p: string) => {
    const row = byPath.get(p);
    const t = row ? firstDownloadToken(row.downloadTokens) : null;
    return row && t && row.customMetadata.variantOf === fullPath ? downloadUrl(p, t, origin) : null;
  };
  const width = Number(original.customMetadata.width) || null;
  const height = Number(original.customMetadata.height) || null;
  const srcset = [...names.sized.entries()]
    .map(([w, p]) => {
      const u = urlOf(p);
      return u ? `${u} ${w}w` : null;
    })
    .filter((s): s is string => s !== null);
  const webpUrl = urlOf(names.webp);
  if (webpUrl && width) srcset.push(`${webpUrl} ${width}w`);
  return {
    originalUrl: downloadUrl(fullPath, token, origin),
    webpUrl,
    width,
    height,
    srcset: srcset.join(", "),
    // The original's own facts (its alt text and caption among them), for a page that shows it.
    customMetadata: original.customMetadata,
  };
}

/**
 * The customMetadata of the files at these paths (those that exist), for public pages that show them: their alt
 * texts and captions, and `variantOf` naming a generated copy's original. One indexed lookup for all of them.
 */
export async function getMediaCustomMetadata(
  db: Executor,
  bucket: string,
  fullPaths: readonly string[],
): Promise<Map<string, Record<string, string>>> {
  if (fullPaths.length === 0) return new Map();
  const rows = await db
    .select({ fullPath: mediaObjects.fullPath, customMetadata: mediaObjects.customMetadata })
    .from(mediaObjects)
    .where(and(eq(mediaObjects.bucket, bucket), inArray(mediaObjects.fullPath, [...new Set(fullPaths)])));
  return new Map(rows.map((r) => [r.fullPath, r.customMetadata]));
}

/** The kinds of public content whose columns can hold a media-library download URL. */
export type MediaUsingContent = "locations" | "programs" | "changeMakers" | "resources" | "podcast";

/** Every content column an admin form fills with a media-library URL (images, a portrait, an episode's audio). */
const URL_COLUMNS = [
  { kind: "locations", table: locations, columns: ["originalImageUrl", "webpImageUrl"] },
  { kind: "programs", table: programs, columns: ["imageUrl"] },
  { kind: "changeMakers", table: changeMakers, columns: ["photoUrl", "webpPhotoUrl"] },
  { kind: "resources", table: resources, columns: ["imageUrl"] },
  { kind: "podcast", table: podcastEpisodes, columns: ["imageUrl", "audioUrl"] },
] as const;

/**
 * Replaces download URLs held in content with others (a whole value equal to a key becomes that key's value),
 * one statement per table; returns the kinds of content that changed. Used when a file's links are made anew, so
 * the pages showing it carry the new links at once. Nothing else about the rows changes (not their edit time).
 */
export async function replaceDownloadUrls(
  db: Executor,
  replacements: ReadonlyMap<string, string>,
): Promise<MediaUsingContent[]> {
  if (replacements.size === 0) return [];
  const olds = [...replacements.keys()];
  const changed: MediaUsingContent[] = [];
  for (const { kind, table, columns } of URL_COLUMNS) {
    const set: Record<string, SQL> = {};
    const cols: PgColumn[] = [];
    for (const key of columns) {
      const column = (table as unknown as Record<string, PgColumn>)[key] as PgColumn;
      const cases = sql.join(
        [...replacements].map(([from, to]) => sql`when ${from} then ${to}`),
        sql` `,
      );
      set[key] = sql`case ${column} ${cases} else ${column} end`;
      cols.push(column);
    }
    const rows = await db
      .update(table)
      .set(set)
      .where(or(...cols.map((c) => inArray(c, olds))))
      .returning({ id: table.id });
    if (rows.length > 0) changed.push(kind);
  }
  return changed;
}
