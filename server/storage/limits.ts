import type { StorageLimits } from "~/services/storage.server";
import { readStorageLimits } from "../config";

/**
 * The storage limits. The service reads them at each call, so a caller holding this object may change a limit
 * while the service runs.
 */
export type { StorageLimits };

/**
 * Limits from the environment (optional variables; defaults 25 MB per file, 5 GB in total, 40 megapixels), read and
 * checked with the rest of the configuration (server/config.ts), whose Config carries them as `storageLimits`.
 */
export const storageLimitsFromEnv = readStorageLimits;
