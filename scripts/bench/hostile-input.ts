// Issue 36's bar: with any single anonymous request (any size, number of fields, nesting, speed), /healthz answers
// within 100 ms throughout and the server grows by less than 50 MB. Sends the review's requests to the built server
// on the demo data while /healthz is asked every 10 ms, and prints what each got, how long it took, the slowest
// /healthz answer meanwhile and the memory growth (decision 051). Figures only.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hostileClient, type Sent } from "~tests/helpers/hostile-requests";
import { type RunningServer, startServer } from "~tests/helpers/server-process";

const KB = 1024;
const MB = 1024 * KB;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hostile-bench-"));
let server: RunningServer | undefined;

try {
  server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  const running = server;
  const { send, whileWatching } = hostileClient(() => running);
  // The pages once, as any first visitor does (their code is loaded at the first render, which is not measured).
  for (const p of ["/suggest-a-place", "/application", "/admin/reset-password"])
    await (await fetch(server.url + p)).text();

  // Bodies are made before the clock starts: this process also asks /healthz, so making them meanwhile would count.
  const fields = (n: number) => Array.from({ length: n }, (_, i) => `f${i}=x`).join("&");
  const [f16k, f33k, f380k, f5k] = [16_000, 33_000, 380_000, 5_000].map(fields);
  const nested = `{"x":${"[".repeat(7000)}${"]".repeat(7000)}}`;
  const staffBody = `a=${"b".repeat(8 * MB - 16)}`;
  const json = { "Content-Type": "application/json", Accept: "application/json" };
  const cases: [string, () => Promise<Sent>][] = [
    ["16,000 fields (133 KB) to /suggest-a-place", () => send("/suggest-a-place", { body: f16k })],
    ["33,000 fields (277 KB) to /application", () => send("/application", { body: f33k })],
    ["3.4 MB of fields to /admin/reset-password", () => send("/admin/reset-password", { body: f380k })],
    ["5,000 fields (40 KB, under the byte limit)", () => send("/suggest-a-place", { body: f5k })],
    ["50 MB declared, to /suggest-a-place", () => send("/suggest-a-place", { body: "a=b", declared: 50 * MB })],
    ["100 MB chunked, to /suggest-a-place", () => send("/suggest-a-place", { chunked: 100 * MB })],
    ["20 MB JSON chunked, to /api/newsletter", () => send("/api/newsletter", { headers: json, chunked: 20 * MB })],
    ["7,000-deep JSON to /api/newsletter", () => send("/api/newsletter", { headers: json, body: nested })],
    ["8 MB form, anonymous, to a staff screen", () => send("/admin/dashboard/locations", { body: staffBody })],
    ["a byte every 50 ms for 3 s", () => send("/suggest-a-place", { drip: { everyMs: 50, forMs: 3000 } })],
  ];

  console.log("request | answer | ms | slowest /healthz meanwhile (bar 100 ms) | memory growth (bar 50 MB)");
  let worstHealth = 0;
  let worstGrowth = 0;
  for (const [label, request] of cases) {
    const started = performance.now();
    const { answer, slowest, grown } = await whileWatching(request);
    const ms = performance.now() - started;
    worstHealth = Math.max(worstHealth, slowest);
    worstGrowth = Math.max(worstGrowth, grown);
    const status = answer.status === 0 ? "closed" : answer.status === -1 ? "(gave up)" : String(answer.status);
    console.log(`${label} | ${status} | ${ms.toFixed(0)} | ${slowest.toFixed(1)} ms | ${(grown / MB).toFixed(1)} MB`);
  }
  console.log(
    `\nBar (issue 36): slowest /healthz ${worstHealth.toFixed(1)} ms (< 100 ms: ${worstHealth < 100 ? "met" : "NOT met"}), ` +
      `largest memory growth ${(worstGrowth / MB).toFixed(1)} MB (< 50 MB: ${worstGrowth < 50 * MB ? "met" : "NOT met"}).`,
  );
  console.log(
    "Before decision 051 (the review, 2026-11-27): 133 KB stalled every request 5 s, 277 KB 9.5 s, 3.4 MB over 10 min; 100 MB took 19 s and 1.8 GB.",
  );
} finally {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
