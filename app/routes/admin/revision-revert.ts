import { data } from "react-router";
import { requireAdmin } from "../../services/guard.server";
import { revertRevision } from "../../services/revisions.server";
import { redirectWithToast } from "../../services/toast.server";
import type { Route } from "./+types/revision-revert";

/** Nothing to show: the revert is a button on the entry's admin screen. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}

/** Puts back the values one revision replaced, then returns to the entry's screen. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdmin(request, context);
  const id = Number(params.id);
  const outcome = await revertRevision(context.services, user, Number.isSafeInteger(id) ? id : -1);
  if (!outcome.ok) {
    if (outcome.status === 404) throw data(outcome.message, { status: 404 });
    const back = request.headers.get("Referer");
    const path = back ? new URL(back).pathname : "/admin/dashboard";
    return redirectWithToast(path.startsWith("/admin/") ? path : "/admin/dashboard", outcome.message, "error");
  }
  return redirectWithToast(outcome.editPath, `Revision ${id} reverted`);
}
