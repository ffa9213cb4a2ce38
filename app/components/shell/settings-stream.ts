import { SETTINGS_POLL_MS } from "~/lib/constants";
import type { NavigationPages } from "~/lib/nav-pages";
import { NAV_PAGE_KEYS } from "~/lib/nav-pages";

export const SETTINGS_STREAM_URL = "/api/settings/stream";
/** The same settings as one JSON answer, for a page whose stream the server refused. */
export const SETTINGS_CURRENT_URL = "/api/settings/current";

function toPages(value: unknown): NavigationPages | null {
  if (!value || typeof value !== "object") return null;
  const pages = {} as NavigationPages;
  for (const key of NAV_PAGE_KEYS) pages[key] = (value as Record<string, unknown>)[key] !== false;
  return pages;
}

function parsePages(raw: string): NavigationPages | null {
  try {
    return toPages(JSON.parse(raw));
  } catch {
    return null;
  }
}

type Handlers = {
  onPages: (pages: NavigationPages) => void;
  onContactEmail: (email: string) => void;
};

/** Asks for the current settings once (the fallback while the stream is refused or unreachable). */
async function pollSettings(handlers: Handlers, isStopped: () => boolean): Promise<void> {
  try {
    const res = await fetch(SETTINGS_CURRENT_URL, { cache: "no-store", headers: { Accept: "application/json" } });
    if (!res.ok || isStopped()) return;
    const body = (await res.json()) as { navigation?: unknown; contactEmail?: unknown };
    if (isStopped()) return;
    const pages = toPages(body.navigation);
    if (pages) handlers.onPages(pages);
    if (typeof body.contactEmail === "string") handlers.onContactEmail(body.contactEmail);
  } catch {
    // Offline or a deployment under way: the next attempt tries again.
  }
}

/**
 * Follows the settings stream (Server-Sent Events). EventSource reconnects by itself after a dropped connection.
 * When the server refuses the stream (it caps them per address and in all: 429 or 503, on which EventSource gives
 * up), the page falls back to polling: it asks for the current settings at once and at every later attempt, and tries
 * the stream again with a growing delay (at most SETTINGS_POLL_MS), so a refused page still sees a change within
 * about a minute. Returns a function that closes it.
 */
export function openSettingsStream(handlers: Handlers): () => void {
  let source: EventSource | null = null;
  let retryTimer: number | undefined;
  let attempts = 0;
  let stopped = false;
  const isStopped = () => stopped;

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
      void pollSettings(handlers, isStopped);
      const delay = Math.min(SETTINGS_POLL_MS, 1000 * 2 ** attempts);
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
