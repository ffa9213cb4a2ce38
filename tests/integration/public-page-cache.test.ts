import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { serverForFile } from "~tests/helpers/data-dir";

const server = serverForFile("page-cache-");
let locationPath: string;

beforeAll(async () => {
  const list = await (await fetch(`${server.url}/locations`)).text();
  locationPath = list.match(/href="(\/location\/[^"]+)"/)?.[1] ?? "";
  expect(locationPath).not.toBe("");
});

/** The hashes a browser computes for the page's inline scripts, worked out here independently of the server. */
function scriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1] ?? "";
    if (attrs.includes("application/ld+json")) continue;
    hashes.push(
      createHash("sha256")
        .update(m[2] ?? "")
        .digest("base64"),
    );
  }
  return hashes;
}

async function hit(url: string, init?: RequestInit) {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(url, init);
    if (res.headers.get("x-render-cache") === "hit") return res;
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${url} was never served from the render cache`);
}

describe("public pages are the same bytes for every visitor", () => {
  it("carry a policy naming their inline scripts' hashes, and no nonce", async () => {
    const res = await fetch(`${server.url}${locationPath}`, { headers: { cookie: "pc.session_token=x" } });
    const html = await res.text();
    const policy = res.headers.get("content-security-policy") ?? "";
    expect(html).not.toMatch(/\snonce="/);
    expect(policy).not.toContain("'nonce-");
    const hashes = scriptHashes(html);
    // The starter, the router's context and data, scroll restoration, and the bootstrap the starter runs later.
    expect(hashes.length).toBeGreaterThanOrEqual(4);
    for (const h of hashes) expect(policy).toContain(`'sha256-${h}'`);
  });

  it("are served again from the render cache, byte for byte, compressed, and answer If-None-Match with 304", async () => {
    const url = `${server.url}${locationPath}`;
    const first = await fetch(url);
    const firstBody = await first.text();
    const cached = await hit(url);
    expect(await cached.text()).toBe(firstBody);
    expect(cached.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
    const br = await fetch(url, { headers: { "accept-encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(await br.text()).toBe(firstBody);
    const etag = cached.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await fetch(url, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("serve visitors with a cookie the site does not read from the cache, but not a signed-in one", async () => {
    const url = `${server.url}/programs`;
    await hit(url);
    const foreign = await fetch(url, { headers: { cookie: "_pk_id=1; cf_clearance=2" } });
    expect(foreign.headers.get("x-render-cache")).toBe("hit");
    const signedIn = await fetch(url, { headers: { cookie: "pc.session_token=abc" } });
    expect(signedIn.headers.get("x-render-cache")).toBeNull();
  });

  it("leave the admin area on a per-response nonce", async () => {
    const res = await fetch(`${server.url}/admin/login`);
    const html = await res.text();
    const nonce = res.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`nonce="${nonce}"`);
    const second = await fetch(`${server.url}/admin/login`);
    expect(second.headers.get("content-security-policy")).not.toContain(String(nonce));
  });
});
