import { desc } from "drizzle-orm";
import type { Database } from "~db/client";
import { auditLog } from "~db/schema";

export type AuditEntry = typeof auditLog.$inferSelect;

/** Records who changed what and when (shown on the admin dashboard). Never throws: auditing must not break a save. */
export async function recordAudit(
  db: Database,
  entry: {
    user: { id: string; email: string } | null;
    action:
      | "create"
      | "update"
      | "delete"
      | "status"
      | "settings"
      | "role"
      | "disable"
      | "enable"
      | "upload"
      | "send"
      | "accept"
      | "reject";
    entity: string;
    entityId?: string | null;
    summary: string;
  },
  log?: (err: unknown) => void,
): Promise<void> {
  try {
    await db.insert(auditLog).values({
      userId: entry.user?.id ?? null,
      userEmail: entry.user?.email ?? "",
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId ?? null,
      summary: entry.summary.slice(0, 500),
    });
  } catch (err) {
    log?.(err);
  }
}

export function listRecentAudit(db: Database, limit = 20): Promise<AuditEntry[]> {
  return db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit);
}
