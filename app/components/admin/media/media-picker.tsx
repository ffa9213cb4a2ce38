import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { buttonClasses } from "~/components/forms/form-field";
import { MEDIA_PICKER_PAGE_SIZE } from "~/lib/constants";
import { createStorageClient, type StorageClient } from "~/lib/storage/client";
import { StorageError } from "~/lib/storage/errors";
import { firstDownloadUrl, type StorageMetadata } from "~/lib/storage/paths";
import { MediaThumb } from "./media-thumb";
import { UploadZone } from "./upload-zone";
import { useUploads } from "./use-uploads";

const PAGE_SIZE = MEDIA_PICKER_PAGE_SIZE;

export type PickedMedia = {
  meta: StorageMetadata;
  /** Download URL of the original (first token). */
  url: string;
  /** The generated full-size WebP copy, when the file is an image that has one. */
  webpUrl: string | null;
  width: number | null;
  height: number | null;
};

/** Whether a stored file's type fits an `accept` list such as "image/*" or "audio/mpeg,audio/ogg". */
export function matchesAccept(type: string | null, accept: string | undefined): boolean {
  if (!accept) return true;
  const t = (type ?? "").toLowerCase();
  return accept.split(",").some((a) => {
    const p = a.trim().toLowerCase();
    return p.endsWith("/*") ? t.startsWith(p.slice(0, -1)) : t === p;
  });
}

function safeUrl(meta: StorageMetadata): string | null {
  try {
    return firstDownloadUrl(meta);
  } catch {
    return null;
  }
}

/** The generated WebP copy of an image (listings leave copies out, so it is asked for by name). */
async function findWebpCopy(client: StorageClient, meta: StorageMetadata): Promise<StorageMetadata | null> {
  // SVGs are kept as vectors and other files are not images: neither gets a WebP copy.
  if (!meta.contentType?.startsWith("image/") || meta.contentType === "image/svg+xml") return null;
  const webpPath = `${meta.fullPath}.webp`;
  const found = await client.getMetadata(webpPath).catch(() => null);
  return found?.fullPath === webpPath && found.customMetadata.variantOf === meta.fullPath ? found : null;
}

/** Describes a chosen file the way forms use it: its download URL, its WebP copy's URL and its pixel size. */
export async function describePick(client: StorageClient, meta: StorageMetadata): Promise<PickedMedia | null> {
  const url = safeUrl(meta);
  if (!url) return null;
  const webp = await findWebpCopy(client, meta);
  return {
    meta,
    url,
    webpUrl: webp ? safeUrl(webp) : null,
    width: Number(meta.customMetadata.width) || null,
    height: Number(meta.customMetadata.height) || null,
  };
}

/**
 * "Choose … from the media library": a button that opens a modal dialog listing stored files (with folders, paging
 * and uploads). Keyboard use follows the modal dialog pattern: focus moves into the dialog, Tab stays inside it,
 * Escape or Close shuts it, and focus returns to the button.
 */
export function MediaPicker({
  label,
  accept,
  onPick,
  describedBy,
}: {
  /** What is chosen, as the button and dialog title say it: "image", "photo", "audio file". */
  label: string;
  accept?: string;
  onPick: (picked: PickedMedia) => void;
  describedBy?: string;
}) {
  const client = useMemo(() => createStorageClient(), []);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const listHeadingId = useId();
  const [open, setOpen] = useState(false);
  const [prefix, setPrefix] = useState("");
  const [items, setItems] = useState<StorageMetadata[]>([]);
  const [prefixes, setPrefixes] = useState<string[]>([]);
  const [nextPageToken, setNextPageToken] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [picking, setPicking] = useState<string | null>(null);
  // Only the newest listing may land: a slow answer for a folder the admin already left is dropped.
  const request = useRef(0);

  const load = useCallback(
    async (pageToken?: string) => {
      const n = ++request.current;
      setLoading(true);
      try {
        const page = await client.list({ prefix, delimiter: "/", pageToken, maxResults: PAGE_SIZE });
        if (n !== request.current) return;
        setItems((prev) => (pageToken ? [...prev, ...page.items] : page.items));
        setPrefixes((prev) => (pageToken ? [...prev, ...page.prefixes] : page.prefixes));
        setNextPageToken(page.nextPageToken);
        setError(null);
        setLoaded(true);
      } catch (err) {
        if (n !== request.current) return;
        setError(err instanceof StorageError ? err.message : "The media library could not be loaded.");
      } finally {
        if (n === request.current) setLoading(false);
      }
    },
    [client, prefix],
  );

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  const uploads = useUploads(
    client,
    useCallback(() => void load(), [load]),
  );

  const openDialog = () => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    dialog.showModal();
    setOpen(true);
    closeRef.current?.focus();
  };

  const go = (next: string) => {
    setPrefix(next);
    setLoaded(false);
    setItems([]);
    setPrefixes([]);
    setNextPageToken(undefined);
    // The folder button just used disappears with the old listing: keep keyboard focus in a known place.
    listHeadingRef.current?.focus();
  };

  const pick = async (meta: StorageMetadata) => {
    setPicking(meta.fullPath);
    try {
      const picked = await describePick(client, meta);
      if (!picked) {
        setError(`${meta.name} has no download link. Create one in the media library, then choose it again.`);
        return;
      }
      onPick(picked);
      dialogRef.current?.close();
    } finally {
      setPicking(null);
    }
  };

  const files = items.filter((m) => matchesAccept(m.contentType, accept));
  const folderName = prefix ? prefix.slice(0, -1) : "";

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className={buttonClasses.secondary}
        aria-haspopup="dialog"
        aria-describedby={describedBy}
        onClick={openDialog}
      >
        Choose {label} from the media library
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        className="m-auto max-h-[92vh] w-[min(56rem,95vw)] overflow-y-auto rounded-lg border border-stone-300 bg-white p-6 shadow-xl backdrop:bg-stone-900/50"
        onClose={() => {
          setOpen(false);
          triggerRef.current?.focus();
        }}
      >
        <div className="mb-4 flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-lg font-bold text-stone-900">
            Choose {label} from the media library
          </h2>
          <button
            ref={closeRef}
            type="button"
            className={buttonClasses.secondary}
            onClick={() => dialogRef.current?.close()}
          >
            Close
          </button>
        </div>
        {open ? (
          <UploadZone
            folderLabel={folderName ? `the folder ${folderName}` : "the top folder"}
            items={uploads.items}
            onFiles={(list) => uploads.start(list, prefix)}
            onCancel={uploads.cancel}
            onClear={uploads.clearFinished}
            accept={accept}
          />
        ) : null}
        {error ? (
          <p role="alert" className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-red-900">
            {error}
          </p>
        ) : null}
        <section aria-labelledby={listHeadingId} aria-busy={loading}>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h3
              id={listHeadingId}
              ref={listHeadingRef}
              tabIndex={-1}
              className="text-base font-semibold text-stone-900 focus:outline-2 focus:outline-offset-2 focus:outline-leaf-800"
            >
              {folderName ? `Files in ${folderName}` : "Files in the top folder"}
            </h3>
            {prefix ? (
              <button
                type="button"
                className={buttonClasses.link}
                onClick={() =>
                  go(
                    prefix
                      .split("/")
                      .slice(0, -2)
                      .map((s) => `${s}/`)
                      .join(""),
                  )
                }
              >
                Up one folder
              </button>
            ) : null}
          </div>
          <p role="status" className="text-sm text-stone-700">
            {loading && !loaded
              ? "Loading files…"
              : loaded && files.length === 0 && prefixes.length === 0
                ? "No matching files in this folder yet. Upload one above."
                : ""}
          </p>
          <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {prefixes.map((p) => (
              <li key={p}>
                <button
                  type="button"
                  className={`${buttonClasses.secondary} h-full w-full break-all`}
                  onClick={() => go(p)}
                >
                  Folder {p.slice(prefix.length, -1)}
                </button>
              </li>
            ))}
            {files.map((m) => (
              <li key={m.fullPath}>
                <button
                  type="button"
                  onClick={() => void pick(m)}
                  disabled={picking !== null}
                  className="flex h-full w-full flex-col rounded border border-stone-300 p-2 text-left hover:border-leaf-700 disabled:opacity-60"
                >
                  <MediaThumb file={m} size={{ width: 160, height: 120 }} />
                  <span className="mt-1 break-all text-sm text-stone-900">Choose {m.name}</span>
                </button>
              </li>
            ))}
          </ul>
          {nextPageToken ? (
            <button
              type="button"
              className={`${buttonClasses.secondary} mt-4`}
              disabled={loading}
              onClick={() => void load(nextPageToken)}
            >
              Show more files
            </button>
          ) : null}
        </section>
      </dialog>
    </>
  );
}
