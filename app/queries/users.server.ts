import { randomUUID } from "node:crypto";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "~db/client";
import { accounts, sessions, users, verifications } from "~db/schema";
import { hashPassword } from "../lib/password.server";
import { deleteUserLinks } from "./user-links.server";

/** The tables better-auth reads and writes (users, sessions, accounts, verifications), for its Drizzle adapter. */
export const authTables = { users, sessions, accounts, verifications };

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

/** Every user, with whether they have a password yet (an invited user has none until they accept). */
export function listUsers(db: Database): Promise<(UserSummary & { hasPassword: boolean })[]> {
  return db
    .select({
      ...summaryColumns,
      hasPassword: sql<boolean>`exists (select 1 from ${accounts} where ${accounts.userId} = ${users.id}
        and ${accounts.providerId} = 'credential' and ${accounts.password} is not null)`,
    })
    .from(users)
    .orderBy(asc(users.email));
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

export type UserChangeResult = "ok" | "not-found" | "unchanged" | "last-admin";

/** Active admins, locked for the rest of the transaction so two concurrent demotions cannot both pass. */
async function lockActiveAdminIds(tx: Pick<Database, "select">): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "ADMIN"), sql`coalesce(${users.banned}, false) = false`))
    .for("update");
  return rows.map((r) => r.id);
}

/** Changes a user's role; the last active ADMIN cannot be demoted. */
export async function changeUserRole(db: Database, userId: string, role: Role): Promise<UserChangeResult> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ role: users.role, banned: sql<boolean>`coalesce(${users.banned}, false)` })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!target) return "not-found";
    if (target.role === role) return "unchanged";
    if (target.role === "ADMIN" && !target.banned) {
      const admins = await lockActiveAdminIds(tx);
      if (admins.filter((id) => id !== userId).length === 0) return "last-admin";
    }
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
    return "ok";
  });
}

/**
 * Disables (bans) or re-enables a user. Disabling ends all of their sessions in the same transaction; the last
 * active ADMIN cannot be disabled.
 */
export async function setUserDisabled(db: Database, userId: string, disabled: boolean): Promise<UserChangeResult> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ role: users.role, banned: sql<boolean>`coalesce(${users.banned}, false)` })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!target) return "not-found";
    if (target.banned === disabled) return "unchanged";
    if (disabled && target.role === "ADMIN") {
      const admins = await lockActiveAdminIds(tx);
      if (admins.filter((id) => id !== userId).length === 0) return "last-admin";
    }
    await tx.update(users).set({ banned: disabled, updatedAt: new Date() }).where(eq(users.id, userId));
    if (disabled) {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      // An invitation or reset link must not come back to life when the account is enabled again.
      await deleteUserLinks(tx, userId);
    }
    return "ok";
  });
}

/** Ends every session of a user at once. */
export async function deleteUserSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Staff who asked to hear of each new application (not disabled). */
export function listApplicationNoticeRecipients(db: Database): Promise<{ email: string; name: string }[]> {
  return db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.notifyApplications, true), sql`coalesce(${users.banned}, false) = false`))
    .orderBy(asc(users.email));
}

export async function getApplicationNoticeSetting(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: users.notifyApplications }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.on ?? false;
}

export async function setApplicationNoticeSetting(db: Database, userId: string, on: boolean): Promise<void> {
  await db.update(users).set({ notifyApplications: on, updatedAt: new Date() }).where(eq(users.id, userId));
}
