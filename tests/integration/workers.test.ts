import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../helpers/scratch-postgres";
import { type RunningServer, runServerExpectingFailure, startServer } from "../helpers/server-process";

const pgUrl = process.env.TEST_DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "workers-"));
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.stop("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
});

/** The processes a process started (Linux). */
function children(pid: number): number[] {
  const text = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  return text === "" ? [] : text.split(/\s+/).map(Number);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("one server on the embedded database", () => {
  it("refuses to start several processes, saying what they need", async () => {
    const r = await runServerExpectingFailure({ DATA_DIR: dataDir, WORKERS: "2", PORT: "0" });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("more than one process needs DATABASE_URL");
  });
});

describe.skipIf(!pgUrl)("several server processes on one machine (WORKERS, Postgres)", () => {
  it("serve on one port, replace one that dies, and all stop on SIGTERM", async () => {
    scratch = await createScratchDatabase(pgUrl ?? "", "workers");
    server = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      AUTH_SECRET: "workers-test-secret-0123456789abcdef",
      WORKERS: "2",
      LOG_LEVEL: "info",
    });
    const url = server.url;
    const primary = server.proc.pid as number;
    await expect.poll(() => children(primary).length, { timeout: 60_000 }).toBe(2);
    await expect.poll(async () => (await fetch(`${url}/readyz`)).status, { timeout: 60_000 }).toBe(200);
    // Both workers answered the port: each logs its own "listening" line with its pid.
    const [first, second] = children(primary);
    await expect.poll(() => server?.output() ?? "", { timeout: 30_000 }).toContain(`"pid":${second}`);
    expect(server.output()).toContain(`"pid":${first}`);

    // Pages render afresh (the session cookie bypasses the render cache).
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${url}/locations`, { headers: { cookie: "pc.session_token=workers" } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("<h1");
    }

    // A worker that dies is replaced a second later; meanwhile the other one answers, on a new connection too.
    process.kill(first as number, "SIGKILL");
    await expect.poll(() => server?.output() ?? "", { timeout: 10_000 }).toContain("a worker ended; starting another");
    const res = await fetch(`${url}/programs`, { headers: { connection: "close" } });
    expect(res.status).toBe(200);
    expect(children(primary)).toEqual([second]);
    await expect.poll(() => children(primary).filter((pid) => pid !== first).length, { timeout: 30_000 }).toBe(2);
    await expect.poll(() => server?.output().match(/"msg":"listening"/g)?.length ?? 0, { timeout: 30_000 }).toBe(3);

    // SIGTERM to the primary stops every worker, then the primary, cleanly.
    const workers = children(primary);
    expect(await server.stop("SIGTERM")).toBe(0);
    for (const pid of workers) expect(alive(pid)).toBe(false);
    expect(server.output()).toContain("every worker has ended; bye");
  }, 180_000);

  it("stop together, exit code 1, when a worker cannot start (the database cannot be reached)", async () => {
    const r = await runServerExpectingFailure({
      DATA_DIR: dataDir,
      DATABASE_URL: "postgres://nobody:nothing@127.0.0.1:1/none",
      AUTH_SECRET: "workers-test-secret-0123456789abcdef",
      WORKERS: "2",
      PORT: "0",
      LOG_LEVEL: "info",
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("Cannot connect to DATABASE_URL");
    expect(r.stdout).toContain("a worker ended before it served; stopping");
    expect(r.stdout).toContain("every worker has ended; bye");
  }, 60_000);
});
