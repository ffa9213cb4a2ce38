import { type AuditInput, recordAudit } from "~/queries/audit.server";
import type { Services } from "../services.server";

/**
 * Writes a staff action to the audit trail when the action is not an entry change (entry changes write theirs in
 * their own transaction, decision 063): the action has happened, so a failed audit write is logged for operators,
 * never shown to the staff member as a failure.
 */
export function auditStaffAction(services: Pick<Services, "db" | "logger">, entry: AuditInput): Promise<void> {
  return recordAudit(services.db, entry, (err) => services.logger.warn({ err }, "audit failed"));
}
