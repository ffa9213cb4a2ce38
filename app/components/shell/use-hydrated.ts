import { startTransition, useEffect, useState } from "react";

/**
 * False during SSR and the first client render, true once React runs in the browser (no-JS fallbacks key off it).
 * The switch is a transition: the re-render it causes is done in slices between other work, not in one task.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
