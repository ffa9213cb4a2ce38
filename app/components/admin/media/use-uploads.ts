import { useCallback, useRef, useState } from "react";
import type { StorageClient } from "~/lib/storage/client";
import { StorageError } from "~/lib/storage/errors";
import type { StorageMetadata } from "~/lib/storage/paths";

export type UploadItem = {
  id: string;
  name: string;
  fullPath: string;
  loaded: number;
  total: number;
  state: "uploading" | "done" | "error" | "canceled";
  message?: string;
};

/** Object name for a picked file: the folder prefix plus the file name with characters the server refuses removed. */
export function objectNameFor(prefix: string, fileName: string): string {
  const clean = fileName
    .normalize("NFC")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused by the server
    .replace(/[\u0000-\u001f\u007f\\/]/g, "-")
    .replace(/^\.+/, "")
    .trim();
  return `${prefix}${clean || "file"}`;
}

/** Several uploads at once, each with its own progress and cancel. */
export function useUploads(client: StorageClient, onDone: (meta: StorageMetadata) => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  const update = useCallback((id: string, patch: Partial<UploadItem>) => {
    setItems((list) => list.map((i) => (i.id === id ? { ...i, ...patch } : i)));
  }, []);

  const start = useCallback(
    (files: File[], prefix: string) => {
      for (const file of files) {
        const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
        const fullPath = objectNameFor(prefix, file.name);
        const controller = new AbortController();
        controllers.current.set(id, controller);
        setItems((list) => [
          ...list,
          { id, name: file.name, fullPath, loaded: 0, total: file.size, state: "uploading" },
        ]);
        client
          .upload(fullPath, file, {
            signal: controller.signal,
            onProgress: (p) => update(id, { loaded: p.loaded, total: p.total }),
          })
          .then((meta) => {
            update(id, { state: "done", loaded: file.size, total: file.size });
            onDone(meta);
          })
          .catch((err: unknown) => {
            const e = err instanceof StorageError ? err : null;
            update(id, {
              state: e?.code === "storage/canceled" ? "canceled" : "error",
              message: e?.message ?? "The upload failed.",
            });
          })
          .finally(() => controllers.current.delete(id));
      }
    },
    [client, onDone, update],
  );

  const cancel = useCallback((id: string) => controllers.current.get(id)?.abort(), []);
  const clearFinished = useCallback(() => setItems((list) => list.filter((i) => i.state === "uploading")), []);
  return { items, start, cancel, clearFinished };
}
