import type { IncomingMessage, ServerResponse } from "node:http";
import { Writable } from "node:stream";

/**
 * Where a request body goes as it arrives: `stream` takes the bytes, `done` settles once all that was written is
 * handled (or fails as soon as it cannot be), `abort` stops it and removes whatever it wrote.
 */
export type BodySink = { stream: Writable; done: Promise<void>; abort(): Promise<void> };

/** The body did not arrive within its time (a client sending a few bytes a second holds a connection, nothing else). */
export class BodyTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`the request body did not arrive within ${timeoutMs} ms`);
  }
}

/** The client closed the connection before its body was complete. */
export class BodyAborted extends Error {
  constructor() {
    super("request body aborted by the client");
  }
}

/**
 * Streams the request body into `sink`, counting bytes; refuses as soon as the count passes `limit` (the caller
 * refuses a declared Content-Length above it before calling, with `declaredTooLarge`), and, with `timeoutMs`, when
 * the whole body has not arrived in that time. Resolves with the count once the sink is done.
 *
 * Not stream.pipeline: on failure it would destroy the request (and the socket), so the client would never read the
 * refusal. Here the request is paused, and the caller answers, then discards what still arrives (`drainAfterAnswer`).
 */
export function pumpBody(
  req: IncomingMessage,
  limit: number,
  tooLarge: () => Error,
  sink: BodySink,
  timeoutMs?: number,
): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    let count = 0;
    let settled = false;
    const timer =
      timeoutMs === undefined ? undefined : setTimeout(() => fail(new BodyTimeout(timeoutMs)), timeoutMs).unref();
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.off("data", onData);
      // Stop reading here: the refusal is answered first, then the caller decides what to discard.
      req.pause();
      sink.abort().finally(() => reject(err));
    };
    const onData = (chunk: Buffer) => {
      count += chunk.length;
      if (count > limit) return fail(tooLarge());
      if (!sink.stream.write(chunk)) {
        req.pause();
        sink.stream.once("drain", () => {
          if (!settled) req.resume();
        });
      }
    };
    req.on("data", onData);
    req.once("end", () => {
      if (settled) return;
      sink.stream.end();
      sink.done.then(() => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(count);
      }, fail);
    });
    req.once("close", () => {
      if (!req.complete) fail(new BodyAborted());
    });
    req.once("error", fail);
    sink.done.catch(fail);
  });
}

/** The body's declared length (Content-Length), or null when it streams in chunks without one. */
export function declaredLength(req: IncomingMessage): number | null {
  const declared = Number(req.headers["content-length"] ?? Number.NaN);
  return Number.isFinite(declared) ? declared : null;
}

/** True when the request declares a body longer than `limit` (refused before a byte of it is read). */
export function declaredTooLarge(req: IncomingMessage, limit: number): boolean {
  const declared = declaredLength(req);
  return declared !== null && declared > limit;
}

/**
 * Reads the whole body into memory, at most `limit` bytes and within `timeoutMs`: only for bodies whose limit keeps
 * them small (forms and JSON). Rejects with `tooLarge()`, a BodyTimeout or a BodyAborted.
 */
export async function readBoundedBody(
  req: IncomingMessage,
  limit: number,
  tooLarge: () => Error,
  timeoutMs: number,
): Promise<Buffer> {
  if (declaredTooLarge(req, limit)) throw tooLarge();
  const chunks: Buffer[] = [];
  let aborted = false;
  const stream = new Writable({
    write(chunk: Buffer, _enc, callback) {
      if (!aborted) chunks.push(chunk);
      callback();
    },
  });
  const done = new Promise<void>((resolve, reject) => {
    stream.once("finish", resolve);
    stream.once("error", reject);
  });
  await pumpBody(
    req,
    limit,
    tooLarge,
    {
      stream,
      done,
      async abort() {
        aborted = true;
        chunks.length = 0;
      },
    },
    timeoutMs,
  );
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
}

/**
 * After a refused body has been answered, discards what still arrives, up to `limit` bytes, so a client that keeps
 * sending until it notices the answer can still read it instead of seeing a reset connection; past that, or when the
 * connection idles, it is closed.
 */
export function drainAfterAnswer(req: IncomingMessage, res: ServerResponse, limit: number): void {
  if (req.complete || req.readableEnded) return;
  req.pause();
  res.once("finish", () => {
    let drained = 0;
    req.on("data", (c: Buffer) => {
      drained += c.length;
      if (drained > limit) req.destroy();
    });
    req.resume();
  });
}
