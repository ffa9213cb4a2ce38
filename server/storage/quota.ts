import { eq, sql } from "drizzle-orm";
import { storageErrors } from "../../app/lib/storage/errors";
import { mediaObjects } from "../../db/schema";
import type { StorageContext } from "./context";

/**
 * Refuses a write that would take the bucket past its quota: `added` bytes are about to be stored and `freed`
 * bytes of earlier objects they replace are about to go.
 */
export async function assertWithinQuota(ctx: StorageContext, change: { added: number; freed: number }): Promise<void> {
  const r = await ctx.db
    .select({ total: sql<string>`coalesce(sum(${mediaObjects.size}), 0)` })
    .from(mediaObjects)
    .where(eq(mediaObjects.bucket, ctx.bucket));
  const used = Number(r[0]?.total ?? 0);
  if (used - change.freed + change.added > ctx.limits.quotaBytes) throw storageErrors.quotaExceeded(ctx.bucket);
}
