import { normalizeNavigation } from "~/lib/navigation";
import { getGeneralSettings, getNavigation, SETTINGS_CHANNEL } from "~/services/site-settings.server";
import type { ChangeBus } from "~db/client";
import type { Route } from "./+types/settings-stream";

/** Comment line sent this often so proxies and browsers keep an idle stream open. */
export const HEARTBEAT_MS = 25_000;
/** Tells EventSource how long to wait before reconnecting after the stream drops. */
const RETRY_MS = 5_000;

type Send = (chunk: string) => void;

/** Every open stream of this process; one bus subscription fans settings changes out to all of them. */
const connections = new Map<Send, () => void>();
let subscribedBus: ChangeBus | null = null;

/** Turns a bus payload ({navigation} or {general}) into one SSE event, or null when it is not one we know. */
export function toSseEvent(payload: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  if ("navigation" in value) {
    const pages = normalizeNavigation({ pages: (value as { navigation: unknown }).navigation });
    return sseEvent("navigation", pages);
  }
  if ("general" in value) {
    const general = (value as { general: { contactEmail?: unknown } }).general;
    if (typeof general?.contactEmail !== "string") return null;
    // Only what public pages show goes out; the rest of the general document stays on the server.
    return sseEvent("general", { contactEmail: general.contactEmail });
  }
  return null;
}

function sseEvent(event: string, payload: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
}

function ensureSubscribed(bus: ChangeBus) {
  if (subscribedBus === bus) return;
  subscribedBus = bus;
  bus.subscribe(SETTINGS_CHANNEL, (payload) => {
    const event = toSseEvent(payload);
    if (!event) return;
    for (const send of connections.keys()) send(event);
  });
}

/** Ends every open stream (graceful shutdown must not wait for clients that never hang up). */
export function closeAllSettingsStreams(): void {
  for (const close of [...connections.values()]) close();
}

/** Number of open streams, for tests and diagnostics. */
export function openSettingsStreamCount(): number {
  return connections.size;
}

let shutdownHooked = false;
function hookShutdown() {
  if (shutdownHooked) return;
  shutdownHooked = true;
  process.once("SIGTERM", closeAllSettingsStreams);
  process.once("SIGINT", closeAllSettingsStreams);
}

/**
 * GET /api/settings/stream: Server-Sent Events carrying navigation-visibility and contact changes to open public
 * pages. The current values are sent first, so a reconnecting page also catches up on what it missed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, bus, logger } = context.services;
  hookShutdown();
  ensureSubscribed(bus);
  const [navigation, general] = await Promise.all([
    getNavigation(db, (err) => logger.warn({ err }, "navigation settings unreadable; showing all pages")),
    getGeneralSettings(db).catch(() => null),
  ]);

  const encoder = new TextEncoder();
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const send: Send = (chunk) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(chunk));
        } catch {
          cleanup();
        }
      };
      const heartbeat = setInterval(() => send(": keep-alive\n\n"), HEARTBEAT_MS);
      heartbeat.unref?.();
      cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        connections.delete(send);
        request.signal.removeEventListener("abort", cleanup);
        try {
          controller.close();
        } catch {
          // already closed by the consumer
        }
      };
      connections.set(send, cleanup);
      request.signal.addEventListener("abort", cleanup, { once: true });
      if (request.signal.aborted) return cleanup();

      send(`retry: ${RETRY_MS}\n\n`);
      send(sseEvent("navigation", navigation));
      if (general) send(sseEvent("general", { contactEmail: general.contactEmail }));
    },
    cancel() {
      cleanup();
    },
  });

  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform keeps the compression middleware from buffering events.
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
