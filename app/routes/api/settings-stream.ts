import {
  SETTINGS_STREAM_RETRY_AFTER_S,
  SETTINGS_STREAMS_PER_CLIENT,
  SETTINGS_STREAMS_PER_INSTANCE,
} from "~/lib/constants";
import { normalizeNavigation } from "~/lib/navigation";
import { getGeneralSettings, getNavigation, SETTINGS_CHANNEL } from "~/services/site/site-settings.server";
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

/**
 * Streams held (open, or being opened) per client address and in all. Counted from the first moment of a request,
 * before its settings are read, so a burst of requests cannot pass the cap while they wait for the database.
 */
const heldByClient = new Map<string, number>();
let heldInAll = 0;

type Slot = { ok: true; release: () => void } | { ok: false; status: 429 | 503; message: string };

function takeSlot(clientIp: string): Slot {
  const client = clientIp || "unknown";
  const mine = heldByClient.get(client) ?? 0;
  if (mine >= SETTINGS_STREAMS_PER_CLIENT)
    return { ok: false, status: 429, message: "Too many open settings streams from this address." };
  if (heldInAll >= SETTINGS_STREAMS_PER_INSTANCE)
    return { ok: false, status: 503, message: "This server holds as many settings streams as it takes." };
  heldByClient.set(client, mine + 1);
  heldInAll += 1;
  let released = false;
  return {
    ok: true,
    release: () => {
      if (released) return;
      released = true;
      heldInAll -= 1;
      const left = (heldByClient.get(client) ?? 1) - 1;
      if (left > 0) heldByClient.set(client, left);
      else heldByClient.delete(client);
    },
  };
}

/** The answer to a stream over the caps: EventSource gives up on it, and the page polls (settings-stream.ts). */
function refuse(slot: Extract<Slot, { ok: false }>): Response {
  return new Response(`${slot.message} The page asks for changes now and then instead.\n`, {
    status: slot.status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(SETTINGS_STREAM_RETRY_AFTER_S),
    },
  });
}

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

/** Streams held per client address and in all (open or being opened), for tests and diagnostics. */
export function heldSettingsStreams(): { inAll: number; byClient: number } {
  return { inAll: heldInAll, byClient: heldByClient.size };
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
 * pages. The current values are sent first, so a reconnecting page also catches up on what it missed. Each stream
 * holds a connection for as long as the page is open, so an address may hold SETTINGS_STREAMS_PER_CLIENT and the
 * instance SETTINGS_STREAMS_PER_INSTANCE; beyond them the answer is 429 or 503 with Retry-After.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, bus, logger } = context.services;
  const slot = takeSlot(context.clientIp);
  if (!slot.ok) return refuse(slot);
  hookShutdown();
  ensureSubscribed(bus);
  let navigation: Awaited<ReturnType<typeof getNavigation>>;
  let general: Awaited<ReturnType<typeof getGeneralSettings>> | null;
  try {
    [navigation, general] = await Promise.all([
      getNavigation(db, (err) => logger.warn({ err }, "navigation settings unreadable; showing all pages")),
      getGeneralSettings(db).catch(() => null),
    ]);
  } catch (err) {
    slot.release();
    throw err;
  }

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
        slot.release();
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
