/** The seconds a client is asked to wait (Retry-After) when every database connection is busy. */
export const OVERLOAD_RETRY_AFTER_S = 5;

/**
 * True for the error of a request that waited for a database connection past DATABASE_POOL_WAIT_MS (node-postgres's
 * pool): the server is overloaded, not broken, so the answer is 503 with Retry-After rather than 500.
 */
export function isDatabaseBusy(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && /timeout exceeded when trying to connect/i.test(message)) return true;
  }
  return false;
}
