import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { createStorageClient } from "../../../lib/storage/client";
import { StorageError } from "../../../lib/storage/errors";
import { firstDownloadUrl, type StorageListResult, type StorageMetadata } from "../../../lib/storage/paths";
import { buttonClasses } from "../form-field";
import { isVariant } from "./media-library";
import { UploadZone } from "./upload-zone";
import { useUploads } from "./use-uploads";

export type PickedMedia = {
  meta: StorageMetadata;
  /** Download URL of the original (first token). */
  url: string;
  /** The generated full-size WebP copy, when the file is an image that has one. */
  webpUrl: string | null;
  width: number | null;
  height: number | null;
};

function matchesAccept(type: string | null, accept: string | undefined): boolean {
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

/**
 * Chooses a stored file for a form field. The chosen download URL is submitted under `name` (hidden input) and
 * reported through onChange with the WebP copy's URL and the image size, for fields such as webpImageUrl.
 */
export function MediaPicker({
  name,
  value,
  onChange,
  accept,
  label = "File",
}: {
  name: string;
  value: string;
  onChange: (url: string, picked: PickedMedia | null) => void;
  accept?: string;
  label?: string;
}) {
  const client = useMemo(() => createStorageClient(), []);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [prefix, setPrefix] = useState("");
  const [page, setPage] = useState<StorageListResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setPage(await client.list({ prefix, delimiter: "/", maxResults: 200 }));
      setError(null);
    } catch (err) {
      setError(err instanceof StorageError ? err.message : "The media library could not be loaded.");
    }
  }, [client, prefix]);

  const uploads = useUploads(
    client,
    useCallback(() => void load(), [load]),
  );

  useEffect(() => {
    if (page !== null || dialogRef.current?.open) void load();
  }, [load, page]);

  const pick = (meta: StorageMetadata) => {
    const url = safeUrl(meta);
    if (!url) return;
    const webp = page?.items.find(
      (m) => m.fullPath === `${meta.fullPath}.webp` && m.customMetadata.variantOf === meta.fullPath,
    );
    onChange(url, {
      meta,
      url,
      webpUrl: webp ? safeUrl(webp) : null,
      width: Number(meta.customMetadata.width) || null,
      height: Number(meta.customMetadata.height) || null,
    });
    dialogRef.current?.close();
  };

  const items = (page?.items ?? []).filter((m) => !isVariant(m) && matchesAccept(m.contentType, accept));
  const isImage = /\/api\/storage\/download\/.+/.test(value) && (accept ?? "image/*").startsWith("image");

  return (
    <div>
      <input type="hidden" name={name} value={value} />
      <div className="flex flex-wrap items-center gap-3">
        {value && isImage ? (
          <img src={value} alt="" className="h-16 w-24 rounded border border-stone-200 object-cover" />
        ) : null}
        <span className="break-all text-sm text-stone-800">{value ? value : `No ${label.toLowerCase()} chosen.`}</span>
        <button
          type="button"
          className={buttonClasses.secondary}
          aria-haspopup="dialog"
          onClick={() => {
            dialogRef.current?.showModal();
            void load();
          }}
        >
          Choose {label.toLowerCase()} from the media library
        </button>
        {value ? (
          <button type="button" className={buttonClasses.link} onClick={() => onChange("", null)}>
            Remove {label.toLowerCase()}
          </button>
        ) : null}
      </div>
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        className="m-auto w-[min(56rem,95vw)] rounded-lg border border-stone-300 p-6 shadow-xl backdrop:bg-stone-900/50"
      >
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-lg font-bold text-stone-900">
            Choose {label.toLowerCase()}
            {prefix ? ` in ${prefix}` : ""}
          </h2>
          <button type="button" className={buttonClasses.secondary} onClick={() => dialogRef.current?.close()}>
            Close
          </button>
        </div>
        <UploadZone
          folderLabel={prefix ? `the folder ${prefix}` : "the top folder"}
          items={uploads.items}
          onFiles={(files) => uploads.start(files, prefix)}
          onCancel={uploads.cancel}
          onClear={uploads.clearFinished}
          accept={accept}
        />
        {error ? (
          <p role="alert" className="text-red-800">
            {error}
          </p>
        ) : null}
        {prefix ? (
          <button
            type="button"
            className={`${buttonClasses.link} mb-3`}
            onClick={() =>
              setPrefix(
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
        <ul className="grid max-h-[50vh] grid-cols-2 gap-3 overflow-y-auto sm:grid-cols-4">
          {page?.prefixes.map((p) => (
            <li key={p}>
              <button type="button" className={`${buttonClasses.secondary} w-full`} onClick={() => setPrefix(p)}>
                Folder {p.slice(prefix.length, -1)}
              </button>
            </li>
          ))}
          {items.map((m) => {
            const url = safeUrl(m);
            return (
              <li key={m.fullPath}>
                <button
                  type="button"
                  onClick={() => pick(m)}
                  className="flex w-full flex-col rounded border border-stone-200 p-2 text-left hover:border-leaf-700"
                >
                  {url && m.contentType?.startsWith("image/") ? (
                    <img src={url} alt="" loading="lazy" className="aspect-[4/3] w-full rounded object-cover" />
                  ) : null}
                  <span className="mt-1 break-all text-sm text-stone-900">Choose {m.name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </dialog>
    </div>
  );
}
