import { requireAdmin } from "../../lib/guard.server";
import type { Route } from "./+types/site-settings";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { title: "Site settings" };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return new Response("Method not allowed", { status: 405 });
}

export function meta() {
  return [{ title: "Site settings | Admin" }, { name: "robots", content: "noindex" }];
}

export default function Page() {
  return (
    <div>
      <h1 className="text-2xl font-bold">Site settings</h1>
    </div>
  );
}
