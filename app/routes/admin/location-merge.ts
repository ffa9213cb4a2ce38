import { data } from "react-router";
import { formId } from "~/lib/schemas/form";
import { z } from "~/lib/zod";
import { parseForm } from "~/server-lib/form.server";
import { mergeLocations } from "~/services/entries/merge.server";
import { redirectWithToast } from "~/services/site/toast.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/location-merge";

const MergeSchema = z.object({ duplicate: formId("duplicate to merge") });

/** Staff merging a likely duplicate into this place (a button in the place's "Possible duplicates"). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdmin(context.services, request);
  const { duplicate } = await parseForm(request, MergeSchema);
  const back = `/admin/dashboard/edit/${params.id}`;
  const outcome = await mergeLocations(context.services, user, params.id, duplicate);
  if (!outcome.ok) {
    if (outcome.status === 404) throw data(outcome.message, { status: 404 });
    return redirectWithToast(back, outcome.message, "error");
  }
  return redirectWithToast(back, `Merged "${outcome.removedName}" into this place; its address now leads here`);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  throw data("Use the button in the place's possible duplicates.", { status: 405 });
}
