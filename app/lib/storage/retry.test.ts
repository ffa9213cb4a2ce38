import { describe, expect, it } from "vitest";
import { createStorageClient, type Transport } from "./client";
import { STORAGE_MESSAGES } from "./errors";
import { isRetryableStatus, type RetryClock, withRetry } from "./retry";

/** A fake clock: sleeping advances time instantly and records each wait. */
function fakeClock(random = 0.5): RetryClock & { waits: number[]; t: number } {
  const c = {
    t: 0,
    waits: [] as number[],
    now: () => c.t,
    random: () => random,
    sleep: async (ms: number, signal?: AbortSignal) => {
      if (signal?.aborted) throw new Error("aborted");
      c.waits.push(ms);
      c.t += ms;
    },
  };
  return c;
}

function scripted(statuses: number[], body = '{"ok":true}'): Transport & { calls: number } {
  const t = {
    calls: 0,
    async request() {
      const status = statuses[Math.min(t.calls, statuses.length - 1)] ?? 200;
      t.calls++;
      return {
        status,
        body: status === 200 ? body : '{"error":{"code":"storage/unknown","message":"x","status":500}}',
      };
    },
  };
  return t;
}

describe("storage retry policy", () => {
  it("retries 5xx, 408, 429 and network failures, not other 4xx", () => {
    for (const s of [0, 500, 502, 503, 599, 408, 429]) expect(isRetryableStatus(s)).toBe(true);
    for (const s of [400, 401, 402, 403, 404, 413, 415]) expect(isRetryableStatus(s)).toBe(false);
  });

  it("doubles the wait from 1 s up to a factor of 64, plus a random part in seconds", async () => {
    const clock = fakeClock(0.25);
    const transport = scripted([503, 503, 503, 503, 503, 503, 503, 503, 503, 200]);
    const client = createStorageClient({ transport, clock, operationRetryLimitMs: 600_000 });
    await expect(client.list()).resolves.toEqual({ ok: true });
    expect(transport.calls).toBe(10);
    expect(clock.waits).toEqual([1250, 2250, 4250, 8250, 16250, 32250, 64250, 64250, 64250]);
  });

  it("gives up with storage/retry-limit-exceeded once 120 000 ms would pass for operations", async () => {
    const clock = fakeClock(0);
    const transport = scripted([500]);
    const client = createStorageClient({ transport, clock });
    await expect(client.getMetadata("a.png")).rejects.toMatchObject({
      code: "storage/retry-limit-exceeded",
      message: STORAGE_MESSAGES.retryLimitExceeded,
    });
    // 1+2+4+8+16+32 = 63 s; the next wait (64 s) would pass 120 s.
    expect(clock.waits).toEqual([1000, 2000, 4000, 8000, 16000, 32000]);
    expect(clock.t).toBeLessThanOrEqual(120_000);
  });

  it("allows uploads 600 000 ms of retrying", async () => {
    const clock = fakeClock(0);
    const transport = scripted([429]);
    const client = createStorageClient({ transport, clock });
    await expect(client.upload("a.pdf", new Blob(["%PDF-"]))).rejects.toMatchObject({
      code: "storage/retry-limit-exceeded",
    });
    expect(clock.t).toBeLessThanOrEqual(600_000);
    expect(clock.t).toBeGreaterThan(600_000 - 64_000 - 1);
    expect(Math.max(...clock.waits)).toBe(64_000);
  });

  it("does not retry a 403 and passes the server's code and message through", async () => {
    const transport: Transport = {
      request: async () => ({
        status: 403,
        body: JSON.stringify({
          error: { code: "storage/unauthorized", message: "User does not have permission to access 'a'.", status: 403 },
        }),
      }),
    };
    const client = createStorageClient({ transport, clock: fakeClock() });
    await expect(client.delete("a")).rejects.toMatchObject({
      code: "storage/unauthorized",
      status: 403,
      message: "User does not have permission to access 'a'.",
    });
  });

  it("a body that is not a storage error becomes storage/unknown with the payload kept", async () => {
    const transport: Transport = { request: async () => ({ status: 400, body: "<html>proxy error</html>" }) };
    const client = createStorageClient({ transport, clock: fakeClock() });
    await expect(client.list()).rejects.toMatchObject({
      code: "storage/unknown",
      message: STORAGE_MESSAGES.unknown,
      serverResponse: "<html>proxy error</html>",
    });
  });

  it("cancels with storage/canceled when the signal aborts, during a wait or before a call", async () => {
    // Real timers: the first wait is at least 1 s, the abort comes after 20 ms.
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const started = Date.now();
    const client503 = createStorageClient({ transport: scripted([503]) });
    await expect(client503.list({}, controller.signal)).rejects.toMatchObject({ code: "storage/canceled" });
    expect(Date.now() - started).toBeLessThan(900);
    const client = createStorageClient({ transport: scripted([200]), clock: fakeClock() });
    const aborted = new AbortController();
    aborted.abort();
    await expect(client.list({}, aborted.signal)).rejects.toMatchObject({
      code: "storage/canceled",
      message: "User canceled the upload/download.",
    });
  });

  it("refuses a negative retry time", async () => {
    await expect(withRetry(async () => ({ done: true, value: 1 }), { limitMs: -1 })).rejects.toMatchObject({
      code: "storage/invalid-argument",
    });
  });
});
