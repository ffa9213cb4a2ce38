import http from "node:http";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { serverForFile } from "~tests/helpers/data-dir";

// The read API through the built server, as a program on another site talks to it: the whole Express stack (security
// headers, compression, body limits, the render cache, the session middleware) around the route modules.

const SITE = "https://permaculture.example";
const LIMIT = 60;
const server = serverForFile("open-data-api-", { SITE_URL: SITE, API_RATE_LIMIT: String(LIMIT) });

const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  fetch(`${server.url}${path}`, { method, headers: { Origin: "https://map.example", ...headers } });

describe("read API over HTTP", () => {
  it("walks every place by its next links, with CORS, an ETag, a 304 and no cookie", async () => {
    const seen = new Set<string>();
    let next: string | null = "/api/v1/places?limit=7";
    let pages = 0;
    while (next) {
      const res = await get(next);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/geo+json; charset=utf-8");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("set-cookie")).toBeNull();
      expect(res.headers.get("link")).toContain('rel="license"');
      const body = (await res.json()) as { features: { id: string }[]; links: { rel: string; href: string }[] };
      for (const f of body.features) {
        expect(seen.has(f.id)).toBe(false);
        seen.add(f.id);
      }
      const href = body.links.find((l) => l.rel === "next")?.href;
      next = href ? href.replace(SITE, "") : null;
      pages++;
    }
    expect(pages).toBeGreaterThan(2);

    const first = await get("/api/v1/places?limit=7");
    const etag = first.headers.get("etag") ?? "";
    const again = await get("/api/v1/places?limit=7", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("answers a preflight and HEAD, compresses on request, and refuses writes", async () => {
    const pre = await get("/api/v1/programs", { "Access-Control-Request-Method": "GET" }, "OPTIONS");
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
    expect(pre.headers.get("set-cookie")).toBeNull();
    const head = await get("/api/v1/programs", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toMatch(/^W\//);
    // fetch decompresses on its own; the raw bytes show what was sent.
    const zipped = await new Promise<{ encoding?: string; bytes: Buffer }>((resolve, reject) => {
      http
        .get(`${server.url}/api/v1/change-makers?limit=50`, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ encoding: res.headers["content-encoding"], bytes: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
    expect(zipped.encoding).toBe("gzip");
    expect(JSON.parse(gunzipSync(zipped.bytes).toString("utf8")).data.length).toBeGreaterThan(0);
    const post = await fetch(`${server.url}/api/v1/places`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE },
      body: "{}",
    });
    expect(post.status).toBe(405);
  });

  it("never answers hostile parameters with a 5xx", async () => {
    for (const path of [
      "/api/v1/places?q=a%00b",
      `/api/v1/places?q=${"x".repeat(10_000)}`,
      "/api/v1/places?limit=1&limit=2",
      "/api/v1/places?bbox=NaN,NaN,NaN,NaN",
      "/api/v1/places?cursor=%E0%A4%A",
      "/api/v1/places?updated_since=2026-02-30T00:00:00Z",
    ]) {
      const res = await get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
    }
    // A NUL in the address itself is refused before any route (400), or names no entry (404): never a 5xx.
    expect([400, 404]).toContain((await get("/api/v1/places/%00")).status);
  });

  it("states the budget and answers 429 with Retry-After beyond it", async () => {
    let last: Response | null = null;
    // The budget is counted in fixed minutes: on a slow machine the earlier tests' requests and these may straddle a
    // minute's end, so up to two minutes' worth are asked for before the refusal must have come.
    for (let i = 0; i < 2 * LIMIT + 5; i++) {
      last = await get("/api/v1/focus-areas");
      if (last.status === 429) break;
      await last.arrayBuffer();
    }
    expect(last?.status).toBe(429);
    expect(last?.headers.get("content-type")).toBe("application/problem+json");
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last?.headers.get("ratelimit-policy")).toBe(`"per-address";q=${LIMIT};w=60`);
    expect(last?.headers.get("ratelimit")).toMatch(/^"per-address";r=0;t=\d+$/);
  });
});
