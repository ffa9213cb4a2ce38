import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifyContentChanged } from "~/services/entries/content-events.server";
import { type DatabaseHandle, openPglite } from "~db/client";
import { createRenderCache, etagMatches, pickEncoding } from "./render-cache";

let handle: DatabaseHandle;
let base: string;
let server: http.Server;
let renders = 0;
let cache: ReturnType<typeof createRenderCache>;

/** Waits until the cache holds `n` entries (pages are stored once they are compressed, off the request). */
async function stored(n: number) {
  for (let i = 0; i < 200 && cache.stats().entries < n; i++) await new Promise((r) => setTimeout(r, 5));
  expect(cache.stats().entries).toBeGreaterThanOrEqual(n);
}

const page = (n: number) => `<!DOCTYPE html><p>render ${n}</p>${"<p>Some text that compresses well.</p>".repeat(50)}`;

beforeAll(async () => {
  handle = await openPglite(undefined);
  cache = createRenderCache({
    bus: handle.bus,
    ttlMs: 60_000,
    constantHeaders: [["X-Frame-Options", "DENY"]],
    maxBytes: 40_000,
  });
  const app = express();
  app.use(cache.middleware);
  app.get("/page", (_req, res) => {
    renders++;
    res.setHeader("Content-Security-Policy", "script-src 'sha256-abc'");
    res.type("html").send(page(renders));
  });
  app.get("/big/:n", (req, res) => {
    renders++;
    // Random bytes do not compress: each entry holds about three times this.
    res.type("html").send(`${req.params.n}${randomBytes(6000).toString("base64")}`);
  });
  app.get("/private", (_req, res) => {
    renders++;
    res.setHeader("Cache-Control", "no-store");
    res.type("html").send("secret");
  });
  app.get("/nonce", (_req, res) => {
    renders++;
    res.locals.cspNonce = "abc";
    res.type("html").send('<script nonce="abc"></script>');
  });
  app.get("/admin/x", (_req, res) => {
    renders++;
    res.type("html").send("admin");
  });
  server = http.createServer((req, res) => {
    if (!cache.serve(req, res)) app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  cache.close();
  server.close();
  await handle.close();
});

/** A raw GET (fetch would decompress and hide the encoding). */
function get(path: string, headers: http.OutgoingHttpHeaders = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

describe("render cache", () => {
  it("serves the same page again from memory, in the encoding the browser accepts, with its headers", async () => {
    const first = await get("/page");
    expect(first.headers["x-render-cache"]).toBe("miss");
    await stored(1);
    const before = renders;
    const plain = await get("/page");
    const br = await get("/page", { "accept-encoding": "gzip, deflate, br" });
    const gz = await get("/page", { "accept-encoding": "gzip" });
    expect(renders).toBe(before);
    for (const hit of [plain, br, gz]) {
      expect(hit.headers["x-render-cache"]).toBe("hit");
      expect(hit.headers["content-security-policy"]).toBe("script-src 'sha256-abc'");
      expect(hit.headers["x-frame-options"]).toBe("DENY");
      expect(hit.headers.vary).toContain("Accept-Encoding");
      expect(hit.headers.etag).toBe(plain.headers.etag);
      expect(Number(hit.headers["content-length"])).toBe(hit.body.length);
    }
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    expect(zlib.brotliDecompressSync(br.body).equals(first.body)).toBe(true);
    expect(zlib.gunzipSync(gz.body).equals(first.body)).toBe(true);
    expect(plain.body.equals(first.body)).toBe(true);
  });

  it("answers a matching If-None-Match with 304 and no body", async () => {
    const hit = await get("/page");
    const etag = String(hit.headers.etag);
    const again = await get("/page", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers["cache-control"]).toBeUndefined();
    expect((await get("/page", { "if-none-match": 'W/"other"' })).status).toBe(200);
  });

  it("keeps serving visitors whose cookies the site does not read, never those with its own", async () => {
    await get("/page");
    await stored(1);
    const before = renders;
    const foreign = await get("/page", { cookie: "cf_clearance=x; _pk_id=1" });
    expect(foreign.headers["x-render-cache"]).toBe("hit");
    expect(renders).toBe(before);
    for (const cookie of ["pc.session_token=abc", "a=1; __Secure-pc.session_token=abc", "pc_toast=%7B%7D"]) {
      const res = await get("/page", { cookie });
      expect(res.headers["x-render-cache"], cookie).toBeUndefined();
    }
    expect(renders).toBe(before + 3);
    expect((await get("/page", { authorization: "Basic eDp5" })).headers["x-render-cache"]).toBeUndefined();
  });

  it("drops everything when content changes", async () => {
    await get("/page");
    await stored(1);
    await notifyContentChanged({ bus: handle.bus }, "locations");
    const res = await get("/page");
    expect(res.headers["x-render-cache"]).toBe("miss");
    expect(cache.stats().invalidations).toBeGreaterThan(0);
  });

  it("does not keep no-store responses, pages with a nonce, or the admin area", async () => {
    for (const path of ["/private", "/nonce", "/admin/x"]) {
      await get(path);
      await new Promise((r) => setTimeout(r, 50));
      const before = renders;
      await get(path);
      expect(renders, path).toBe(before + 1);
    }
  });

  it("holds no more bytes than its limit, dropping the least recently used", async () => {
    for (let i = 0; i < 6; i++) {
      await get(`/big/${i}`);
      await new Promise((r) => setTimeout(r, 30));
    }
    expect(cache.stats().bytes).toBeLessThanOrEqual(40_000);
    const before = renders;
    expect((await get("/big/5")).headers["x-render-cache"]).toBe("hit");
    expect((await get("/big/0")).headers["x-render-cache"]).toBe("miss");
    expect(renders).toBe(before + 1);
  });
});

describe("content negotiation", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("identity")).toBe("identity");
    expect(pickEncoding(undefined)).toBe("identity");
  });

  it("compares entity tags weakly, in lists and with *", () => {
    expect(etagMatches('W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('W/"b", W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches("*", 'W/"a"')).toBe(true);
    expect(etagMatches('W/"b"', 'W/"a"')).toBe(false);
    expect(etagMatches(undefined, 'W/"a"')).toBe(false);
  });
});
