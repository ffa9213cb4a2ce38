import { data, useRouteLoaderData } from "react-router";
import { AdminErrorPage } from "~/components/admin/shell/admin-error";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/not-found";

// Unknown admin paths are guarded too: only an admin learns that a path does not exist.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  throw data("There is no admin page at this address.", { status: 404, headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context.services, request);
  throw data("There is no admin page at this address.", { status: 404, headers: { "Cache-Control": "no-store" } });
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export function meta() {
  // The title comes from the error page this route always renders (a second <title> would not conform).
  return [{ name: "robots", content: "noindex" }];
}

export default function AdminNotFound() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Under /admin/dashboard the layout's shell wraps this page; at /admin/<unknown> there is no shell.
  const shell = useRouteLoaderData("routes/admin/layout");
  return <AdminErrorPage error={error} embedded={Boolean(shell)} />;
}
