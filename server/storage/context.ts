import type { Database } from "~db/client";
import type { BlobDriver } from "./drivers";
import type { StorageLimits } from "./limits";

/** What every storage operation works with: rows in `db` under `bucket`, bytes in `driver`. */
export type StorageContext = {
  db: Database;
  driver: BlobDriver;
  bucket: string;
  limits: StorageLimits;
  /** A new temp file path in the service's temp directory. */
  tempFile: () => string;
};
