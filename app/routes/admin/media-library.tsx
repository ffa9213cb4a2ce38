import { data } from "react-router";
import { MediaLibrary } from "~/components/admin/media/media-library";
import { PageHeader } from "~/components/admin/shell/page-header";
import type { StorageListResult } from "~/lib/storage/paths";
import { requireAdmin } from "~/services/guard.server";
import type { Route } from "./+types/media-library";

const FIRST_PAGE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { storage, logger } = context.services;
  let initial: StorageListResult | null = null;
  if (storage) {
    try {
      initial = await storage.list({ prefix: "", delimiter: "/", maxResults: FIRST_PAGE });
    } catch (err) {
      // The screen still works: the browser loads the list itself and shows any error there.
      logger.warn({ err }, "media library: first page failed");
    }
  }
  return data({ initial, available: Boolean(storage) }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  // Uploads, deletes and link changes go through /api/storage (with progress and retries), not this route.
  return new Response("Method not allowed", { status: 405, headers: { Allow: "GET", "Cache-Control": "no-store" } });
}

export function meta() {
  return [{ title: "Media library | Admin" }, { name: "robots", content: "noindex" }];
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Media library"
        description="Images, PDFs and audio for locations, programs, change-makers and episodes. Links work only with their current token: make a new link to revoke an old one."
      />
      {loaderData.available ? (
        <MediaLibrary initial={loaderData.initial ?? undefined} />
      ) : (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-red-900">
          File storage is not configured on this server.
        </p>
      )}
    </>
  );
}
