import { storageErrors } from "~/lib/storage/errors";
import { mediaBytesUsed } from "~/queries/media-objects.server";
import type { StorageContext } from "./context";

/**
 * Refuses a write that would take the bucket past its quota: `added` bytes are about to be stored and `freed`
 * bytes of earlier objects they replace are about to go.
 */
export async function assertWithinQuota(ctx: StorageContext, change: { added: number; freed: number }): Promise<void> {
  const used = await mediaBytesUsed(ctx.db, ctx.bucket);
  if (used - change.freed + change.added > ctx.limits.quotaBytes) throw storageErrors.quotaExceeded(ctx.bucket);
}
