import { redirect } from "react-router";
import { requireAdmin } from "../../lib/guard.server";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return redirect("/admin/dashboard", { headers: { "Cache-Control": "no-store" } });
}
