import { Suspense } from "react";

/**
 * A part of a page that React hydrates in a task of its own. The server renders it in full (no fallback is ever
 * shown), but each Suspense boundary is hydrated after the page's shell, at low priority, yielding between them: a
 * long list's hydration becomes several short tasks instead of one long one, and an early click or key press on a
 * part still hydrates that part first.
 */
export function HydrateApart({ children }: { children: React.ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
