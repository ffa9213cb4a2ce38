import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifyContentChanged } from "../app/lib/content-events.server";
import { type DatabaseHandle, openPglite } from "../db/client";
import { createRenderCache } from "./render-cache";

let handle: DatabaseHandle;
let base: string;
let server: ReturnType<express.Express["listen"]>;
let renders = 0;
let cache: ReturnType<typeof createRenderCache>;

beforeAll(async () => {
  handle = await openPglite(undefined);
  cache = createRenderCache({ bus: handle.bus, ttlMs: 60_000 });
  const app = express();
  let n = 0;
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++n}`;
    next();
  });
  app.use(cache.middleware);
  app.get("/page", (_req, res) => {
    renders++;
    res.type("html").send(`<p>render ${renders}</p><script nonce="${res.locals.cspNonce}"></script>`);
  });
  app.get("/private", (_req, res) => {
    renders++;
    res.setHeader("Cache-Control", "no-store");
    res.type("html").send("secret");
  });
  app.get("/admin/x", (_req, res) => {
    renders++;
    res.type("html").send("admin");
  });
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  cache.close();
  server.close();
  await handle.close();
});

describe("render cache", () => {
  it("serves the second anonymous view from cache with the current response's nonce", async () => {
    const first = await fetch(`${base}/page`);
    expect(first.headers.get("x-render-cache")).toBe("miss");
    const firstBody = await first.text();
    const before = renders;
    const second = await fetch(`${base}/page`);
    expect(second.headers.get("x-render-cache")).toBe("hit");
    const secondBody = await second.text();
    expect(renders).toBe(before);
    expect(secondBody).toContain("render 1");
    // The nonce in the cached HTML is this response's nonce, not the first one's.
    const firstNonce = firstBody.match(/nonce="([^"]+)"/)?.[1];
    const secondNonce = secondBody.match(/nonce="([^"]+)"/)?.[1];
    expect(firstNonce).toBeTruthy();
    expect(secondNonce).toBeTruthy();
    expect(secondNonce).not.toBe(firstNonce);
  });

  it("never serves or stores a page for a visitor with cookies", async () => {
    const before = renders;
    const res = await fetch(`${base}/page`, { headers: { cookie: "pc.session_token=abc" } });
    expect(res.headers.get("x-render-cache")).toBeNull();
    expect(renders).toBe(before + 1);
  });

  it("drops everything when content changes", async () => {
    await fetch(`${base}/page`);
    await notifyContentChanged({ bus: handle.bus }, "locations");
    const res = await fetch(`${base}/page`);
    expect(res.headers.get("x-render-cache")).toBe("miss");
    expect(await res.text()).toMatch(/render \d+/);
    expect(cache.stats().invalidations).toBeGreaterThan(0);
  });

  it("does not cache no-store responses or admin paths", async () => {
    await fetch(`${base}/private`);
    expect((await fetch(`${base}/private`)).headers.get("x-render-cache")).toBe("miss");
    const before = renders;
    await fetch(`${base}/admin/x`);
    await fetch(`${base}/admin/x`);
    expect(renders).toBe(before + 2);
  });
});
