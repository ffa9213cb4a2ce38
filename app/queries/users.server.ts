import { randomUUID } from "node:crypto";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { accounts, sessions, users } from "../../db/schema";
import { hashPassword } from "../lib/password.server";

export type Role = "ADMIN" | "DEFAULT";
export const DEFAULT_ROLE: Role = "DEFAULT";

export type UserSummary = {
  id: string;
  name: string;
  email: string;
  role: Role;
  banned: boolean;
  createdAt: Date;
};

const summaryColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  banned: sql<boolean>`coalesce(${users.banned}, false)`,
  createdAt: users.createdAt,
};

export function getUserByEmail(db: Database, email: string): Promise<UserSummary | undefined> {
  return db
    .select(summaryColumns)
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1)
    .then((r) => r[0]);
}

export function getUserById(db: Database, id: string): Promise<UserSummary | undefined> {
  return db
    .select(summaryColumns)
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .then((r) => r[0]);
}

/** The user's role from their record; DEFAULT when the record is missing or the read fails (spec section 4). */
export async function getUserRole(db: Database, userId: string): Promise<Role> {
  try {
    const user = await getUserById(db, userId);
    return user?.role === "ADMIN" ? "ADMIN" : DEFAULT_ROLE;
  } catch {
    return DEFAULT_ROLE;
  }
}

export function listUsers(db: Database): Promise<UserSummary[]> {
  return db.select(summaryColumns).from(users).orderBy(asc(users.email));
}

export function countAdmins(db: Database): Promise<number> {
  return db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "ADMIN"), sql`coalesce(${users.banned}, false) = false`))
    .then((r) => r[0]?.n ?? 0);
}

/** Creates a user with an e-mail/password credential account (the shape better-auth reads). */
export async function createUserWithPassword(
  db: Database,
  input: { email: string; name: string; password: string; role: Role },
): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  const password = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id,
      name: input.name,
      email: input.email.trim().toLowerCase(),
      emailVerified: true,
      role: input.role,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(accounts).values({
      id: randomUUID(),
      accountId: id,
      providerId: "credential",
      userId: id,
      password,
      createdAt: now,
      updatedAt: now,
    });
  });
  return id;
}

/** Ends every session of a user at once. */
export async function deleteUserSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
