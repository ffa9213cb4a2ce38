import { data } from "react-router";
import { NoFields } from "~/lib/schemas/form";
import { parseForm } from "~/server-lib/form.server";
import { requestEntryCheck } from "~/services/entries/entry-checks.server";
import { redirectWithToast } from "~/services/site/toast.server";
import { auditStaffAction } from "~/services/staff/audit.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/location-check";

/** Staff asking a place's contact, now, to confirm its entry (a button on the place's edit screen). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdmin(context.services, request);
  // The place is in the address; the button's form has no fields.
  await parseForm(request, NoFields);
  const back = `/admin/dashboard/edit/${params.id}`;
  const result = await requestEntryCheck(context.services, params.id);
  switch (result.outcome) {
    case "missing":
      throw data("No location with this id exists. It may have been deleted.", { status: 404 });
    case "no-contact":
      return redirectWithToast(back, "This place has no contact e-mail to ask. Add one first.", "error");
    case "limited":
      return redirectWithToast(back, "Its contact was asked today already. Try again tomorrow.", "error");
    case "sent":
      await auditStaffAction(context.services, {
        user,
        action: "send",
        entity: "location",
        entityId: params.id,
        summary: `Asked ${result.to} to confirm the entry`,
      });
      return redirectWithToast(back, `Asked ${result.to} to confirm the entry.`);
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  throw data("Use the button on the location's edit screen.", { status: 405 });
}
