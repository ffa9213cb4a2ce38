// CPU time a page costs the server, per request, from the process's own CPU counters (user + system, all its
// threads) over many requests after a warm-up. Compare builds side by side in alternating rounds: the figure moves
// with the machine's load.
//
//   BUILD_DIR=build npx tsx scripts/cpu-per-request.ts [--requests 400] [--cookie 'pc.session_token=x']
//     [--node-args '--max-semi-space-size=64'] /path ...
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer } from "~tests/helpers/server-process";
import { takeFlag } from "./cli-flags";

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => takeFlag(args, name, fallback);
const requests = Number(flag("requests", "400"));
const cookie = flag("cookie", "pc.session_token=cpu");
const encoding = flag("encoding", "identity");
// Flags for the server's node (a V8 setting to compare); none by default, as `npm start` runs it.
const nodeArgs = flag("node-args", "").split(" ").filter(Boolean);
const paths = args.length > 0 ? args : ["/location/*", "/", "/locations"];

const ticks = 100; // USER_HZ on Linux
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cpu-"));
const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" }, 90_000, nodeArgs);
try {
  const list = await (await fetch(`${server.url}/locations?limit=96`)).text();
  const locations = [...new Set([...list.matchAll(/href="(\/location\/[^"]+)"/g)].map((m) => m[1] as string))];
  const get = async (p: string) => {
    const r = await fetch(`${server.url}${p}`, { headers: { cookie, "accept-encoding": encoding } });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`${p}: ${r.status}`);
  };
  for (const pattern of paths) {
    const urls = pattern === "/location/*" ? locations : [pattern];
    // Warm up: JIT, caches of settings and texts.
    for (let i = 0; i < 60; i++) await get(urls[i % urls.length] as string);
    const before = cpuMs(server.proc.pid as number);
    const started = performance.now();
    // Two at a time, as a busy server would see them.
    let next = 0;
    await Promise.all(
      [0, 1].map(async () => {
        while (next < requests) await get(urls[next++ % urls.length] as string);
      }),
    );
    const cpu = cpuMs(server.proc.pid as number) - before;
    const wall = performance.now() - started;
    console.log(
      `${pattern.padEnd(14)} ${(cpu / requests).toFixed(2)} ms CPU per request (${requests} requests, ${(wall / requests).toFixed(2)} ms wall each)`,
    );
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
