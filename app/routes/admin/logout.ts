import { redirect } from "react-router";
import { redirectWithToast } from "~/services/site/toast.server";
import type { Route } from "./+types/logout";

const SESSION_COOKIES = ["session_token", "session_data", "dont_remember"];

/**
 * Ends the session on the server and clears its cookies. Open to any signed-in user (not only admins), so that
 * someone on the "Access denied" page can sign out. Cross-site posts never get here (server CSRF guard).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { auth, logger } = context.services;
  const headers = new Headers({ "Cache-Control": "no-store" });
  try {
    const res = await auth.api.signOut({ headers: request.headers, asResponse: true });
    for (const c of res.headers.getSetCookie()) headers.append("Set-Cookie", c);
  } catch (err) {
    logger.warn({ err }, "sign-out failed on the server");
  }
  // Clear the cookies ourselves too, in case there was no valid session for better-auth to end.
  if (headers.getSetCookie().length === 0) {
    const secure = context.services.config.siteUrl.startsWith("https://");
    for (const name of SESSION_COOKIES) {
      const full = `${secure ? "__Secure-" : ""}pc.${name}`;
      headers.append("Set-Cookie", `${full}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`);
    }
  }
  logger.info({ event: "admin_sign_out", ip: context.clientIp }, "sign-out");
  return redirectWithToast("/admin/login", "You have signed out.", "info", { headers });
}

// GET never signs anyone out (no state change on GET): it only leads to the sign-in page.
export function loader() {
  return redirect("/admin/login", { headers: { "Cache-Control": "no-store" } });
}
