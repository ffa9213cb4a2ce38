import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { buttonClasses } from "~/components/forms/form-field";
import { ADMIN_LONG_PAGE_SIZE } from "~/lib/constants";
import { createStorageClient } from "~/lib/storage/client";
import { formatBytes, StorageError } from "~/lib/storage/errors";
import type { StorageListResult, StorageMetadata } from "~/lib/storage/paths";
import { MediaThumb } from "./media-thumb";
import { MetadataPanel } from "./metadata-panel";
import { UploadZone } from "./upload-zone";
import { useUploads } from "./use-uploads";

const PAGE_SIZE = ADMIN_LONG_PAGE_SIZE;

function message(err: unknown): string {
  return err instanceof StorageError ? err.message : "Something went wrong. Please try again.";
}

/** The media library: folders by prefix, pages by token, uploads with progress, details and link actions. */
export function MediaLibrary({ initial }: { initial?: StorageListResult }) {
  const client = useMemo(() => createStorageClient(), []);
  const [prefix, setPrefix] = useState("");
  const [tokens, setTokens] = useState<string[]>([]);
  const [page, setPage] = useState<StorageListResult | null>(initial ?? null);
  const [loading, setLoading] = useState(!initial);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<StorageMetadata | null>(null);
  const [newFolder, setNewFolder] = useState("");
  const [folderError, setFolderError] = useState<string | null>(null);
  const pageToken = tokens[tokens.length - 1];
  // The server rendered the first page; the browser only fetches when the folder or page changes.
  const skipFirstLoad = useRef(Boolean(initial));

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setPage(await client.list({ prefix, delimiter: "/", pageToken, maxResults: PAGE_SIZE }));
      setError(null);
    } catch (err) {
      setError(message(err));
    } finally {
      setLoading(false);
    }
  }, [client, prefix, pageToken]);

  useEffect(() => {
    if (skipFirstLoad.current) {
      skipFirstLoad.current = false;
      return;
    }
    void load();
  }, [load]);

  const uploads = useUploads(
    client,
    // Each file's row already says "Uploaded" (announced politely): no toast per file.
    useCallback(() => void load(), [load]),
  );

  const go = (p: string) => {
    setPrefix(p);
    setTokens([]);
    setSelected(null);
  };

  const crumbs = prefix.split("/").filter(Boolean);
  // Generated WebP copies are not listed: the listing API leaves them out.
  const items = page?.items ?? [];

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
      <div>
        <nav aria-label="Folder" className="mb-4">
          <ol className="flex flex-wrap items-center gap-1 text-stone-800">
            <li>
              {crumbs.length ? (
                <button type="button" className={buttonClasses.link} onClick={() => go("")}>
                  All files
                </button>
              ) : (
                <span aria-current="page" className="font-semibold">
                  All files
                </span>
              )}
            </li>
            {crumbs.map((c, i) => {
              const target = `${crumbs.slice(0, i + 1).join("/")}/`;
              const last = i === crumbs.length - 1;
              return (
                <li key={target} className="flex items-center gap-1">
                  <span aria-hidden="true">/</span>
                  {last ? (
                    <span aria-current="page" className="font-semibold">
                      {c}
                    </span>
                  ) : (
                    <button type="button" className={buttonClasses.link} onClick={() => go(target)}>
                      {c}
                    </button>
                  )}
                </li>
              );
            })}
          </ol>
        </nav>

        <UploadZone
          folderLabel={prefix ? `the folder ${prefix}` : "the top folder"}
          items={uploads.items}
          onFiles={(files) => uploads.start(files, prefix)}
          onCancel={uploads.cancel}
          onClear={uploads.clearFinished}
        />

        <form
          className="mb-6 flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const name = newFolder.trim();
            if (!name || /[/\\]|^\.+$/.test(name)) {
              setFolderError("Enter a folder name without slashes, such as locations.");
              return;
            }
            setFolderError(null);
            setNewFolder("");
            // Folders exist through their files: open the new prefix, the next upload creates it.
            go(`${prefix}${name}/`);
          }}
        >
          <div>
            <label htmlFor="new-folder" className="block font-semibold text-stone-900">
              New folder
            </label>
            <input
              id="new-folder"
              value={newFolder}
              onChange={(e) => setNewFolder(e.target.value)}
              aria-invalid={folderError ? true : undefined}
              aria-describedby={folderError ? "new-folder-error" : "new-folder-hint"}
              className="mt-1 rounded border border-stone-400 px-3 py-2"
            />
            <p id="new-folder-hint" className="text-sm text-stone-700">
              Opens the folder; it is kept once a file is uploaded into it.
            </p>
            {folderError ? (
              <p id="new-folder-error" className="text-sm text-red-800">
                {folderError}
              </p>
            ) : null}
          </div>
          <button type="submit" className={buttonClasses.secondary}>
            Open new folder
          </button>
        </form>

        {error ? (
          <p role="alert" className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-red-900">
            {error}
          </p>
        ) : null}

        <section aria-labelledby="files-heading" aria-busy={loading}>
          <h2 id="files-heading" className="mb-3 text-lg font-semibold text-stone-900">
            Files{prefix ? ` in ${prefix}` : ""}
          </h2>
          {!loading && page && page.prefixes.length === 0 && items.length === 0 ? (
            <p className="text-stone-700">No files here yet. Upload some above.</p>
          ) : null}
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
            {page?.prefixes.map((p) => (
              <li key={p}>
                <button
                  type="button"
                  onClick={() => go(p)}
                  className="flex h-full w-full flex-col items-center justify-center rounded-lg border border-stone-200 bg-soil-50 p-4 text-stone-900 hover:bg-soil-100"
                >
                  <span aria-hidden="true" className="text-3xl">
                    📁
                  </span>
                  <span className="mt-2 break-all font-medium">Folder {p.slice(prefix.length, -1)}</span>
                </button>
              </li>
            ))}
            {items.map((m) => (
              <li key={m.fullPath}>
                <button
                  type="button"
                  onClick={() => setSelected(m)}
                  aria-pressed={selected?.fullPath === m.fullPath}
                  className="flex h-full w-full flex-col items-stretch rounded-lg border border-stone-200 bg-white p-2 text-left hover:border-leaf-700"
                >
                  <MediaThumb file={m} />
                  <span className="mt-2 break-all text-sm font-medium text-stone-900">{m.name}</span>
                  <span className="text-xs text-stone-700">{formatBytes(m.size)}</span>
                </button>
              </li>
            ))}
          </ul>
          <div className="mt-4 flex gap-2">
            {tokens.length > 0 ? (
              <button
                type="button"
                className={buttonClasses.secondary}
                onClick={() => setTokens((t) => t.slice(0, -1))}
              >
                Previous page
              </button>
            ) : null}
            {page?.nextPageToken ? (
              <button
                type="button"
                className={buttonClasses.secondary}
                onClick={() => setTokens((t) => [...t, page.nextPageToken as string])}
              >
                Next page
              </button>
            ) : null}
          </div>
        </section>
      </div>
      <div>
        {selected ? (
          <MetadataPanel
            key={selected.fullPath}
            meta={selected}
            onClose={() => setSelected(null)}
            onDescribed={(meta) => {
              setSelected(meta);
              // The list keeps the file's new metadata too, so selecting it again shows the saved words.
              setPage((p) => (p ? { ...p, items: p.items.map((m) => (m.fullPath === meta.fullPath ? meta : m)) } : p));
            }}
            onRotate={async () => {
              try {
                setSelected(await client.rotateToken(selected.fullPath));
                void load();
                return true;
              } catch (err) {
                toast.error(message(err));
                return false;
              }
            }}
            onDelete={async () => {
              try {
                await client.delete(selected.fullPath);
                toast.success(`Deleted ${selected.name}`);
                setSelected(null);
                void load();
              } catch (err) {
                toast.error(message(err));
              }
            }}
          />
        ) : (
          <p className="rounded-lg border border-stone-200 bg-white p-5 text-stone-700">
            Select a file to see its details, copy its link or delete it.
          </p>
        )}
      </div>
    </div>
  );
}
