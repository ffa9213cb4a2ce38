import { SITE_NAME } from "~/lib/constants";
import { hashPassword } from "~/server-lib/password.server";

export { RESET_REQUESTED_MESSAGE } from "~/lib/schemas/staff-links";

import {
  addUserLink,
  consumeUserLink,
  createInvitedUser,
  deleteUserLinks,
  listPendingInvitations,
  listUserLinks,
  replaceUserLink,
  setUserPasswordHash,
  type UserLinkPurpose,
  userHasPassword,
} from "~/queries/user-links.server";
import { deleteUserSessions, getUserByEmail, getUserById, type Role } from "~/queries/users.server";
import { withinMailCaps } from "../mail/caps.server";
import { newNonce, sameNonce, signToken, verifyToken } from "../mail/tokens.server";
import type { Services } from "../services.server";
import { hitClientRateLimit } from "../site/rate-limits.server";

const HOUR_MS = 60 * 60_000;
/** A password-reset link works for an hour; an invitation for a week. */
export const RESET_LINK_MS = HOUR_MS;
export const INVITE_LINK_MS = 7 * 24 * HOUR_MS;
/** At most this many reset e-mails to one address an hour (the form cannot flood a mailbox). */
export const RESETS_PER_ADDRESS_PER_HOUR = 3;

function linkUrl(
  services: Pick<Services, "mail" | "config">,
  purpose: UserLinkPurpose,
  userId: string,
  nonce: string,
  ttlMs: number,
) {
  const token = signToken(services.config.authSecret, {
    p: purpose,
    s: userId,
    e: Math.floor((Date.now() + ttlMs) / 1000),
    n: nonce,
  });
  return services.mail.url("/admin/reset-password", { token });
}

/**
 * "Forgot your password?": counts the request against the client (the one answer that differs: "limited", 429),
 * then, after the answer is sent, queues a single-use link valid for an hour to an existing, enabled account. The
 * caller shows the same answer whatever happened, and it takes as long whatever the address (decision 054).
 */
export async function requestPasswordReset(
  services: Pick<Services, "db" | "mail" | "config">,
  email: string,
  clientIp: string,
): Promise<{ outcome: "answered" } | { outcome: "limited"; retryAfterMs: number }> {
  const client = await hitClientRateLimit(services, "passwordReset", clientIp);
  if (!client.allowed) return { outcome: "limited", retryAfterMs: client.retryAfterMs };
  services.mail.afterAnswer("password reset", () => sendPasswordReset(services, email));
  return { outcome: "answered" };
}

/**
 * The reset link of an existing, enabled account, at most RESETS_PER_ADDRESS_PER_HOUR an hour to its mailbox. It is
 * added beside the links already sent: someone asking again cannot cancel the one the staff member is about to use.
 */
export async function sendPasswordReset(
  services: Pick<Services, "db" | "mail" | "config">,
  email: string,
): Promise<"sent" | "none" | "limited"> {
  const { db, mail } = services;
  const user = await getUserByEmail(db, email);
  if (!user || user.banned) return "none";
  const allowed = await withinMailCaps(services, {
    kind: "password-reset",
    to: user.email,
    perMailbox: RESETS_PER_ADDRESS_PER_HOUR,
    windowMs: HOUR_MS,
  });
  if (!allowed) return "limited";
  const nonce = newNonce();
  await db.transaction(async (tx) => {
    await addUserLink(tx, "password-reset", user.id, nonce, new Date(Date.now() + RESET_LINK_MS));
    await mail.enqueue(tx, {
      kind: "password-reset",
      to: user.email,
      content: {
        subject: `Choose a new password for ${SITE_NAME}`,
        paragraphs: [
          `Hello ${user.name},`,
          `Someone, hopefully you, asked to reset the password of the ${SITE_NAME} admin account for this address.`,
          "The button below lets you choose a new one. It works once, within the next hour; signing in with the new password signs you out everywhere else.",
        ],
        action: {
          label: "Choose a new password",
          url: linkUrl(services, "password-reset", user.id, nonce, RESET_LINK_MS),
        },
        after: ["If you did not ask for this, ignore this message: your password stays as it is."],
      },
    });
  });
  return "sent";
}

export type StaffLink =
  | { valid: true; purpose: UserLinkPurpose; userId: string; name: string; email: string }
  | { valid: false };

/** What a reset or invitation link opens: its user, when the link is signed, unexpired, unused and current. */
export async function checkStaffLink(
  services: Pick<Services, "db" | "config">,
  token: string | null,
): Promise<StaffLink> {
  for (const purpose of ["password-reset", "staff-invite"] as const) {
    const payload = verifyToken(services.config.authSecret, token, purpose);
    if (!payload) continue;
    const [stored, user] = await Promise.all([
      listUserLinks(services.db, purpose, payload.s),
      getUserById(services.db, payload.s),
    ]);
    if (!user || user.banned || !stored.some((link) => sameNonce(link.nonce, payload.n))) return { valid: false };
    return { valid: true, purpose, userId: user.id, name: user.name, email: user.email };
  }
  return { valid: false };
}

/**
 * Sets the password chosen through a link and uses the link up, in one transaction; every other link of the user
 * (earlier reset requests, an invitation) ends with it, and so does every session (a reset after a stolen password
 * locks the thief out). False when the link no longer works.
 */
export async function completeStaffLink(
  services: Pick<Services, "db" | "config">,
  token: string,
  password: string,
): Promise<{ ok: true; userId: string; email: string; purpose: UserLinkPurpose } | { ok: false }> {
  const link = await checkStaffLink(services, token);
  if (!link.valid) return { ok: false };
  const payload = verifyToken(services.config.authSecret, token, link.purpose);
  const hash = await hashPassword(password);
  const used = await services.db.transaction(async (tx) => {
    if (!payload?.n || !(await consumeUserLink(tx, link.purpose, link.userId, payload.n))) return false;
    await setUserPasswordHash(tx, link.userId, hash);
    await deleteUserLinks(tx, link.userId);
    await deleteUserSessions(tx, link.userId);
    return true;
  });
  return used ? { ok: true, userId: link.userId, email: link.email, purpose: link.purpose } : { ok: false };
}

function invitationMessage(services: Pick<Services, "mail">, name: string, role: Role, url: string, invitedBy: string) {
  return {
    subject: `You are invited to help run ${SITE_NAME}`,
    paragraphs: [
      `Hello ${name},`,
      `${invitedBy} has invited you to the ${SITE_NAME} admin area${role === "ADMIN" ? " as an administrator" : ""}.`,
      "Choose your password with the button below to accept. The link works once, within seven days.",
    ],
    action: { label: "Choose my password", url },
    after: [`Once your password is set, sign in at ${services.mail.url("/admin/login")}.`],
  };
}

/** Creates a user without a password and queues their invitation, in one transaction. */
export async function inviteStaff(
  services: Pick<Services, "db" | "mail" | "config">,
  input: { name: string; email: string; role: Role },
  invitedBy: string,
): Promise<string> {
  const { db, mail } = services;
  const nonce = newNonce();
  return db.transaction(async (tx) => {
    const id = await createInvitedUser(tx, input);
    await replaceUserLink(tx, "staff-invite", id, nonce, new Date(Date.now() + INVITE_LINK_MS));
    const url = linkUrl(services, "staff-invite", id, nonce, INVITE_LINK_MS);
    await mail.enqueue(tx, {
      kind: "staff-invite",
      to: input.email.trim().toLowerCase(),
      content: invitationMessage(services, input.name, input.role, url, invitedBy),
    });
    return id;
  });
}

/**
 * Whether staff may send a user a (new) invitation: their invitation is still open, or they never chose a password
 * (it expired, or was ended when the account was disabled) and the account is enabled.
 */
export async function mayInviteAgain(
  services: Pick<Services, "db">,
  user: { id: string; banned: boolean },
): Promise<boolean> {
  if (user.banned) return false;
  if ((await listPendingInvitations(services.db)).has(user.id)) return true;
  return !(await userHasPassword(services.db, user.id));
}

/** Sends a new invitation (the old link stops working). */
export async function resendInvitation(
  services: Pick<Services, "db" | "mail" | "config">,
  user: { id: string; name: string; email: string; role: Role },
  invitedBy: string,
): Promise<void> {
  const { db, mail } = services;
  const nonce = newNonce();
  await db.transaction(async (tx) => {
    await replaceUserLink(tx, "staff-invite", user.id, nonce, new Date(Date.now() + INVITE_LINK_MS));
    const url = linkUrl(services, "staff-invite", user.id, nonce, INVITE_LINK_MS);
    await mail.enqueue(tx, {
      kind: "staff-invite",
      to: user.email,
      content: invitationMessage(services, user.name, user.role, url, invitedBy),
    });
  });
}

export { listPendingInvitations };
