/**
 * Leading-edge throttle: the first call passes, and further calls within `intervalMs` of the last accepted one
 * are refused (one newsletter submission per 1000 ms, first call only counts).
 */
export function createThrottle(intervalMs: number, now: () => number = Date.now): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const t = now();
    if (t - last < intervalMs) return false;
    last = t;
    return true;
  };
}
