import type { NavigationPages } from "~/lib/nav-pages";
import { NAV_PAGE_KEYS } from "~/lib/nav-pages";

export const SETTINGS_STREAM_URL = "/api/settings/stream";
const MAX_RECONNECT_DELAY_MS = 60_000;

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
 * Follows the settings stream (Server-Sent Events). EventSource reconnects by itself after a dropped connection;
 * when the server refuses the stream (EventSource gives up), this reconnects with a growing delay. Returns a
 * function that closes it.
 */
export function openSettingsStream(handlers: {
  onPages: (pages: NavigationPages) => void;
  onContactEmail: (email: string) => void;
}): () => void {
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
      if (pages) handlers.onPages(pages);
    });
    source.addEventListener("general", (e) => {
      try {
        const { contactEmail } = JSON.parse((e as MessageEvent<string>).data) as { contactEmail?: unknown };
        if (typeof contactEmail === "string") handlers.onContactEmail(contactEmail);
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
  connect();

  return () => {
    stopped = true;
    window.clearTimeout(retryTimer);
    source?.close();
  };
}
