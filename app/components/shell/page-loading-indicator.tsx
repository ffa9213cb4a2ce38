import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** Shown only when a page load takes longer than this, so fast navigations do not flash a spinner. */
const SHOW_AFTER_MS = 150;

/**
 * A thin bar along the top edge of the window while the next page loads: fixed-position (no layout shift), 4 px
 * high, above the header's margin, so it covers no control (a spinner in the corner covered "Apply Now"). The status
 * region always exists so screen readers announce "Loading page" when it fills.
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
          <div data-loading-bar className="h-1 w-full animate-pulse bg-leaf-600 motion-reduce:animate-none" />
          <span className="sr-only">Loading page…</span>
        </>
      )}
    </div>
  );
}
