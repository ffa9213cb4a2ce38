import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverForFile } from "~tests/helpers/data-dir";
import { runServerExpectingFailure } from "../helpers/server-process";

/**
 * The server behind one real reverse proxy (TRUST_PROXY=1), with clients that write their own X-Forwarded-For: the
 * per-address limits must count the address the proxy saw, not the one the client claims (issue 36: with
 * TRUST_PROXY=true a rotating header let 25 of 25 newsletter sign-ups and 12 of 12 reset requests through).
 */

const server = serverForFile("proxy-trust-", { SEED: "none", TRUST_PROXY: "1" });
let proxy: http.Server;
let proxyUrl: string;

/**
 * Stands for the address of another client machine. The test runs every client on this machine, so each connection
 * reaches the proxy from 127.0.0.1; a request carrying this header is treated by the proxy as coming from the
 * machine it names. The proxy removes the header, so the server never sees it.
 */
const PEER_HEADER = "x-test-peer-address";

/**
 * A reverse proxy as nginx runs one (`proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for`, and its default
 * `proxy_set_header Host $proxy_host`): whatever X-Forwarded-For the client sent, followed by the address of the
 * connection the proxy accepted.
 */
function startProxy(upstream: string): Promise<http.Server> {
  const target = new URL(upstream);
  const srv = http.createServer((req, res) => {
    const headers = { ...req.headers };
    const claimed = headers[PEER_HEADER];
    delete headers[PEER_HEADER];
    const peer = typeof claimed === "string" ? claimed : (req.socket.remoteAddress ?? "");
    const sent = headers["x-forwarded-for"];
    headers["x-forwarded-for"] = sent ? `${Array.isArray(sent) ? sent.join(", ") : sent}, ${peer}` : peer;
    headers.host = target.host;
    const forward = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => {
      res.writeHead(502).end();
    });
    req.pipe(forward);
  });
  return new Promise((resolve) => srv.listen(0, "127.0.0.1", () => resolve(srv)));
}

beforeAll(async () => {
  proxy = await startProxy(server.url);
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(() => {
  proxy?.close();
});

let forged = 0;
/** A new, client-written X-Forwarded-For on every request, as a script rotating it would send. */
const forgedAddress = () => {
  forged += 1;
  return `198.51.100.${forged % 250}, 203.0.113.${(forged * 7) % 250}`;
};

function signUp(n: number, peer?: string) {
  return fetch(`${proxyUrl}/api/newsletter`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json",
      Origin: server.url,
      "X-Forwarded-For": forgedAddress(),
      ...(peer ? { [PEER_HEADER]: peer } : {}),
    },
    body: JSON.stringify({ email: `reader${n}@garden${n}.example.org` }),
  });
}

function askForReset(n: number, peer: string) {
  return fetch(`${proxyUrl}/admin/forgot-password`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "X-Forwarded-For": forgedAddress(), [PEER_HEADER]: peer },
    body: new URLSearchParams({ email: `staff${n}@example.org` }),
  });
}

describe("TRUST_PROXY=1 behind one reverse proxy", () => {
  it("keeps the newsletter's 20 a minute per address however the client rotates X-Forwarded-For, and tells two clients apart", async () => {
    // Newsletter: NEWSLETTER_RATE_LIMIT, 20 a minute per client address.
    const statuses: number[] = [];
    for (let n = 0; n < 25; n++) statuses.push((await signUp(n, "192.0.2.10")).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
    // Another machine behind the same proxy has its own allowance, forged header or not.
    expect((await signUp(100, "192.0.2.11")).status).toBe(200);
    // The proxy's own connection (no claimed peer: 127.0.0.1) is a third client.
    expect((await signUp(101)).status).toBe(200);
  });

  it("keeps forgot-password's 10 an hour per client however the client rotates X-Forwarded-For", async () => {
    // RESETS_PER_CLIENT_PER_HOUR: 10.
    const statuses: number[] = [];
    for (let n = 0; n < 12; n++) statuses.push((await askForReset(n, "192.0.2.20")).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await askForReset(50, "192.0.2.21")).status).toBe(200);
  });
});

describe("TRUST_PROXY at start", () => {
  it("refuses 'true', which believes whatever X-Forwarded-For a client writes, with one line saying what to set", async () => {
    const failed = await runServerExpectingFailure({ DATA_DIR: server.folder.dataDir, TRUST_PROXY: "true", PORT: "0" });
    expect(failed.code).toBe(1);
    expect(failed.stderr.trim().split("\n")).toHaveLength(1);
    expect(failed.stderr).toMatch(/^Error: Invalid TRUST_PROXY \("true"\): expected the number of proxies/);
    expect(failed.stderr).toContain("loopback");
  });
});
