import { Outlet, useRouteLoaderData } from "react-router";
import { UploadLimitContext } from "~/components/admin/media/upload-zone";
import { AdminErrorPage } from "~/components/admin/shell/admin-error";
import { AdminShell } from "~/components/admin/shell/admin-shell";
import { STORAGE_MAX_UPLOAD_BYTES } from "~/lib/storage/limits";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(context.services, request);
  // The upload limit the storage service enforces (STORAGE_MAX_UPLOAD_BYTES may change it), for the upload hints.
  const maxUploadBytes = context.services.storage?.limits.maxUploadBytes ?? STORAGE_MAX_UPLOAD_BYTES;
  return { user: { email: user.email, name: user.name }, maxUploadBytes };
}

/** Admin pages are private to one person: never stored by the browser or a shared cache (errors included). */
export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell email={loaderData.user.email}>
      <UploadLimitContext.Provider value={loaderData.maxUploadBytes}>
        <Outlet />
      </UploadLimitContext.Provider>
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // When the shell itself loaded (the error came from a screen inside it), keep the shell around the message.
  const data = useRouteLoaderData<typeof loader>("routes/admin/layout");
  if (!data) return <AdminErrorPage error={error} />;
  return (
    <AdminShell email={data.user.email}>
      <AdminErrorPage error={error} embedded />
    </AdminShell>
  );
}
