import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "~db/client";
import { accounts, sessions, users, verifications } from "~db/schema";
import { hashPassword } from "../server-lib/password.server";
import { rowsOf } from "./sql-helpers.server";
import { deleteUserLinks } from "./user-links.server";
import { newUserRow } from "./user-rows.server";

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

export function getUserByEmail(db: Executor, email: string): Promise<UserSummary | undefined> {
  return db
    .select(summaryColumns)
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1)
    .then((r) => r[0]);
}

export function getUserById(db: Executor, id: string): Promise<UserSummary | undefined> {
  return db
    .select(summaryColumns)
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .then((r) => r[0]);
}

/** Every user, with whether they have a password yet (an invited user has none until they accept). */
export function listUsers(db: Executor): Promise<(UserSummary & { hasPassword: boolean })[]> {
  return db
    .select({
      ...summaryColumns,
      // Qualified by hand: in a one-table select Drizzle writes columns without their table, and an unqualified
      // "id" inside the subquery would be the account's own id, never the user's.
      hasPassword: sql<boolean>`exists (select 1 from ${accounts} as credential where credential.user_id = ${users}.id
        and credential.provider_id = 'credential' and credential.password is not null)`,
    })
    .from(users)
    .orderBy(asc(users.email));
}

/** Creates a user with an e-mail/password credential account (the shape better-auth reads). */
export async function createUserWithPassword(
  db: Executor,
  input: { email: string; name: string; password: string; role: Role },
): Promise<string> {
  const user = newUserRow(input, true);
  const { id, createdAt: now } = user;
  const password = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.insert(users).values(user);
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

/**
 * Whether `userId` is the only active ADMIN. The active admins stay locked for the rest of the transaction, so two
 * concurrent demotions cannot both pass.
 */
async function isLastActiveAdmin(tx: Pick<Database, "select">, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "ADMIN"), sql`coalesce(${users.banned}, false) = false`))
    .for("update");
  return rows.every((r) => r.id === userId);
}

/** A user's role and whether they are disabled, the row locked for the rest of the transaction. */
async function lockUser(tx: Pick<Database, "select">, userId: string) {
  const [target] = await tx
    .select({ role: users.role, banned: sql<boolean>`coalesce(${users.banned}, false)` })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return target;
}

/** Changes a user's role; the last active ADMIN cannot be demoted. */
export async function changeUserRole(db: Executor, userId: string, role: Role): Promise<UserChangeResult> {
  return db.transaction(async (tx) => {
    const target = await lockUser(tx, userId);
    if (!target) return "not-found";
    if (target.role === role) return "unchanged";
    if (target.role === "ADMIN" && !target.banned) {
      if (await isLastActiveAdmin(tx, userId)) return "last-admin";
    }
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
    return "ok";
  });
}

/**
 * Disables (bans) or re-enables a user. Disabling ends all of their sessions in the same transaction; the last
 * active ADMIN cannot be disabled.
 */
export async function setUserDisabled(db: Executor, userId: string, disabled: boolean): Promise<UserChangeResult> {
  return db.transaction(async (tx) => {
    const target = await lockUser(tx, userId);
    if (!target) return "not-found";
    if (target.banned === disabled) return "unchanged";
    if (disabled && target.role === "ADMIN") {
      if (await isLastActiveAdmin(tx, userId)) return "last-admin";
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
export async function deleteUserSessions(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** What a staff member hears of by e-mail, and how (decision 058). */
export type NoticeSettings = {
  /** A notice of each new application. */
  applications: boolean;
  /** A notice of each new suggested place or correction. */
  contributions: boolean;
  /** Both come as one daily digest instead of one message each. */
  digest: boolean;
  /** False while they never saved their settings: the default applies. */
  chosen: boolean;
};
export type NoticeTopic = "applications" | "contributions";

/**
 * The first administrator: the oldest active admin (on a site started with ADMIN_EMAIL, that account, the first
 * user the site ever had). Their notices are on until they choose otherwise.
 */
const firstAdminId = sql`(SELECT f.id FROM users f WHERE f.role = 'ADMIN' AND NOT coalesce(f.banned, false)
  ORDER BY f.created_at, f.id LIMIT 1)`;
const byDefault = sql`${users.noticesChosenAt} IS NULL`;
const effective = {
  applications: sql<boolean>`CASE WHEN ${byDefault} THEN ${users.id} = ${firstAdminId} ELSE ${users.notifyApplications} END`,
  contributions: sql<boolean>`CASE WHEN ${byDefault} THEN ${users.id} = ${firstAdminId} ELSE ${users.notifyContributions} END`,
  digest: sql<boolean>`CASE WHEN ${byDefault} THEN false ELSE ${users.notifyDigest} END`,
};
/** Accounts that may get notices: any not disabled (the settings are saved by each member on their own screen). */
const activeStaff = sql`coalesce(${users.banned}, false) = false`;

/** A staff member's notice settings as they apply (the default until they save their own). */
export async function getNoticeSettings(db: Executor, userId: string): Promise<NoticeSettings> {
  const [row] = await db
    .select({ ...effective, chosen: sql<boolean>`NOT ${byDefault}` })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? { applications: false, contributions: false, digest: false, chosen: false };
}

/** Saves a staff member's own notice settings; from then on the default no longer applies to them. */
export async function setNoticeSettings(
  db: Executor,
  userId: string,
  settings: Omit<NoticeSettings, "chosen">,
): Promise<void> {
  const now = new Date();
  await db
    .update(users)
    .set({
      notifyApplications: settings.applications,
      notifyContributions: settings.contributions,
      notifyDigest: settings.digest,
      noticesChosenAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/** Turns a staff member's application notices on or off, keeping their other settings as they apply now. */
export async function setApplicationNoticeSetting(db: Executor, userId: string, on: boolean): Promise<void> {
  const now = await getNoticeSettings(db, userId);
  await setNoticeSettings(db, userId, { applications: on, contributions: now.contributions, digest: now.digest });
}

/** Active staff who get one message for each new item of a topic (not a digest). */
export function listNoticeRecipients(db: Executor, topic: NoticeTopic): Promise<{ email: string; name: string }[]> {
  return db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(activeStaff, effective[topic], sql`NOT ${effective.digest}`))
    .orderBy(asc(users.email));
}

/** Staff who asked to hear of each new application as it arrives (active, not by digest). */
export function listApplicationNoticeRecipients(db: Executor): Promise<{ email: string; name: string }[]> {
  return listNoticeRecipients(db, "applications");
}

/** Staff whose daily digest is due: active, by digest, with a topic on, and none taken yet this UTC day. */
export function listDigestsDue(db: Executor): Promise<{ id: string }[]> {
  return db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        activeStaff,
        effective.digest,
        sql`(${effective.applications} OR ${effective.contributions})`,
        sql`(${users.digestSentAt} IS NULL OR ${users.digestSentAt} < date_trunc('day', now()))`,
      ),
    )
    .orderBy(asc(users.id));
}

/**
 * Takes a staff member's digest for today, once across instances: the row is locked and its time checked again
 * (another instance that took it first leaves nothing to take). Returns who and what they want, and since when their
 * digest reports (their last one, at most a week back; a day back for their first), or null.
 */
export async function claimDigest(
  db: Executor,
  userId: string,
): Promise<{ email: string; applications: boolean; contributions: boolean; since: Date } | null> {
  const result = await db.execute(sql`
    UPDATE users u SET digest_sent_at = now()
    FROM (SELECT id, digest_sent_at AS prev FROM users WHERE id = ${userId} FOR UPDATE) p
    WHERE u.id = p.id AND (p.prev IS NULL OR p.prev < date_trunc('day', now()))
    RETURNING u.email,
      greatest(coalesce(p.prev, now() - interval '1 day'), now() - interval '7 days') AS since
  `);
  const rows = rowsOf(result);
  const row = rows[0];
  if (!row) return null;
  const settings = await getNoticeSettings(db, userId);
  return {
    email: String(row.email),
    applications: settings.applications,
    contributions: settings.contributions,
    since: new Date(row.since as string | Date),
  };
}
