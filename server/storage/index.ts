import path from "node:path";
import type { Database } from "~db/client";
import type { Config } from "../config";
import { createLocalDriver, createS3Driver } from "./drivers";
import { createStorageService, type StorageService } from "./service";

export { createStorageRouter } from "./router";
export type { StorageService } from "./service";

/**
 * The configured storage. Local bytes live under DATA_DIR/storage, deliberately outside DATA_DIR/media, which is
 * served as public static files: stored objects must only be reachable through token-checked download URLs.
 */
export async function createConfiguredStorage(config: Config, db: Database): Promise<StorageService> {
  const tempDir = path.join(config.dataDir, "storage", "tmp");
  const limits = config.storageLimits;
  if (config.storage.driver === "s3") {
    const driver = createS3Driver(config.storage);
    await driver.ensureBucket();
    return createStorageService({ db, driver, bucket: config.storage.bucket, tempDir, limits });
  }
  const driver = createLocalDriver(path.join(config.dataDir, "storage", "objects"));
  return createStorageService({ db, driver, bucket: "local", tempDir, limits });
}
