import type { Database } from "~db/client";
import { parseDownloadUrl } from "../lib/storage/download-url";
import { getImageUrls } from "../queries/media.server";

/** What a page needs to draw a content image as <picture>: the WebP source (URL or srcset), the fallback and size. */
export type PictureSource = {
  /** The WebP copy's URL as stored (or found), for meta tags and structured data. */
  webp: string | null;
  /** The <source type="image/webp"> srcset: every stored WebP width when known, else the single WebP URL. */
  srcSet: string | null;
  fallback: string | null;
  /** The original's intrinsic size when the media library knows it; null for other URLs. */
  width: number | null;
  height: number | null;
};

/**
 * Resolves a content image for a public page. Media-library images get their real size (so the page reserves the
 * right space) and their responsive WebP widths; any other URL (demo paths, external addresses) passes through.
 */
export async function resolvePicture(
  db: Database,
  bucket: string | undefined,
  image: { original: string | null; webp: string | null },
  onError?: (err: unknown) => void,
): Promise<PictureSource> {
  const plain: PictureSource = {
    webp: image.webp,
    srcSet: image.webp,
    fallback: image.original,
    width: null,
    height: null,
  };
  const ref = parseDownloadUrl(image.original);
  if (!ref || !bucket) return plain;
  let urls: Awaited<ReturnType<typeof getImageUrls>>;
  try {
    urls = await getImageUrls(db, bucket, ref.fullPath);
  } catch (err) {
    onError?.(err);
    return plain;
  }
  // A rotated token revokes the old link: the page must not hand out the new one (or its copies) instead.
  if (!urls || parseDownloadUrl(urls.originalUrl)?.token !== ref.token) return plain;
  const webp = image.webp ?? urls.webpUrl;
  // The generated widths belong to this original; an admin may have pointed the WebP field at another picture.
  const webpIsOwnCopy = !image.webp || parseDownloadUrl(image.webp)?.fullPath === `${ref.fullPath}.webp`;
  return {
    webp,
    srcSet: webpIsOwnCopy && urls.srcset ? urls.srcset : webp,
    fallback: image.original,
    width: urls.width,
    height: urls.height,
  };
}
