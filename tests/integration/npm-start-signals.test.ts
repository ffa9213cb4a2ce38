import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { freePort } from "../helpers/server-process";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "npm-start-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

// What a process manager or container runtime does: start the documented command, later send it SIGTERM.
it("SIGTERM to `npm start` stops the server: the port is free within 10 s", async () => {
  const port = await freePort();
  const proc = spawn("npm", ["start", "--silent"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED: "none", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  proc.stderr?.on("data", (d) => {
    stderr += String(d);
  });
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  const healthy = await waitUntil(async () => {
    try {
      return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
    } catch {
      return false;
    }
  }, 120_000);
  expect(healthy, stderr).toBe(true);

  proc.kill("SIGTERM");
  expect(await waitUntil(() => portIsFree(port), 10_000)).toBe(true);
  await exited;
}, 180_000);
