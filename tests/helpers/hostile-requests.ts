import fs from "node:fs";
import http from "node:http";
import type { RunningServer } from "./server-process";

const KB = 1024;

/** An answer as a hostile client reads it: status 0 when the server closed the connection before answering. */
export type Sent = { status: number; body: string };

/**
 * The requests an attacker sends (huge, chunked, dripped, declared larger than sent) and a watch of the server's
 * health meanwhile: the standing hostile-input test and the bench both use them (decision 051).
 */
export function hostileClient(server: () => Pick<RunningServer, "proc" | "url">) {
  /** The server process's resident memory in bytes (Linux). */
  const rss = () => {
    const status = fs.readFileSync(`/proc/${server().proc.pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * KB;
  };

  /**
   * Sends one request with node:http (so a body can be declared larger than what is written, streamed without a
   * length, or dripped) and reads its answer, which may come before the body is all sent.
   */
  function send(
    p: string,
    opts: {
      headers?: Record<string, string>;
      body?: Buffer | string;
      /** Declares this Content-Length but writes only `body`, then waits for the answer. */
      declared?: number;
      /** Streams this many bytes in 64 KB chunks without a Content-Length. */
      chunked?: number;
      /** Writes the body a byte at a time with this pause, for `dripMs` in all, then gives up. */
      drip?: { everyMs: number; forMs: number };
    },
  ): Promise<Sent> {
    return new Promise((resolve, reject) => {
      const url = new URL(server().url + p);
      const body = typeof opts.body === "string" ? Buffer.from(opts.body) : (opts.body ?? Buffer.alloc(0));
      const headers: Record<string, string> = {
        Origin: server().url,
        "Content-Type": "application/x-www-form-urlencoded",
        ...opts.headers,
      };
      if (opts.chunked === undefined && opts.drip === undefined)
        headers["Content-Length"] = String(opts.declared ?? body.length);
      const req = http.request({ host: url.hostname, port: url.port, path: p, method: "POST", headers }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          if (text.length < 2_000_000) text += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on("error", () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      // The server may close the connection once it has answered: that is expected, not a failure.
      req.on("error", (err) =>
        opts.declared || opts.chunked || opts.drip ? resolve({ status: 0, body: "" }) : reject(err),
      );
      if (opts.chunked !== undefined) {
        const chunk = Buffer.alloc(64 * KB, "a");
        let sent = 0;
        const pump = () => {
          while (sent < (opts.chunked ?? 0)) {
            sent += chunk.length;
            if (!req.write(chunk)) return req.once("drain", pump);
          }
          req.end();
        };
        req.write("a=");
        pump();
      } else if (opts.drip) {
        const started = Date.now();
        const timer = setInterval(() => {
          if (Date.now() - started > (opts.drip?.forMs ?? 0)) {
            clearInterval(timer);
            req.destroy();
            resolve({ status: -1, body: "" });
            return;
          }
          req.write("a");
        }, opts.drip.everyMs);
      } else {
        req.write(body);
        if (opts.declared === undefined) req.end();
      }
    });
  }

  /** Runs `request` while asking /healthz every 10 ms; returns its answer, the slowest health answer and memory growth. */
  async function whileWatching(request: () => Promise<Sent>) {
    const before = rss();
    let slowest = 0;
    let peak = before;
    let done = false;
    const watch = (async () => {
      while (!done) {
        const t = performance.now();
        const res = await fetch(`${server().url}/healthz`);
        await res.text();
        slowest = Math.max(slowest, performance.now() - t);
        peak = Math.max(peak, rss());
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    try {
      return { answer: await request(), slowest, grown: peak - before };
    } finally {
      done = true;
      await watch;
    }
  }
  return { send, whileWatching, rss };
}
