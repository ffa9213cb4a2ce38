import { useEffect, useState } from "react";
import type { NavigationPages } from "../../lib/nav-pages";
import { NAV_PAGE_KEYS } from "../../lib/nav-pages";

export const SETTINGS_STREAM_URL = "/api/settings/stream";
const MAX_RECONNECT_DELAY_MS = 60_000;

type LiveSettings = { pages: NavigationPages; contactEmail: string };

function parsePages(raw: string): NavigationPages | null {
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    if (!value || typeof value !== "object") return null;
    const pages = {} as NavigationPages;
    for (const key of NAV_PAGE_KEYS) pages[key] = value[key] !== false;
    return pages;
  } catch {
    return null;
  }
}

/**
 * Keeps the shell's navigation visibility and contact e-mail in step with the stored settings while the page is
 * open, over Server-Sent Events. EventSource reconnects by itself after a dropped connection; when the server
 * refuses the stream (EventSource gives up), this reconnects with a growing delay.
 */
export function useLiveSettings(pages: NavigationPages, contactEmail: string): LiveSettings {
  const [live, setLive] = useState<LiveSettings>({ pages, contactEmail });

  // New loader data (a navigation or revalidation) is fresher than anything streamed before it.
  useEffect(() => {
    setLive({ pages, contactEmail });
  }, [pages, contactEmail]);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retryTimer: number | undefined;
    let attempts = 0;
    let stopped = false;

    const connect = () => {
      source = new EventSource(SETTINGS_STREAM_URL);
      source.addEventListener("open", () => {
        attempts = 0;
      });
      source.addEventListener("navigation", (e) => {
        const pages = parsePages((e as MessageEvent<string>).data);
        if (pages) setLive((prev) => ({ ...prev, pages }));
      });
      source.addEventListener("general", (e) => {
        try {
          const { contactEmail } = JSON.parse((e as MessageEvent<string>).data) as { contactEmail?: unknown };
          if (typeof contactEmail === "string") setLive((prev) => ({ ...prev, contactEmail }));
        } catch {
          // ignore a malformed event; the next one or the next page load corrects it
        }
      });
      source.addEventListener("error", () => {
        if (stopped || source?.readyState !== EventSource.CLOSED) return;
        attempts += 1;
        const delay = Math.min(MAX_RECONNECT_DELAY_MS, 1000 * 2 ** attempts);
        retryTimer = window.setTimeout(connect, delay);
      });
    };

    // Opened once the page has loaded, so the stream never competes with the first paint.
    const start = () => {
      if (!stopped) connect();
    };
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });

    return () => {
      stopped = true;
      window.removeEventListener("load", start);
      window.clearTimeout(retryTimer);
      source?.close();
    };
  }, []);

  return live;
}
