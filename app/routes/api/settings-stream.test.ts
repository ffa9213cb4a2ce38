import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTINGS_STREAMS_PER_CLIENT, SETTINGS_STREAMS_PER_INSTANCE } from "~/lib/constants";
import { ALL_PAGES_VISIBLE } from "~/lib/navigation";
import { saveGeneralSettings, saveNavigation } from "~/queries/settings.server";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import type { Route } from "./+types/settings-stream";
import {
  closeAllSettingsStreams,
  heldSettingsStreams,
  loader,
  openSettingsStreamCount,
  toSseEvent,
} from "./settings-stream";

let subscribeCalls = 0;

const t = testDatabaseForFile();

beforeAll(async () => {
  const subscribe = t.bus.subscribe.bind(t.bus);
  t.bus.subscribe = (channel, listener) => {
    subscribeCalls += 1;
    return subscribe(channel, listener);
  };
});
afterAll(async () => {
  closeAllSettingsStreams();
});

function open(signal: AbortSignal, clientIp = "127.0.0.1") {
  const context = {
    services: { db: t.db, bus: t.bus, logger: pino({ level: "silent" }) },
    cspNonce: "",
    clientIp,
  };
  const request = new Request("http://localhost/api/settings/stream", { signal });
  return loader({ request, context, params: {} } as unknown as Route.LoaderArgs);
}

/** Reads SSE text until `predicate` holds for the accumulated text (or the stream ends). */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, predicate: (text: string) => boolean) {
  const decoder = new TextDecoder();
  let text = "";
  while (!predicate(text)) {
    const { value, done } = await reader.read();
    if (done) return { text, done: true };
    text += decoder.decode(value, { stream: true });
  }
  return { text, done: false };
}

function lastEventData(text: string, event: string): unknown {
  const blocks = text.split("\n\n").filter((b) => b.startsWith(`event: ${event}\n`));
  const data = blocks
    .at(-1)
    ?.split("\n")
    .find((l) => l.startsWith("data: "));
  return data ? JSON.parse(data.slice("data: ".length)) : undefined;
}

describe("GET /api/settings/stream", () => {
  it("answers with an uncacheable event stream that starts with the current settings", async () => {
    const abort = new AbortController();
    const res = await open(abort.signal);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.headers.get("cache-control")).toContain("no-transform");
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const { text } = await readUntil(reader, (t) => t.includes("event: general"));
    expect(text).toContain("retry: ");
    expect(lastEventData(text, "navigation")).toEqual(ALL_PAGES_VISIBLE);
    abort.abort();
    await reader.cancel().catch(() => {});
  });

  it("streams a navigation change published by saveNavigation to every open page, over one bus subscription", async () => {
    const a = new AbortController();
    const b = new AbortController();
    const readerA = ((await open(a.signal)).body as ReadableStream<Uint8Array>).getReader();
    const readerB = ((await open(b.signal)).body as ReadableStream<Uint8Array>).getReader();
    await readUntil(readerA, (t) => t.includes("event: general"));
    await readUntil(readerB, (t) => t.includes("event: general"));
    expect(openSettingsStreamCount()).toBe(2);

    const hidden = { ...ALL_PAGES_VISIBLE, podcast: false, programs: false };
    await saveNavigation({ db: t.db, bus: t.bus }, hidden);
    for (const reader of [readerA, readerB]) {
      const { text } = await readUntil(reader, (t) => t.includes("event: navigation"));
      expect(lastEventData(text, "navigation")).toEqual(hidden);
    }

    await saveGeneralSettings(
      { db: t.db, bus: t.bus },
      { contactEmail: "hello@example.org", mapStyleUrl: "x", freshnessMonths: 12 },
    );
    const { text } = await readUntil(readerA, (t) => t.includes("event: general"));
    // Only what the public shell shows leaves the server.
    expect(lastEventData(text, "general")).toEqual({ contactEmail: "hello@example.org" });

    expect(subscribeCalls).toBe(1);

    // A page that goes away ends its stream; the other keeps going.
    a.abort();
    expect((await readUntil(readerA, () => false)).done).toBe(true);
    expect(openSettingsStreamCount()).toBe(1);

    // Shutdown ends the rest, so the server's graceful close is not held up.
    closeAllSettingsStreams();
    expect((await readUntil(readerB, () => false)).done).toBe(true);
    expect(openSettingsStreamCount()).toBe(0);
  });

  it("a reconnecting page receives the stored navigation first", async () => {
    const abort = new AbortController();
    const reader = ((await open(abort.signal)).body as ReadableStream<Uint8Array>).getReader();
    const { text } = await readUntil(reader, (t) => t.includes("event: general"));
    expect(lastEventData(text, "navigation")).toMatchObject({ podcast: false, programs: false, home: true });
    abort.abort();
  });
});

describe("how many streams are taken", () => {
  it("a few per client address: more are refused with 429 and Retry-After until one closes", async () => {
    const opened: AbortController[] = [];
    for (let i = 0; i < SETTINGS_STREAMS_PER_CLIENT; i++) {
      const abort = new AbortController();
      expect((await open(abort.signal, "198.51.100.7")).status).toBe(200);
      opened.push(abort);
    }
    const refused = await open(new AbortController().signal, "198.51.100.7");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("cache-control")).toContain("no-store");
    // Another address is not held up by this one.
    const other = new AbortController();
    expect((await open(other.signal, "198.51.100.8")).status).toBe(200);
    // A page that goes away gives its place back.
    opened.shift()?.abort();
    const again = new AbortController();
    expect((await open(again.signal, "198.51.100.7")).status).toBe(200);
    for (const a of [...opened, other, again]) a.abort();
    expect(heldSettingsStreams()).toEqual({ inAll: 0, byClient: 0 });
  });

  it("a ceiling per instance, whatever the addresses: then 503 with Retry-After", async () => {
    const opened = await Promise.all(
      Array.from({ length: SETTINGS_STREAMS_PER_INSTANCE }, async (_, i) => {
        const res = await open(new AbortController().signal, `203.0.113.${i % 250}:${Math.floor(i / 250)}`);
        return res.status;
      }),
    );
    expect(opened.every((s) => s === 200)).toBe(true);
    expect(heldSettingsStreams().inAll).toBe(SETTINGS_STREAMS_PER_INSTANCE);
    const refused = await open(new AbortController().signal, "192.0.2.1");
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    closeAllSettingsStreams();
    expect(heldSettingsStreams()).toEqual({ inAll: 0, byClient: 0 });
    expect((await open(new AbortController().signal, "192.0.2.1")).status).toBe(200);
    closeAllSettingsStreams();
  });
});

describe("toSseEvent", () => {
  it("ignores payloads it does not know", () => {
    expect(toSseEvent("not json")).toBeNull();
    expect(toSseEvent(JSON.stringify({ other: 1 }))).toBeNull();
    expect(toSseEvent(JSON.stringify({ general: {} }))).toBeNull();
  });

  it("reads a navigation payload: pages it does not mention stay visible", () => {
    const event = toSseEvent(JSON.stringify({ navigation: { about: false } }));
    expect(event).toMatch(/^event: navigation\ndata: /);
    expect(event).toContain('"about":false');
    expect(event).toContain('"home":true');
  });
});
