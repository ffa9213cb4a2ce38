import { z } from "zod";
import { STORAGE_MAX_UPLOAD_BYTES } from "~/lib/storage/limits";
import { ConfigError } from "../config";

const LimitsSchema = z.object({
  STORAGE_MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(STORAGE_MAX_UPLOAD_BYTES),
  STORAGE_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 ** 3),
  STORAGE_MAX_IMAGE_PIXELS: z.coerce.number().int().positive().default(40_000_000),
});

/**
 * The storage limits. The service reads them at each call, so a caller holding this object may change a limit
 * while the service runs.
 */
export type StorageLimits = { maxUploadBytes: number; quotaBytes: number; maxImagePixels: number };

/** Limits from the environment (optional variables; defaults 25 MB per file, 5 GB in total, 40 megapixels). */
export function storageLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): StorageLimits {
  const parsed = LimitsSchema.safeParse({
    STORAGE_MAX_UPLOAD_BYTES: env.STORAGE_MAX_UPLOAD_BYTES || undefined,
    STORAGE_QUOTA_BYTES: env.STORAGE_QUOTA_BYTES || undefined,
    STORAGE_MAX_IMAGE_PIXELS: env.STORAGE_MAX_IMAGE_PIXELS || undefined,
  });
  if (!parsed.success) {
    const name = String(parsed.error.issues[0]?.path[0] ?? "STORAGE limit");
    throw new ConfigError(`Invalid ${name} (${JSON.stringify(env[name])}): expected a positive whole number.`);
  }
  const e = parsed.data;
  return {
    maxUploadBytes: e.STORAGE_MAX_UPLOAD_BYTES,
    quotaBytes: e.STORAGE_QUOTA_BYTES,
    maxImagePixels: e.STORAGE_MAX_IMAGE_PIXELS,
  };
}
