import { randomUUID } from "node:crypto";
import type { users } from "~db/schema";

type UserRole = NonNullable<(typeof users.$inferInsert)["role"]>;

/** A new user's row: a fresh id, the address as sign-in compares it (trimmed, lower case), created now. */
export function newUserRow(input: { email: string; name: string; role: UserRole }, emailVerified: boolean) {
  const now = new Date();
  return {
    id: randomUUID(),
    name: input.name,
    email: input.email.trim().toLowerCase(),
    emailVerified,
    role: input.role,
    createdAt: now,
    updatedAt: now,
  };
}
