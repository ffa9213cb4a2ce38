import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { mediaObjects } from "../../db/schema";
import { downloadUrl, firstDownloadToken, type ImageUrls, variantNames } from "../lib/storage/paths";

/**
 * URLs for a stored image and its WebP variants, so a form can fill originalImageUrl and webpImageUrl (and a page
 * can use srcset). Null when the object does not exist or has no download token.
 */
export async function getImageUrls(
  db: Database,
  bucket: string,
  fullPath: string,
  origin = "",
): Promise<ImageUrls | null> {
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
  return { originalUrl: downloadUrl(fullPath, token, origin), webpUrl, width, height, srcset: srcset.join(", ") };
}
