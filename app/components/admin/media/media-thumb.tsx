import { type StorageMetadata, thumbnailUrl } from "~/lib/storage/paths";

/**
 * A file's picture in a grid of files: its thumbnail, or for a file without one its kind (PDF, Audio, File). `size`
 * reserves the picture's room before it loads.
 */
export function MediaThumb({ file, size }: { file: StorageMetadata; size?: { width: number; height: number } }) {
  const thumb = thumbnailUrl(file);
  if (thumb) {
    return (
      <img
        src={thumb}
        alt=""
        loading="lazy"
        width={size?.width}
        height={size?.height}
        className={
          size ? "aspect-[4/3] h-auto w-full rounded object-cover" : "aspect-[4/3] w-full rounded object-cover"
        }
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex aspect-[4/3] w-full items-center justify-center rounded bg-stone-100 text-sm font-semibold text-stone-700"
    >
      {file.contentType === "application/pdf" ? "PDF" : file.contentType?.startsWith("audio/") ? "Audio" : "File"}
    </span>
  );
}
