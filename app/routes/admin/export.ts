import { data } from "react-router";
import { EXPORT_DATASETS, type ExportDataset } from "~/lib/admin-exports";
import { exportCsv } from "~/services/entries/admin-exports.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/export";

/**
 * CSV downloads (applicants, newsletter and podcast subscribers, analytics) as a resource route, so a plain link
 * downloads the file, with or without JavaScript.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const dataset = EXPORT_DATASETS.find((d) => d === params.dataset) as ExportDataset | undefined;
  if (!dataset) throw data("No such export.", { status: 404, headers: { "Cache-Control": "no-store" } });
  return exportCsv(context.services, dataset, new URL(request.url).searchParams);
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context.services, request);
  return new Response("Method not allowed", { status: 405, headers: { Allow: "GET", "Cache-Control": "no-store" } });
}
