import cluster, { type Worker } from "node:cluster";
import type { createLogger } from "./logger";

type Logger = ReturnType<typeof createLogger>;

/** A worker that serves and then ends unexpectedly is replaced after this pause (a crash loop stays slow). */
const RESTART_DELAY_MS = 1_000;

/**
 * The primary process when WORKERS is above one: it opens no database and serves nothing. It starts the workers (each
 * a whole server, sharing the port through Node's cluster module), replaces one that ends after it started serving,
 * stops them all when one fails to start, and passes SIGTERM and SIGINT on, ending once every worker has ended.
 */
export function runPrimary({ workers, entry, logger }: { workers: number; entry: string; logger: Logger }): void {
  cluster.setupPrimary({ exec: entry });
  const serving = new WeakSet<Worker>();
  let stopping = false;
  let exitCode = 0;

  const start = () => {
    const worker = cluster.fork();
    worker.once("listening", () => serving.add(worker));
  };
  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
  const stop = (reason: string, code: number) => {
    exitCode = Math.max(exitCode, code);
    if (stopping) return;
    stopping = true;
    logger.info({ reason, workers: alive().length }, "stopping the workers");
    for (const worker of alive()) worker.process.kill("SIGTERM");
    if (alive().length === 0) process.exit(exitCode);
  };

  cluster.on("exit", (worker, code, signal) => {
    const pid = worker.process.pid;
    if (stopping) {
      if (code !== 0 && signal !== "SIGTERM" && signal !== "SIGINT") exitCode = 1;
      if (alive().length === 0) {
        logger.info({ exitCode }, "every worker has ended; bye");
        process.exit(exitCode);
      }
      return;
    }
    if (!serving.has(worker)) {
      // Configuration, the database or the port: the worker printed why; the others would fail the same way.
      logger.error({ pid, code, signal }, "a worker ended before it served; stopping");
      stop("a worker could not start", 1);
      return;
    }
    logger.error({ pid, code, signal }, "a worker ended; starting another");
    setTimeout(() => {
      if (!stopping) start();
    }, RESTART_DELAY_MS);
  });

  process.on("SIGTERM", () => stop("SIGTERM", 0));
  process.on("SIGINT", () => stop("SIGINT", 0));
  logger.info({ workers, pid: process.pid }, "starting workers");
  for (let i = 0; i < workers; i++) start();
}
