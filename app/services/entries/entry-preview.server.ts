import type { Services } from "../services.server";
import { getSessionUser } from "../staff/guard.server";

/**
 * Staff preview of an entry that is not public (a draft, or an archived entry): its public page, shown only to
 * signed-in staff, never stored by any cache and never indexed. Visitors get the page's 404 as before.
 */
export const PREVIEW_HEADERS: HeadersInit = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/** True when the request comes from staff (the admin role), who may see unpublished entries' pages. */
export async function canPreviewEntries(
  services: Pick<Services, "auth" | "db" | "logger">,
  request: Request,
): Promise<boolean> {
  // Visitors without a cookie cannot be staff: no session lookup for them.
  if (!request.headers.get("Cookie")) return false;
  const user = await getSessionUser(services, request);
  return user?.role === "ADMIN";
}
