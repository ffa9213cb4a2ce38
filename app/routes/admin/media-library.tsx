import { data } from "react-router";
import { PageHeader } from "../../components/admin/shell/page-header";
import { requireAdmin } from "../../lib/guard.server";
import type { Route } from "./+types/media-library";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return data(null, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return new Response("Method not allowed", { status: 405, headers: { Allow: "GET", "Cache-Control": "no-store" } });
}

export function meta() {
  return [{ title: "Media library | Admin" }, { name: "robots", content: "noindex" }];
}

export default function Page() {
  return (
    <>
      <PageHeader title="Media library" />
      <section className="max-w-2xl rounded-lg border border-stone-200 bg-white p-5 text-stone-800 shadow-sm">
        <h2 className="text-lg font-semibold text-stone-900">Not available yet</h2>
        <p className="mt-2">
          Uploaded images and files, with their stored metadata, will be listed and managed here. The media library is
          delivered separately (see the Media library issue); images can still be set on each location, program and
          change-maker form.
        </p>
      </section>
    </>
  );
}
