import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../helpers/server-process";

// What an outside scanner sends: a NUL character (%00) in addresses, query values and form fields, and POSTs to
// pages that have no form. Each gets a clear 4xx, and the error log keeps only real errors.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hostile-"));
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "info" });
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function get(p: string) {
  const res = await fetch(server.url + p, { redirect: "manual" });
  return { status: res.status, body: await res.text() };
}

describe("a NUL character", () => {
  it("in an address is a page that does not exist (404), for every kind of page", async () => {
    for (const p of [
      "/location/a%00b",
      "/program/a%00b",
      "/change-makers/a%00b",
      "/suggest-a-correction/location/a%00b",
      "/a%00b",
    ]) {
      const r = await get(p);
      expect(r.status, p).toBe(404);
      expect(r.body, p).not.toMatch(/at \S+ \(|Error:/);
    }
  });

  it("in a query value is a bad request (400) with a message, on public and admin searches alike", async () => {
    for (const p of [
      "/search?q=a%00b",
      "/locations?q=a%00b",
      "/programs?q=a%00b",
      "/api/search/suggest?q=a%00b",
      "/admin/dashboard/locations?q=a%00b",
      "/admin/dashboard/newsletter?q=a%00B",
    ]) {
      const r = await get(p);
      expect(r.status, p).toBe(400);
      expect(r.body, p).toContain("The address contains a character (NUL, %00) that is not allowed.");
    }
    // An encoded percent sign followed by zeros is not a NUL.
    expect((await get("/search?q=100%2500")).status).toBe(200);
  });

  it("in a form field is refused with 400 before anything is stored", async () => {
    const body = new URLSearchParams({ email: "a\u0000b@example.org", name: "x" });
    for (const p of ["/application", "/suggest-a-place", "/podcast", "/newsletter/confirm"]) {
      const res = await fetch(server.url + p, { method: "POST", body, headers: { Origin: server.url } });
      expect(res.status, p).toBe(400);
      expect(await res.text(), p).toContain("The form contains a character (NUL) that is not allowed.");
    }
  });
});

it("a POST to a page without a form answers 405 and logs one info line, no stack trace", async () => {
  const before = server.output().length;
  const res = await fetch(`${server.url}/about`, {
    method: "POST",
    body: "a=b",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
  });
  expect(res.status).toBe(405);
  await res.text();
  await new Promise((r) => setTimeout(r, 200));
  const logged = server.output().slice(before);
  // The request line, and React Router's 405 as one line at info (level 30) instead of an error with a stack.
  expect(logged).toMatch(/"level":30[^\n]*"status":405[^\n]*"method":"POST"[^\n]*"msg":"Method Not Allowed"/);
  expect(logged).not.toMatch(/did not provide an `action`|\n\s+at /);
});

it("a broken percent sign in an address is a bad request (400), logged at info without a stack trace", async () => {
  const before = server.output().length;
  for (const p of ["/location/%", "/location/%E0%A4%A", "/es/change-makers/%zz", "/assets/%"]) {
    const r = await get(p);
    expect(r.status, p).toBe(400);
    expect(r.body, p).not.toMatch(/at \S+ \(|URIError/);
  }
  await new Promise((r) => setTimeout(r, 200));
  const logged = server.output().slice(before);
  // A client's mistake is not an error of the site: no error-level line (50), no stack.
  expect(logged).not.toContain('"level":50');
  expect(logged).not.toMatch(/\\n\s+at |"stack"/);
  expect(logged).toMatch(/"level":30[^\n]*"status":400[^\n]*"msg":"bad request"/);
});
