import { useId, useRef, useState } from "react";
import { buttonClasses } from "~/components/forms/form-field";
import { formatBytes } from "~/lib/storage/errors";
import { firstDownloadUrl, type StorageMetadata } from "~/lib/storage/paths";
import { DialogCancel } from "../confirm-dialog";
import { formatDateTime } from "../shell/format";
import { DescriptionForm } from "./description-form";

/** What the storage keeps about the file, as stored: for staff who need it, behind a disclosure. */
const FIELDS: (keyof StorageMetadata)[] = [
  "bucket",
  "fullPath",
  "name",
  "size",
  "contentType",
  "generation",
  "metageneration",
  "timeCreated",
  "updated",
  "md5Hash",
  "cacheControl",
  "contentDisposition",
  "contentEncoding",
  "contentLanguage",
  "customMetadata",
];

/** The facts staff look for first, in words. */
function facts(meta: StorageMetadata): [string, string][] {
  const width = Number(meta.customMetadata.width);
  const height = Number(meta.customMetadata.height);
  return [
    ["Path", meta.fullPath],
    ["Type", meta.contentType ?? "unknown"],
    ["Size", formatBytes(meta.size)],
    ...(width && height ? [["Dimensions", `${width} × ${height} pixels`] as [string, string]] : []),
    ["Uploaded", formatDateTime(meta.timeCreated)],
  ];
}

function show(meta: StorageMetadata, key: keyof StorageMetadata): string {
  const v = meta[key];
  if (key === "size") return `${formatBytes(meta.size)} (${meta.size} bytes)`;
  if (v === null || v === "") return "—";
  if (typeof v === "object") {
    const entries = Object.entries(v);
    return entries.length ? entries.map(([k, val]) => `${k}: ${val}`).join(", ") : "—";
  }
  return String(v);
}

function urlOrNull(meta: StorageMetadata): string | null {
  try {
    return firstDownloadUrl(meta);
  } catch {
    return null;
  }
}

/** Preview, every stored metadata field, and the link actions for one object. */
export function MetadataPanel({
  meta,
  onDelete,
  onRotate,
  onClose,
  onDescribed,
}: {
  meta: StorageMetadata;
  onDelete: () => Promise<void>;
  /** Resolves true once the new link is made (a failure is reported by the caller). */
  onRotate: () => Promise<boolean>;
  onClose: () => void;
  /** The file's metadata after its alt text and caption were saved. */
  onDescribed: (meta: StorageMetadata) => void;
}) {
  const headingId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [status, setStatus] = useState("");
  const url = urlOrNull(meta);
  const type = meta.contentType ?? "";
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-stone-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="break-all text-lg font-semibold text-stone-900">
          {meta.name}
        </h2>
        <button type="button" className={buttonClasses.link} onClick={onClose}>
          Close details
        </button>
      </div>
      {url && type.startsWith("image/") ? (
        <img
          src={url}
          alt={meta.customMetadata.alt || `Preview of ${meta.name}`}
          className="mt-3 max-h-64 w-auto rounded border border-stone-200"
        />
      ) : null}
      {url && type.startsWith("audio/") ? (
        // biome-ignore lint/a11y/useMediaCaption: uploaded podcast audio has no caption track
        <audio controls src={url} className="mt-3 w-full" aria-label={`Play ${meta.name}`} />
      ) : null}
      <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {facts(meta).map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-stone-800">{term}</dt>
            <dd className="break-all text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
      {type.startsWith("image/") ? <DescriptionForm meta={meta} onSaved={onDescribed} /> : null}
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-semibold text-stone-900">Storage details</summary>
        <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          {FIELDS.map((f) => (
            <div key={f} className="contents">
              <dt className="font-semibold text-stone-800">{f}</dt>
              <dd className="break-all text-stone-900">{show(meta, f)}</dd>
            </div>
          ))}
        </dl>
      </details>
      <div className="mt-4 flex flex-wrap gap-2">
        {url ? (
          <button
            type="button"
            className={buttonClasses.secondary}
            onClick={async () => {
              const absolute = new URL(url, window.location.origin).toString();
              try {
                await navigator.clipboard.writeText(absolute);
                setStatus("Link copied.");
              } catch {
                setStatus(`Copy this link: ${absolute}`);
              }
            }}
          >
            Copy link
          </button>
        ) : null}
        <button
          type="button"
          className={buttonClasses.secondary}
          onClick={async () => {
            if (!(await onRotate())) return;
            setStatus(
              "A new link was made. The old links of the file and of its copies no longer work; pages that show the file use the new one.",
            );
          }}
        >
          Make a new link
        </button>
        <button
          type="button"
          className={buttonClasses.danger}
          aria-haspopup="dialog"
          onClick={() => dialogRef.current?.showModal()}
        >
          Delete
        </button>
      </div>
      <p role="status" className="mt-2 text-sm text-stone-800">
        {status}
      </p>
      <dialog
        ref={dialogRef}
        aria-labelledby={`${headingId}-confirm`}
        className="m-auto max-w-md rounded-lg border border-stone-300 p-6 shadow-xl backdrop:bg-stone-900/50"
      >
        <h2 id={`${headingId}-confirm`} className="text-lg font-bold text-stone-900">
          Delete {meta.name}?
        </h2>
        <p className="mt-2 text-stone-700">
          The file and its WebP copies are removed and every link to it stops working.
        </p>
        <div className="mt-6 flex justify-end gap-3">
          <DialogCancel dialog={dialogRef} />
          <button
            type="button"
            className={buttonClasses.danger}
            onClick={async () => {
              dialogRef.current?.close();
              await onDelete();
            }}
          >
            Delete file
          </button>
        </div>
      </dialog>
    </section>
  );
}
