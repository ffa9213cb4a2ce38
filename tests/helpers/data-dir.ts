import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type RunningServer, startServer } from "./server-process";

/** The repository's root, where an operator runs `npm run backup` and the like. */
export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * A test file's own folder (`work`) holding a DATA_DIR (`work/data`): `start` runs the built server on it, `run` a
 * command as an operator would on it. After the file's tests every server started is stopped and the folder removed.
 */
export function dataDirFolder(prefix: string) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const dataDir = path.join(work, "data");
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop().catch(() => {});
    fs.rmSync(work, { recursive: true, force: true });
  });
  return {
    work,
    dataDir,
    /** The built server on this DATA_DIR, with `env` besides and node started with `nodeArgs`. */
    async start(env: Record<string, string>, nodeArgs: string[] = []) {
      const server = await startServer({ DATA_DIR: dataDir, ...env }, 90_000, nodeArgs);
      servers.push(server);
      return server;
    },
    /**
     * A command run in `cwd` (the repository's root unless said) on this DATA_DIR, with this process's environment
     * and `env` besides, never a DATABASE_URL: its exit code and its output, stdout and stderr together.
     */
    run(command: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", ...opts.env };
      delete env.DATABASE_URL;
      return new Promise<{ code: number | null; out: string }>((resolve) => {
        const [program = "", ...args] = command;
        const proc = spawn(program, args, { cwd: opts.cwd ?? REPO_ROOT, env });
        let out = "";
        proc.stdout.on("data", (d) => {
          out += String(d);
        });
        proc.stderr.on("data", (d) => {
          out += String(d);
        });
        proc.once("exit", (code) => resolve({ code, out }));
      });
    },
  };
}

/**
 * The built server a test file's tests talk to, on its own fresh DATA_DIR (see dataDirFolder) with `env` besides:
 * started before the file's tests, stopped and its folder removed after them. `url`, `proc` and `output()` are the
 * running server's; `folder` is its DATA_DIR's folder, for a command run on it.
 */
export function serverForFile(prefix: string, env: Record<string, string> = {}) {
  const folder = dataDirFolder(prefix);
  let running: RunningServer | undefined;
  beforeAll(async () => {
    running = await folder.start(env);
  });
  const started = () => {
    if (!running) throw new Error("the file's server has not started");
    return running;
  };
  return {
    folder,
    get url() {
      return started().url;
    },
    get proc() {
      return started().proc;
    },
    output: () => started().output(),
  };
}
