import { data, redirect } from "react-router";
import { DEFAULT_ROLE, getUserById, type Role } from "~/queries/users.server";
import type { Services } from "../services.server";

export type SessionUser = { id: string; email: string; name: string; role: Role; sessionId: string };

/** The signed-in user with their role read from the user record, or null. Never throws. */
export async function getSessionUser(
  services: Pick<Services, "auth" | "db" | "logger">,
  request: Request,
): Promise<SessionUser | null> {
  return sessionUserFromHeaders(services, request.headers);
}

/**
 * The same for any request's headers (the Express storage API uses it too, so a disabled account is refused there
 * exactly as on the admin pages).
 */
export async function sessionUserFromHeaders(
  services: Pick<Services, "auth" | "db" | "logger">,
  headers: Headers,
): Promise<SessionUser | null> {
  const { auth, logger } = services;
  try {
    const session = await auth.api.getSession({ headers });
    if (!session) return null;
    const record = await readUserRecord(services, session.user.id);
    // A disabled account's sessions are deleted when it is disabled; this also covers one created in between.
    if (record && record !== "unreadable" && record.banned) return null;
    const role = roleFromRecord(record);
    return {
      id: session.user.id,
      email: session.user.email,
      name: session.user.name,
      role,
      sessionId: session.session.id,
    };
  } catch (err) {
    logger.warn({ err }, "session lookup failed");
    return null;
  }
}

type UserRecord = Awaited<ReturnType<typeof getUserById>>;

async function readUserRecord(
  { db, logger }: Pick<Services, "db" | "logger">,
  userId: string,
): Promise<UserRecord | "unreadable"> {
  try {
    return await getUserById(db, userId);
  } catch (err) {
    logger.warn({ err }, "user record read failed; using the default role");
    return "unreadable";
  }
}

/** The role read from the user record; DEFAULT when the record is missing or could not be read. */
export function roleFromRecord(record: UserRecord | "unreadable" | null): Role {
  if (!record || record === "unreadable") return DEFAULT_ROLE;
  return record.role === "ADMIN" ? "ADMIN" : DEFAULT_ROLE;
}

/** Only same-site absolute paths are allowed as return targets (no open redirect). */
export function safeReturnPath(value: string | null | undefined, fallback = "/admin/dashboard"): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x20)) return fallback;
  try {
    const u = new URL(value, "http://x.invalid");
    if (u.origin !== "http://x.invalid") return fallback;
    return u.pathname + u.search;
  } catch {
    return fallback;
  }
}

export const ACCESS_DENIED_MESSAGE = "Your account does not have access to the admin area.";
/** What a 403 from requireAdmin carries, so the error page can say who is signed in. */
export type AccessDeniedData = { message: string; email: string };

/**
 * First line of every admin loader and action: anonymous visitors are sent to the login page with a safe return
 * path; signed-in users without the ADMIN role get a 403.
 */
export async function requireAdmin(
  services: Pick<Services, "auth" | "db" | "logger">,
  request: Request,
): Promise<SessionUser> {
  const user = await getSessionUser(services, request);
  if (!user) {
    const url = new URL(request.url);
    const back = safeReturnPath(url.pathname + url.search);
    throw redirect(`/admin/login?redirectTo=${encodeURIComponent(back)}`, { headers: { "Cache-Control": "no-store" } });
  }
  if (user.role !== "ADMIN") {
    const denied: AccessDeniedData = { message: ACCESS_DENIED_MESSAGE, email: user.email };
    throw data(denied, { status: 403, statusText: "Forbidden", headers: { "Cache-Control": "no-store" } });
  }
  return user;
}
