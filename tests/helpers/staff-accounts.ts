import { createUserWithPassword, type Role } from "~/queries/users.server";
import type { Executor } from "~db/client";

/** The password of the staff accounts tests make where nobody signs in with it (the session is stood in for). */
export const STAFF_PASSWORD = "a-long-test-password-123";

/** A staff account with STAFF_PASSWORD, an administrator unless `role` says otherwise: its user id. */
export function staffAccount(db: Executor, email: string, name: string, role: Role = "ADMIN"): Promise<string> {
  return createUserWithPassword(db, { email, name, password: STAFF_PASSWORD, role });
}
