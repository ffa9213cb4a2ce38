import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";
import { parseDownloadUrl } from "~/lib/storage/download-url";
import { mediaTextFor, type ShownMediaText } from "~/lib/storage/media-description";
import { getImageUrls, getMediaCustomMetadata } from "~/queries/media.server";
import type { Services } from "../services.server";

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
  /**
   * The file's alt text and caption from the media library, in the page's language or else the original's (with
   * the language they are in); null when the library has none, or the image is not a library file.
   */
  alt: ShownMediaText | null;
  caption: ShownMediaText | null;
};

/**
 * Resolves a content image for a public page. Media-library images get their real size (so the page reserves the
 * right space) and their responsive WebP widths; any other URL (demo paths, external addresses) passes through.
 */
export async function resolvePicture(
  { db }: Pick<Services, "db">,
  bucket: string | undefined,
  image: { original: string | null; webp: string | null },
  onError?: (err: unknown) => void,
  language: Language = DEFAULT_LANGUAGE,
): Promise<PictureSource> {
  const plain: PictureSource = {
    webp: image.webp,
    srcSet: image.webp,
    fallback: image.original,
    width: null,
    height: null,
    alt: null,
    caption: null,
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
    alt: mediaTextFor(urls.customMetadata, "alt", language),
    caption: mediaTextFor(urls.customMetadata, "caption", language),
  };
}

/**
 * A public page's picture from the media library of its storage, in the page's language; a lookup that fails is
 * logged as `failed` says and the page shows the stored URLs.
 */
export function pagePicture(
  services: Pick<Services, "db" | "storage" | "logger">,
  image: { original: string | null; webp: string | null },
  language: Language,
  failed: string,
): Promise<PictureSource> {
  return resolvePicture(
    services,
    services.storage?.bucket,
    image,
    (err) => services.logger.warn({ err }, failed),
    language,
  );
}

/** The path of the original a generated copy's name points at ("a.jpg.webp", "a.jpg@960.webp" → "a.jpg"). */
function originalPathOf(fullPath: string): string | null {
  const m = /^(.+?)(?:@\d+)?\.webp$/.exec(fullPath);
  return m?.[1] ?? null;
}

/** What a page needs to show a library image's words: its alt text and caption, each in the language it is in. */
export type ImageDescription = { alt: ShownMediaText | null; caption: ShownMediaText | null };

/**
 * The alt texts and captions of the media-library images among `urls` (download URLs, as page texts and entries
 * hold them), in one query: keyed by URL, for a page in `language`. A generated copy's URL (the WebP a page text
 * inserts) is described by its original. Other URLs, and files without words, are left out.
 */
export async function describeImages(
  { db }: Pick<Services, "db">,
  bucket: string | undefined,
  urls: readonly string[],
  language: Language = DEFAULT_LANGUAGE,
): Promise<Map<string, ImageDescription>> {
  const out = new Map<string, ImageDescription>();
  if (!bucket) return out;
  const refs = new Map<string, string>();
  for (const url of urls) {
    const ref = parseDownloadUrl(url);
    if (ref) refs.set(url, ref.fullPath);
  }
  if (refs.size === 0) return out;
  const paths = [...refs.values()].flatMap((p) => [p, originalPathOf(p)].filter((x): x is string => x !== null));
  const meta = await getMediaCustomMetadata(db, bucket, paths);
  for (const [url, path] of refs) {
    const own = meta.get(path);
    // A copy carries no words of its own: its original's are the picture's.
    const source = own?.variantOf ? meta.get(own.variantOf) : own;
    if (!source) continue;
    const alt = mediaTextFor(source, "alt", language);
    const caption = mediaTextFor(source, "caption", language);
    if (alt || caption) out.set(url, { alt, caption });
  }
  return out;
}
