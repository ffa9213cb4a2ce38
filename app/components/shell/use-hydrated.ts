import { useEffect, useState } from "react";

/** False during SSR and the first client render, true once React runs in the browser (no-JS fallbacks key off it). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
