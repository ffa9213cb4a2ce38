import { data, Link } from "react-router";
import { adminMeta } from "~/components/admin/content/admin-page";
import { PageHeader } from "~/components/admin/shell/page-header";
import { NoFields } from "~/lib/schemas/form";
import { parseForm } from "~/server-lib/form.server";
import { revertRevision } from "~/services/entries/revisions.server";
import { redirectWithToast } from "~/services/site/toast.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/revision-revert";

/** Nothing to show: the revert is a button in the History of an entry's admin screen. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  return data(null, { headers: { "Cache-Control": "no-store" } });
}

/** Puts back the values one revision replaced, then returns to the entry's screen. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdmin(context.services, request);
  // The revision is in the address; the button's form has no fields.
  await parseForm(request, NoFields);
  const id = Number(params.id);
  const outcome = await revertRevision(context.services, user, Number.isSafeInteger(id) ? id : -1);
  if (!outcome.ok) {
    if (outcome.status === 404) throw data(outcome.message, { status: 404 });
    // Back to the entry's screen, where its History is; else to the admin page the button was on.
    return redirectWithToast(outcome.editPath ?? adminPageFrom(request), outcome.message, "error");
  }
  return redirectWithToast(outcome.editPath, `Revision ${id} reverted`);
}

/** The admin page a request came from, by its Referer, when that is a readable address in the admin area. */
function adminPageFrom(request: Request): string {
  const back = request.headers.get("Referer");
  const url = back && URL.canParse(back) ? new URL(back) : null;
  return url?.pathname.startsWith("/admin/") ? url.pathname : "/admin/dashboard";
}

export const meta = () => adminMeta("Revert a revision");

export default function RevertRevisionPage() {
  return (
    <div>
      <PageHeader
        title="Revert a revision"
        description="Revisions are reverted from the History of an entry's screen."
      />
      <Link to="/admin/dashboard" className="font-semibold text-leaf-800 underline">
        Back to the dashboard
      </Link>
    </div>
  );
}
