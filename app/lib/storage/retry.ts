import { STORAGE_MAX_BACKOFF_FACTOR } from "../constants";
import { StorageError, storageErrors } from "./errors";

/** Statuses worth trying again; 0 stands for a network failure with no response. */
export function isRetryableStatus(status: number): boolean {
  return status === 0 || status >= 500 || status === 408 || status === 429;
}

export type RetryClock = {
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
};

export const realClock: RetryClock = {
  now: () => Date.now(),
  random: () => Math.random(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(storageErrors.canceled());
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(storageErrors.canceled());
      };
      signal?.addEventListener("abort", onAbort, { once: true });
    }),
};

export type AttemptResult<T> = { done: true; value: T } | { done: false; error: StorageError };

/**
 * Runs `attempt` until it succeeds, fails for good, the time limit passes or the signal aborts. The wait before
 * retry n is (factor + random) seconds, the factor doubling from 1 up to 64.
 */
export async function withRetry<T>(
  attempt: () => Promise<AttemptResult<T>>,
  opts: {
    limitMs: number;
    signal?: AbortSignal;
    clock?: RetryClock;
    onRetry?: (waitMs: number, error: StorageError) => void;
  },
): Promise<T> {
  if (!(opts.limitMs >= 0)) throw storageErrors.invalidArgument("Max retry time must not be negative.");
  const clock = opts.clock ?? realClock;
  const start = clock.now();
  let factor = 1;
  for (;;) {
    if (opts.signal?.aborted) throw storageErrors.canceled();
    const result = await attempt();
    if (result.done) return result.value;
    if (opts.signal?.aborted) throw storageErrors.canceled();
    if (!isRetryableStatus(result.error.status)) throw result.error;
    const waitMs = Math.round((factor + clock.random()) * 1000);
    if (clock.now() - start + waitMs > opts.limitMs) throw storageErrors.retryLimitExceeded();
    opts.onRetry?.(waitMs, result.error);
    await clock.sleep(waitMs, opts.signal);
    if (factor < STORAGE_MAX_BACKOFF_FACTOR) factor *= 2;
  }
}

export function isCanceled(err: unknown): boolean {
  return err instanceof StorageError && err.code === "storage/canceled";
}
