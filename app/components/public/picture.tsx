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
  width = 960,
  height = 600,
  eager = false,
  className = "",
}: {
  webp?: string | null;
  fallback?: string | null;
  alt: string;
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
