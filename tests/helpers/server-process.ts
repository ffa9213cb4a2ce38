import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const SERVER_ENTRY = path.resolve(process.env.BUILD_DIR ?? "build", "server-entry.js");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export type RunningServer = {
  proc: ChildProcess;
  url: string;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/**
 * Starts the built server with the given environment and waits until /healthz answers 200. `entry` starts another
 * build's server (a copy of the build standing for another release).
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 90_000,
  nodeArgs: string[] = [],
  entry = SERVER_ENTRY,
): Promise<RunningServer> {
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first.`);
  const port = await freePort();
  let out = "";
  const proc = spawn(process.execPath, [...nodeArgs, entry], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      PORT: String(port),
      HOST: "127.0.0.1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout?.on("data", (d) => {
    out += String(d);
  });
  proc.stderr?.on("data", (d) => {
    out += String(d);
  });
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited early (${proc.exitCode}): ${out}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`server not healthy within ${timeoutMs} ms: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    proc,
    url,
    output: () => out,
    async stop(signal: NodeJS.Signals = "SIGTERM") {
      if (proc.exitCode === null) proc.kill(signal);
      return exited;
    },
  };
}

/** Runs the built server expecting it to fail at boot; returns exit code and output. */
export function runServerExpectingFailure(
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    let stderr = "";
    let stdout = "";
    const proc = spawn(process.execPath, [SERVER_ENTRY], {
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    proc.stdout?.on("data", (d) => {
      stdout += String(d);
    });
    proc.stderr?.on("data", (d) => {
      stderr += String(d);
    });
    const timer = setTimeout(() => proc.kill("SIGKILL"), timeoutMs);
    proc.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

/** Signs in to a running server's admin as a browser on `site` would, and returns the session's Cookie header. */
export async function signIn(url: string, site: string, account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: site },
    body: new URLSearchParams(account),
  });
  if (res.status !== 302) throw new Error(`sign-in answered ${res.status}, not 302`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * A server on its own demo data in a fresh folder, with `owner` as its first admin, signed in. `stop` ends it and
 * removes the folder.
 */
export async function startSignedIn(
  site: string,
  owner: { email: string; password: string },
  folderPrefix: string,
): Promise<{ server: RunningServer; cookie: string; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), folderPrefix));
  const server = await startServer({
    DATA_DIR: dataDir,
    SITE_URL: site,
    ADMIN_EMAIL: owner.email,
    ADMIN_PASSWORD: owner.password,
  });
  return {
    server,
    cookie: await signIn(server.url, site, owner),
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
