import fsp from "node:fs/promises";
import path from "node:path";
import { type DumpStore, generateDumpsIfDue } from "~/services/open-data/dumps.server";
import type { Services } from "~/services/services.server";
import type { Config } from "./config";
import { createLocalDriver, createS3Driver } from "./storage/drivers";

/*
 * Making the open-data dumps (decision 071): at start and then whenever DUMP_INTERVAL has passed since the last set,
 * by whichever instance claims the lease first; the others keep serving the current set. In the background: a
 * request never waits for a generation.
 */

/** The first look, soon after the server listens (a fresh site has its files within a minute). */
const FIRST_CHECK_MS = 5_000;
/** How often an instance asks whether a new set is due: a cheap one-row update. */
const CHECK_EVERY_MS = 5 * 60_000;

/** The store of the dump files: DATA_DIR/open-data on local storage, `open-data/` in the bucket on S3. */
export function createDumpStore(config: Pick<Config, "dataDir" | "storage">): DumpStore {
  const root = path.join(config.dataDir, "open-data", "files");
  const driver =
    config.storage.driver === "s3"
      ? createS3Driver({ ...config.storage, keyPrefix: "open-data/" })
      : createLocalDriver(root);
  return {
    async put(file, size, mediaType) {
      const key = driver.newKey();
      if (driver.kind === "s3") await driver.put(key, file, size, mediaType);
      else {
        // The work folder is beside the store (dumpWorkDir): a rename, not a copy of hundreds of MB.
        const target = path.join(root, ...key.split("/"));
        await fsp.mkdir(path.dirname(target), { recursive: true });
        await fsp.rename(file, target);
      }
      return key;
    },
    get: (key, range) => driver.get(key, range),
    delete: (key) => driver.delete(key),
  };
}

/** Where a generation writes before it stores: beside the store on local storage, so nothing leaves DATA_DIR. */
export function dumpWorkDir(config: Pick<Config, "dataDir">): string {
  return path.join(config.dataDir, "open-data", "tmp");
}

/** Starts the schedule; `run` checks now (tests, benchmarks), `stop` ends it. */
export function startDataDumps(services: Services, config: Pick<Config, "dataDir" | "storage" | "dumpIntervalMs">) {
  const store = createDumpStore(config);
  let running: Promise<unknown> | null = null;
  const run = () => {
    running ??= generateDumpsIfDue(services, store, { intervalMs: config.dumpIntervalMs, workDir: dumpWorkDir(config) })
      .then((result) => {
        if (result.generated) services.logger.info(result, "open-data files generated");
        return result;
      })
      .catch((err: unknown) => {
        services.logger.warn({ err }, "open-data files could not be generated");
        return { generated: false };
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const first = setTimeout(run, FIRST_CHECK_MS);
  const timer = setInterval(run, Math.min(CHECK_EVERY_MS, config.dumpIntervalMs));
  first.unref();
  timer.unref();
  return {
    store,
    run,
    /** Stops the schedule; resolves once a generation under way has finished or failed. */
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
