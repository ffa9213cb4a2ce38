import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { LoaderCircle } from "../icons";

/** Shown only when a page load takes longer than this, so fast navigations do not flash a spinner. */
const SHOW_AFTER_MS = 150;

/**
 * A spinner and thin bar while the next page loads. Fixed-position (no layout shift); the status region always
 * exists so screen readers announce "Loading page" when it fills.
 */
export function PageLoadingIndicator() {
  const navigation = useNavigation();
  const busy = navigation.state === "loading";
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = window.setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [busy]);

  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-[60]">
      {visible && (
        <>
          <div className="h-1 w-full animate-pulse bg-leaf-600" />
          <div className="absolute right-3 top-3 flex items-center gap-2 rounded-full bg-white px-3 py-1.5 text-sm text-leaf-800 shadow">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            Loading page…
          </div>
        </>
      )}
    </div>
  );
}
