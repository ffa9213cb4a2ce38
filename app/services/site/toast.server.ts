import { redirect } from "react-router";
import { TOAST_COOKIE as COOKIE } from "~/lib/cookie-names";

const TOAST_VALUE = new RegExp(`(?:^|;\\s*)${COOKIE}=([^;]*)`);

export type Toast = { message: string; type: "success" | "error" | "info" };

/**
 * Redirects and carries a one-time toast message in a short-lived cookie (shown by the root route, then cleared). A
 * message that is a `toast.*` message key is shown in the language of the page it lands on; other text as it is.
 */
export function redirectWithToast(url: string, message: string, type: Toast["type"] = "success", init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  const value = encodeURIComponent(JSON.stringify({ message: message.slice(0, 300), type }));
  headers.append("Set-Cookie", `${COOKIE}=${value}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`);
  return redirect(url, { ...init, headers });
}

/** Reads the pending toast, if any, and the header that clears it. */
export function readToast(request: Request): { toast: Toast | null; clearHeader: string | null } {
  const cookie = request.headers.get("cookie") ?? "";
  const match = cookie.match(TOAST_VALUE);
  if (!match?.[1]) return { toast: null, clearHeader: null };
  const clearHeader = `${COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;
  try {
    const parsed = JSON.parse(decodeURIComponent(match[1])) as Partial<Toast>;
    if (typeof parsed.message !== "string") return { toast: null, clearHeader };
    const type = parsed.type === "error" || parsed.type === "info" ? parsed.type : "success";
    return { toast: { message: parsed.message, type }, clearHeader };
  } catch {
    return { toast: null, clearHeader };
  }
}
