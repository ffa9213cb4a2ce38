import { Leaf } from "../icons";

/**
 * A content image as <picture>: WebP first, the original (JPEG) as fallback. Width and height are the stored
 * intrinsic size so the browser reserves the space (no layout shift); CSS scales it to the container. Each format
 * has one file, so there is no `sizes` (which HTML allows only beside width descriptors, for a choice of widths).
 */
export function ResponsivePicture({
  webp,
  fallback,
  alt,
  altLang,
  width = 960,
  height = 600,
  eager = false,
  className = "",
}: {
  webp?: string | null;
  fallback?: string | null;
  alt: string;
  /** The alt text's language when it is not the page's (a media-library alt text without a translation). */
  altLang?: string;
  width?: number;
  height?: number;
  eager?: boolean;
  className?: string;
}) {
  const src = fallback || webp;
  if (!src) {
    return (
      <div
        aria-hidden="true"
        className={`flex items-center justify-center bg-gradient-to-br from-leaf-100 to-soil-100 text-leaf-600 ${className}`}
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        <Leaf className="h-10 w-10" />
      </div>
    );
  }
  return (
    <picture>
      {webp && webp !== src ? <source srcSet={webp} type="image/webp" /> : null}
      <img
        src={src}
        alt={alt}
        lang={altLang}
        width={width}
        height={height}
        loading={eager ? "eager" : "lazy"}
        decoding={eager ? "sync" : "async"}
        // React 19 knows fetchPriority; the hero image is the largest paint on detail pages.
        fetchPriority={eager ? "high" : "auto"}
        className={`h-auto w-full object-cover ${className}`}
        style={{ aspectRatio: `${width} / ${height}` }}
      />
    </picture>
  );
}

/** A text from the media library as a page shows it: its words and the language they are in. */
type ShownText = { text: string; lang: string };

/**
 * What a page shows of a media-library picture's words: the alt text (the library's, in the page's language when
 * translated, else `fallback`, the page's own description) and the caption, each with its language marked when it
 * is not the page's.
 */
export function pictureWords(
  alt: ShownText | null | undefined,
  caption: ShownText | null | undefined,
  fallback: string,
  pageLang: string,
) {
  const foreign = (t: ShownText | null | undefined) => (t && t.lang !== pageLang ? t.lang : undefined);
  return {
    alt: alt?.text ?? fallback,
    altLang: foreign(alt),
    caption: caption ? { text: caption.text, lang: foreign(caption) } : null,
  };
}

/** A picture's caption from the media library, under it. */
export function PictureCaption({
  caption,
  className = "",
}: {
  caption: { text: string; lang?: string } | null;
  className?: string;
}) {
  if (!caption) return null;
  return (
    <figcaption lang={caption.lang} className={`mt-2 text-sm ${className}`}>
      {caption.text}
    </figcaption>
  );
}

/** An entry page's own picture, loaded first, in a rounded frame (`frame`: its shadow), with its caption below. */
export function EntryFigure({
  image,
  words,
  frame = "",
  className,
  captionClassName,
}: {
  image: { webp?: string | null; fallback?: string | null; width?: number; height?: number };
  /** Its alt text and caption (`pictureWords`). */
  words: ReturnType<typeof pictureWords>;
  frame?: string;
  className?: string;
  captionClassName: string;
}) {
  return (
    <figure className={className}>
      <div className={`overflow-hidden rounded-xl${frame ? ` ${frame}` : ""}`}>
        <ResponsivePicture {...image} alt={words.alt} altLang={words.altLang} eager />
      </div>
      <PictureCaption caption={words.caption} className={captionClassName} />
    </figure>
  );
}
