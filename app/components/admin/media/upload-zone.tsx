import { createContext, useContext, useId, useState } from "react";
import { buttonClasses } from "~/components/forms/form-field";
import { formatBytes } from "~/lib/storage/errors";
import { STORAGE_MAX_UPLOAD_BYTES } from "~/lib/storage/limits";
import type { UploadItem } from "./use-uploads";

export const MEDIA_ACCEPT =
  "image/jpeg,image/png,image/webp,image/gif,image/avif,image/svg+xml,application/pdf,audio/mpeg,audio/mp4,audio/x-m4a,audio/ogg";

const only = (prefix: string) =>
  MEDIA_ACCEPT.split(",")
    .filter((t) => t.startsWith(prefix))
    .join(",");
/** The image types the storage service takes (for an image field's picker). */
export const IMAGE_ACCEPT = only("image/");
/** The audio types the storage service takes (for an episode's audio). */
export const AUDIO_ACCEPT = only("audio/");

/**
 * The hint for a file input. `maxBytes` is the limit the server enforces (the admin layout's loader reads it from the
 * storage service), so the hint cannot promise more, or less, than an upload gets.
 */
function hintFor(accept: string, maxBytes: number = STORAGE_MAX_UPLOAD_BYTES): string {
  const each = `up to ${formatBytes(maxBytes)} each`;
  const types = accept.split(",").map((t) => t.trim());
  if (types.every((t) => t.startsWith("image/"))) {
    return `Images (JPEG, PNG, WebP, GIF, AVIF, SVG), ${each}. Images are re-encoded without camera metadata and get WebP copies.`;
  }
  if (types.every((t) => t.startsWith("audio/"))) return `Audio (MP3, M4A, OGG), ${each}.`;
  return `Images (JPEG, PNG, WebP, GIF, AVIF, SVG), PDF and audio (MP3, M4A, OGG), ${each}. Images are re-encoded without camera metadata and get WebP copies.`;
}

/** The upload limit in force, provided by the admin layout from its loader; the shared default elsewhere. */
export const UploadLimitContext = createContext<number>(STORAGE_MAX_UPLOAD_BYTES);

/** Drop files here or pick them with the (keyboard-accessible) file input; one progress bar per file. */
export function UploadZone({
  onFiles,
  items,
  onCancel,
  onClear,
  folderLabel,
  accept = MEDIA_ACCEPT,
}: {
  onFiles: (files: File[]) => void;
  items: UploadItem[];
  onCancel: (id: string) => void;
  onClear: () => void;
  folderLabel: string;
  accept?: string;
}) {
  const inputId = useId();
  const hintId = useId();
  const maxBytes = useContext(UploadLimitContext);
  const [over, setOver] = useState(false);
  return (
    <section aria-label="Upload files" className="mb-6">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the file input inside is the keyboard path */}
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          const files = Array.from(e.dataTransfer.files);
          if (files.length) onFiles(files);
        }}
        className={`rounded-lg border-2 border-dashed p-6 text-center ${over ? "border-leaf-700 bg-leaf-50" : "border-stone-300 bg-white"}`}
      >
        <p className="text-stone-800">Drag and drop files here to upload them to {folderLabel}, or</p>
        <label
          htmlFor={inputId}
          className={`${buttonClasses.primary} mt-3 cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-leaf-800`}
        >
          Choose files
          <input
            id={inputId}
            type="file"
            multiple
            accept={accept}
            aria-describedby={hintId}
            className="sr-only"
            onChange={(e) => {
              const files = Array.from(e.currentTarget.files ?? []);
              e.currentTarget.value = "";
              if (files.length) onFiles(files);
            }}
          />
        </label>
        <p id={hintId} className="mt-2 text-sm text-stone-700">
          {hintFor(accept, maxBytes)}
        </p>
      </div>
      {items.length > 0 ? (
        <div className="mt-4">
          <ul className="space-y-3" aria-live="polite">
            {items.map((item) => {
              // 100 only once the server has stored the file: after the last byte it still checks and converts it.
              const sent = item.total ? Math.round((item.loaded / item.total) * 100) : 0;
              const pct = item.state === "done" ? 100 : Math.min(sent, 99);
              const processing = item.state === "uploading" && item.total > 0 && item.loaded >= item.total;
              return (
                <li key={item.id} className="rounded border border-stone-200 bg-white p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-medium text-stone-900">{item.name}</span>
                    <span className="text-sm text-stone-700">
                      {processing
                        ? "Processing…"
                        : item.state === "uploading"
                          ? `${pct}% of ${formatBytes(item.total)}`
                          : item.state === "done"
                            ? "Uploaded"
                            : item.state === "canceled"
                              ? "Canceled"
                              : "Failed"}
                    </span>
                  </div>
                  <div
                    role="progressbar"
                    aria-label={`Upload of ${item.name}`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={pct}
                    className="mt-2 h-2 w-full overflow-hidden rounded bg-stone-200"
                  >
                    <div
                      className={`h-full ${item.state === "error" ? "bg-red-700" : "bg-leaf-700"}`}
                      style={{ width: `${pct}%` }}
                    />
                  </div>
                  {item.state === "error" || item.state === "canceled" ? (
                    <p className="mt-2 text-sm text-red-800" role="alert">
                      {item.message}
                    </p>
                  ) : null}
                  {item.state === "uploading" ? (
                    <button
                      type="button"
                      className={`${buttonClasses.link} mt-2 text-sm`}
                      onClick={() => onCancel(item.id)}
                    >
                      Cancel upload of {item.name}
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {items.some((i) => i.state !== "uploading") ? (
            <button type="button" className={`${buttonClasses.secondary} mt-3`} onClick={onClear}>
              Clear finished uploads
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
