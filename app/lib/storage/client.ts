import { STORAGE_OPERATION_RETRY_LIMIT_MS, STORAGE_UPLOAD_RETRY_LIMIT_MS } from "../constants";
import { StorageError, storageErrorFromPayload, storageErrors } from "./errors";
import { encodeObjectPath, type StorageListResult, type StorageMetadata } from "./paths";
import { type AttemptResult, type RetryClock, realClock, withRetry } from "./retry";

export type UploadProgress = { loaded: number; total: number };

type RawResponse = { status: number; body: string };

/** How bytes reach the server: fetch for ordinary calls, XMLHttpRequest for uploads (progress events). */
export type Transport = {
  request(
    method: string,
    url: string,
    init: { body?: BodyInit; signal?: AbortSignal; onProgress?: (p: UploadProgress) => void },
  ): Promise<RawResponse>;
};

export function fetchTransport(fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)): Transport {
  return {
    async request(method, url, { body, signal }) {
      const res = await fetchImpl(url, { method, body, signal, credentials: "same-origin" });
      return { status: res.status, body: await res.text() };
    },
  };
}

/** XMLHttpRequest transport so uploads can report progress; falls back to fetch where there is no XHR. */
export function xhrTransport(): Transport {
  if (typeof XMLHttpRequest === "undefined") return fetchTransport();
  return {
    request(method, url, { body, signal, onProgress }) {
      return new Promise<RawResponse>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open(method, url);
        xhr.withCredentials = true;
        xhr.upload.addEventListener("progress", (e) => {
          if (e.lengthComputable) onProgress?.({ loaded: e.loaded, total: e.total });
        });
        xhr.addEventListener("load", () => resolve({ status: xhr.status, body: xhr.responseText }));
        // A network failure is status 0: retried like a 5xx.
        xhr.addEventListener("error", () => resolve({ status: 0, body: "" }));
        xhr.addEventListener("abort", () => reject(storageErrors.canceled()));
        signal?.addEventListener("abort", () => xhr.abort(), { once: true });
        xhr.send((body ?? null) as XMLHttpRequestBodyInit | null);
      });
    },
  };
}

function toError(res: RawResponse): StorageError {
  let parsed: unknown = res.body;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    // keep the text as the server response
  }
  return storageErrorFromPayload(parsed, res.status);
}

export type StorageClientOptions = {
  baseUrl?: string;
  transport?: Transport;
  uploadTransport?: Transport;
  clock?: RetryClock;
  operationRetryLimitMs?: number;
  uploadRetryLimitMs?: number;
};

export type UploadOptions = {
  signal?: AbortSignal;
  onProgress?: (p: UploadProgress) => void;
  cacheControl?: string;
  contentLanguage?: string;
  customMetadata?: Record<string, string>;
};

/** Typed calls to /api/storage with the storage retry policy (lib/storage/retry.ts) and cancellation. */
export function createStorageClient(opts: StorageClientOptions = {}) {
  const base = `${opts.baseUrl ?? ""}/api/storage`;
  const transport = opts.transport ?? fetchTransport();
  const uploadTransport = opts.uploadTransport ?? opts.transport ?? xhrTransport();
  const clock = opts.clock ?? realClock;
  const opLimit = opts.operationRetryLimitMs ?? STORAGE_OPERATION_RETRY_LIMIT_MS;
  const upLimit = opts.uploadRetryLimitMs ?? STORAGE_UPLOAD_RETRY_LIMIT_MS;

  async function call<T>(
    method: string,
    url: string,
    o: {
      signal?: AbortSignal;
      body?: () => BodyInit;
      limitMs?: number;
      t?: Transport;
      onProgress?: (p: UploadProgress) => void;
    } = {},
  ): Promise<T> {
    return withRetry<T>(
      async (): Promise<AttemptResult<T>> => {
        let res: RawResponse;
        try {
          res = await (o.t ?? transport).request(method, url, {
            body: o.body?.(),
            signal: o.signal,
            onProgress: o.onProgress,
          });
        } catch (err) {
          if (o.signal?.aborted || (err instanceof StorageError && err.code === "storage/canceled"))
            throw storageErrors.canceled();
          if (err instanceof StorageError) throw err;
          return { done: false, error: new StorageError("unknown", storageErrors.unknown().message, 0) };
        }
        if (res.status >= 200 && res.status < 300) {
          return { done: true, value: (res.body ? JSON.parse(res.body) : undefined) as T };
        }
        return { done: false, error: toError(res) };
      },
      { limitMs: o.limitMs ?? opLimit, signal: o.signal, clock },
    );
  }

  return {
    list(
      q: { prefix?: string; delimiter?: string; pageToken?: string; maxResults?: number } = {},
      signal?: AbortSignal,
    ) {
      const p = new URLSearchParams();
      if (q.prefix) p.set("prefix", q.prefix);
      p.set("delimiter", q.delimiter ?? "/");
      if (q.pageToken) p.set("pageToken", q.pageToken);
      if (q.maxResults !== undefined) p.set("maxResults", String(q.maxResults));
      return call<StorageListResult>("GET", `${base}/o?${p}`, { signal });
    },
    getMetadata(fullPath: string, signal?: AbortSignal) {
      return call<StorageMetadata>("GET", `${base}/o/${encodeObjectPath(fullPath)}`, { signal });
    },
    upload(fullPath: string, file: Blob, o: UploadOptions = {}) {
      return call<StorageMetadata>("POST", `${base}/o?name=${encodeURIComponent(fullPath)}`, {
        signal: o.signal,
        limitMs: upLimit,
        t: uploadTransport,
        onProgress: o.onProgress,
        // A fresh form per attempt: a body cannot be sent twice.
        body: () => {
          const form = new FormData();
          if (o.cacheControl) form.append("cacheControl", o.cacheControl);
          if (o.contentLanguage) form.append("contentLanguage", o.contentLanguage);
          if (o.customMetadata) form.append("customMetadata", JSON.stringify(o.customMetadata));
          form.append("file", file, fullPath.split("/").pop() ?? "file");
          return form;
        },
      });
    },
    delete(fullPath: string, signal?: AbortSignal) {
      return call<undefined>("DELETE", `${base}/o/${encodeObjectPath(fullPath)}`, { signal });
    },
    rotateToken(fullPath: string, signal?: AbortSignal) {
      return call<StorageMetadata>("POST", `${base}/o/${encodeObjectPath(fullPath)}/token`, { signal });
    },
  };
}

export type StorageClient = ReturnType<typeof createStorageClient>;
