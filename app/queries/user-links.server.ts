import { randomUUID } from "node:crypto";
import { and, eq, gt, like } from "drizzle-orm";
import type { Database } from "~db/client";
import { accounts, users, verifications } from "~db/schema";

/**
 * The one-time values behind the links staff receive by e-mail (password reset, invitation), kept in the
 * `verifications` table under `<purpose>:<user id>`. A new link replaces the previous one; using a link deletes it.
 */
export type UserLinkPurpose = "password-reset" | "staff-invite";

const identifier = (purpose: UserLinkPurpose, userId: string) => `${purpose}:${userId}`;

/** Stores the one-time value of a new link for a user, replacing any earlier link of that purpose. */
export async function replaceUserLink(
  db: Database,
  purpose: UserLinkPurpose,
  userId: string,
  nonce: string,
  expiresAt: Date,
): Promise<void> {
  const id = identifier(purpose, userId);
  await db.delete(verifications).where(eq(verifications.identifier, id));
  const now = new Date();
  await db
    .insert(verifications)
    .values({ id: randomUUID(), identifier: id, value: nonce, expiresAt, createdAt: now, updatedAt: now });
}

/** The one-time value of a user's current link, when it has not expired. */
export async function getUserLink(
  db: Database,
  purpose: UserLinkPurpose,
  userId: string,
): Promise<{ nonce: string; expiresAt: Date } | null> {
  const [row] = await db
    .select({ nonce: verifications.value, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifier(purpose, userId)), gt(verifications.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/** Uses a link: deletes its one-time value if it is still the current one; false when it was used or replaced. */
export async function consumeUserLink(
  db: Database,
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
export async function listPendingInvitations(db: Database): Promise<Map<string, Date>> {
  const rows = await db
    .select({ identifier: verifications.identifier, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(and(like(verifications.identifier, "staff-invite:%"), gt(verifications.expiresAt, new Date())));
  return new Map(rows.map((r) => [r.identifier.slice("staff-invite:".length), r.expiresAt]));
}

/** Creates a user who has no password yet (an invitation sets it). */
export async function createInvitedUser(
  db: Database,
  input: { email: string; name: string; role: "ADMIN" | "DEFAULT" },
): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  await db.insert(users).values({
    id,
    name: input.name,
    email: input.email.trim().toLowerCase(),
    emailVerified: false,
    role: input.role,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/** Sets a user's password hash (creating the e-mail/password account when the user has none yet). */
export async function setUserPasswordHash(db: Database, userId: string, passwordHash: string): Promise<void> {
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
