/** Latency histogram bucket upper bounds in ms: ×1.25 steps from 0.5 ms to ~60 s (≤12.5 % percentile error). */
export const LATENCY_BOUNDS_MS: number[] = (() => {
  const out: number[] = [];
  for (let b = 0.5; b < 60_000; b *= 1.25) out.push(Math.round(b * 1000) / 1000);
  return out;
})();
export const BUCKET_MS = 60_000;

export function bucketIndex(ms: number): number {
  let lo = 0;
  let hi = LATENCY_BOUNDS_MS.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((LATENCY_BOUNDS_MS[mid] ?? Number.POSITIVE_INFINITY) < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo; // == length means "above the last bound"
}

/** Percentile (0..1) from a histogram of counts per LATENCY_BOUNDS_MS bucket. */
export function percentileFromHistogram(histogram: readonly number[], p: number): number {
  const total = histogram.reduce((a, b) => a + b, 0);
  if (total === 0) return 0;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    seen += histogram[i] ?? 0;
    if (seen >= rank) return LATENCY_BOUNDS_MS[i] ?? (LATENCY_BOUNDS_MS.at(-1) ?? 0) * 1.25;
  }
  return (LATENCY_BOUNDS_MS.at(-1) ?? 0) * 1.25;
}
