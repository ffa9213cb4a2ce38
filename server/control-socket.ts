import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import type { Logger } from "pino";

/**
 * Operations for the command line on the same machine (`npm run backup`), on a Unix socket inside DATA_DIR rather
 * than on the site's port: whoever can reach the socket can already read DATA_DIR, so it needs no password, and
 * nothing of it is reachable from the network. Embedded database only (one process owns DATA_DIR).
 */
export const CONTROL_SOCKET = "control.sock";

/** Unix socket paths are limited to about 107 bytes. */
const MAX_SOCKET_PATH = 100;

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, CONTROL_SOCKET);
}

/** Whether a server answers on the socket (a socket file left by a killed server does not). */
export function socketAnswers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const c = net.connect(socketPath);
    c.once("connect", () => {
      c.end();
      resolve(true);
    });
    c.once("error", () => resolve(false));
  });
}

export type ControlHandlers = {
  /** Streams a backup to the response. */
  backup(res: http.ServerResponse): Promise<unknown>;
};

export async function startControlSocket(
  dataDir: string,
  handlers: ControlHandlers,
  logger: Logger,
): Promise<{ close(): void } | null> {
  const socketPath = controlSocketPath(dataDir);
  if (socketPath.length > MAX_SOCKET_PATH) {
    logger.warn(
      { socketPath },
      "DATA_DIR's path is too long for a control socket: npm run backup needs the server stopped",
    );
    return null;
  }
  if (fs.existsSync(socketPath)) {
    if (await socketAnswers(socketPath)) throw new Error(`Another server answers on ${socketPath}.`);
    fs.rmSync(socketPath, { force: true });
  }
  let busy = false;
  const server = http.createServer((req, res) => {
    if (req.method === "POST" && req.url === "/backup") {
      if (busy) {
        res.writeHead(409, { "Content-Type": "text/plain" }).end("A backup is already being taken.\n");
        return;
      }
      busy = true;
      res.writeHead(200, { "Content-Type": "application/x-tar" });
      const started = Date.now();
      handlers
        .backup(res)
        .then((manifest) => logger.info({ ms: Date.now() - started, manifest }, "backup taken"))
        .catch((err: unknown) => {
          logger.error({ err }, "backup failed");
          res.destroy();
        })
        .finally(() => {
          busy = false;
        });
      return;
    }
    if (req.method === "GET" && req.url === "/status") {
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ pid: process.pid }));
      return;
    }
    res.writeHead(404, { "Content-Type": "text/plain" }).end("Unknown operation.\n");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // Owner-only from the first moment: the socket is created under a restrictive umask.
    const previous = process.umask(0o177);
    try {
      server.listen(socketPath, () => resolve());
    } finally {
      process.umask(previous);
    }
  });
  fs.chmodSync(socketPath, 0o600);
  return {
    close() {
      server.close();
      fs.rmSync(socketPath, { force: true });
    },
  };
}
