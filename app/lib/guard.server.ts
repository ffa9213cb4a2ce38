import type { AppLoadContext } from "react-router";
import { redirect } from "react-router";
import { getUserRole, type Role } from "../queries/users.server";

export type SessionUser = { id: string; email: string; name: string; role: Role; sessionId: string };

/** The signed-in user with their role read from the user record, or null. Never throws. */
export async function getSessionUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  const { auth, db, logger } = context.services;
  try {
    const session = await auth.api.getSession({ headers: request.headers });
    if (!session) return null;
    const role = await getUserRole(db, session.user.id);
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

/**
 * First line of every admin loader and action: anonymous visitors are sent to the login page with a safe return
 * path; signed-in users without the ADMIN role get a 403.
 */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (!user) {
    const url = new URL(request.url);
    const back = safeReturnPath(url.pathname + url.search);
    throw redirect(`/admin/login?redirectTo=${encodeURIComponent(back)}`, { headers: { "Cache-Control": "no-store" } });
  }
  if (user.role !== "ADMIN") {
    throw new Response("You do not have permission to view this page.", {
      status: 403,
      statusText: "Forbidden",
      headers: { "Cache-Control": "no-store" },
    });
  }
  return user;
}
