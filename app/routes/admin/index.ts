import { createElement } from "react";
import { redirect } from "react-router";
import { AdminErrorPage } from "~/components/admin/shell/admin-error";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  return redirect("/admin/dashboard", { headers: { "Cache-Control": "no-store" } });
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

// A UI route (not a resource route) so that a refused visit gets the admin "Access denied" page, not plain text.
export default function AdminIndex() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return createElement(AdminErrorPage, { error });
}
