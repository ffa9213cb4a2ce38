import { desc } from "drizzle-orm";
import type { Database, Executor } from "~db/client";
import { auditLog } from "~db/schema";

export type AuditEntry = typeof auditLog.$inferSelect;

export type AuditAction =
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

export type AuditInput = {
  user: { id: string; email: string } | null;
  action: AuditAction;
  entity: string;
  entityId?: string | null;
  summary: string;
};

/**
 * Records who changed what and when, in the change's own transaction when given one: a failure throws, so the change
 * it records is rolled back with it (decision 063).
 */
export async function insertAudit(db: Executor, entry: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    userId: entry.user?.id ?? null,
    userEmail: entry.user?.email ?? "",
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    summary: entry.summary.slice(0, 500),
  });
}

/**
 * Records who changed what and when (shown on the admin dashboard), after a change that has no transaction of its
 * own. Never throws: auditing must not break such a change. Not for use inside a transaction (a failed insert there
 * aborts the transaction): use `insertAudit`.
 */
export async function recordAudit(db: Database, entry: AuditInput, log?: (err: unknown) => void): Promise<void> {
  try {
    await insertAudit(db, entry);
  } catch (err) {
    log?.(err);
  }
}

export function listRecentAudit(db: Database, limit = 20): Promise<AuditEntry[]> {
  return db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit);
}
