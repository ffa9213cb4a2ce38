import { randomUUID } from "node:crypto";
import { and, eq, gt, inArray, isNotNull, like, lte } from "drizzle-orm";
import type { Database, Executor } from "~db/client";
import { accounts, users, verifications } from "~db/schema";
import { newUserRow } from "./user-rows.server";

/**
 * The one-time values behind the links staff receive by e-mail (password reset, invitation), kept in the
 * `verifications` table under `<purpose>:<user id>`, one row per link. A reset someone asks for is added beside the
 * links already sent (a stranger asking again must not cancel a staff member's link); staff sending a new invitation
 * replace the old one. Using a link deletes it, and setting the password deletes every link of the user.
 */
export type UserLinkPurpose = "password-reset" | "staff-invite";
const PURPOSES: UserLinkPurpose[] = ["password-reset", "staff-invite"];

const identifier = (purpose: UserLinkPurpose, userId: string) => `${purpose}:${userId}`;

/** Stores a link's one-time value for a user, after deleting their links of that purpose: all, or the expired ones. */
async function storeUserLink(
  db: Executor,
  link: { purpose: UserLinkPurpose; userId: string; nonce: string; expiresAt: Date },
  drop: "all" | "expired",
): Promise<void> {
  const id = identifier(link.purpose, link.userId);
  const now = new Date();
  const earlier = eq(verifications.identifier, id);
  await db.delete(verifications).where(drop === "all" ? earlier : and(earlier, lte(verifications.expiresAt, now)));
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: id,
    value: link.nonce,
    expiresAt: link.expiresAt,
    createdAt: now,
    updatedAt: now,
  });
}

/** Stores the one-time value of another link for a user, beside the ones still valid (expired ones are dropped). */
export function addUserLink(db: Executor, purpose: UserLinkPurpose, userId: string, nonce: string, expiresAt: Date) {
  return storeUserLink(db, { purpose, userId, nonce, expiresAt }, "expired");
}

/** Stores the one-time value of a new link for a user, replacing any earlier link of that purpose. */
export function replaceUserLink(
  db: Executor,
  purpose: UserLinkPurpose,
  userId: string,
  nonce: string,
  expiresAt: Date,
) {
  return storeUserLink(db, { purpose, userId, nonce, expiresAt }, "all");
}

/** The one-time values of a user's links of one purpose that have not expired. */
export async function listUserLinks(
  db: Executor,
  purpose: UserLinkPurpose,
  userId: string,
): Promise<{ nonce: string; expiresAt: Date }[]> {
  return db
    .select({ nonce: verifications.value, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifier(purpose, userId)), gt(verifications.expiresAt, new Date())));
}

/** Ends every link of a user, of both purposes (their password was set, or their account disabled). */
export async function deleteUserLinks(db: Pick<Database, "delete">, userId: string): Promise<void> {
  await db.delete(verifications).where(
    inArray(
      verifications.identifier,
      PURPOSES.map((p) => identifier(p, userId)),
    ),
  );
}

/** Whether a user has a password (an invited user has none until they accept). */
export async function userHasPassword(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential"), isNotNull(accounts.password)))
    .limit(1);
  return row !== undefined;
}

/** Uses a link: deletes its one-time value if it is still stored and unexpired; false when it was used or ended. */
export async function consumeUserLink(
  db: Executor,
  purpose: UserLinkPurpose,
  userId: string,
  nonce: string,
): Promise<boolean> {
  const rows = await db
    .delete(verifications)
    .where(
      and(
        eq(verifications.identifier, identifier(purpose, userId)),
        eq(verifications.value, nonce),
        gt(verifications.expiresAt, new Date()),
      ),
    )
    .returning({ id: verifications.id });
  return rows.length > 0;
}

/** Users with an invitation not yet accepted (and not expired). */
export async function listPendingInvitations(db: Executor): Promise<Map<string, Date>> {
  const rows = await db
    .select({ identifier: verifications.identifier, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(and(like(verifications.identifier, "staff-invite:%"), gt(verifications.expiresAt, new Date())));
  return new Map(rows.map((r) => [r.identifier.slice("staff-invite:".length), r.expiresAt]));
}

/** Creates a user who has no password yet (an invitation sets it). */
export async function createInvitedUser(
  db: Executor,
  input: { email: string; name: string; role: "ADMIN" | "DEFAULT" },
): Promise<string> {
  const user = newUserRow(input, false);
  await db.insert(users).values(user);
  return user.id;
}

/** Sets a user's password hash (creating the e-mail/password account when the user has none yet). */
export async function setUserPasswordHash(db: Executor, userId: string, passwordHash: string): Promise<void> {
  const now = new Date();
  const updated = await db
    .update(accounts)
    .set({ password: passwordHash, updatedAt: now })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .returning({ id: accounts.id });
  if (updated.length === 0) {
    await db.insert(accounts).values({
      id: randomUUID(),
      accountId: userId,
      providerId: "credential",
      userId,
      password: passwordHash,
      createdAt: now,
      updatedAt: now,
    });
  }
  // Following a link sent to the address proves it is theirs.
  await db.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.id, userId));
}
