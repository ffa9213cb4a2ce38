import { useEffect, useState } from "react";
import { afterPageLoad } from "~/lib/after-load";
import type { NavigationPages } from "~/lib/nav-pages";

type LiveSettings = { pages: NavigationPages; contactEmail: string };

/**
 * Keeps the shell's navigation visibility and contact e-mail in step with the stored settings while the page is
 * open, over Server-Sent Events (settings-stream.ts).
 */
export function useLiveSettings(pages: NavigationPages, contactEmail: string): LiveSettings {
  const [live, setLive] = useState<LiveSettings>({ pages, contactEmail });

  // New loader data (a navigation or revalidation) is fresher than anything streamed before it.
  // On the first render they are the same objects, so this re-renders nothing.
  useEffect(() => {
    setLive((prev) => (prev.pages === pages && prev.contactEmail === contactEmail ? prev : { pages, contactEmail }));
  }, [pages, contactEmail]);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let stopped = false;
    let close: (() => void) | undefined;
    // Opened once the page has loaded, and its code fetched only then, so the stream never competes with the
    // first paint or the initial bundle.
    const start = () => {
      import("./settings-stream")
        .then(({ openSettingsStream }) => {
          if (stopped) return;
          close = openSettingsStream({
            onPages: (pages) => setLive((prev) => ({ ...prev, pages })),
            onContactEmail: (contactEmail) => setLive((prev) => ({ ...prev, contactEmail })),
          });
        })
        .catch(() => {
          // Offline or a new deployment: the next page load tries again.
        });
    };
    const cancel = afterPageLoad(start);

    return () => {
      stopped = true;
      cancel();
      close?.();
    };
  }, []);

  return live;
}
