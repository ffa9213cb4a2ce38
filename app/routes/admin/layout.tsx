import { Link, Outlet } from "react-router";
import { requireAdmin } from "../../lib/guard.server";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  return { user: { email: user.email, name: user.name } };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-screen bg-stone-50">
      <header className="border-b bg-white px-4 py-3">
        <Link to="/admin/dashboard" className="font-bold text-leaf-800">
          Admin
        </Link>
        <span className="ml-4 text-sm text-stone-600">{loaderData.user.email}</span>
      </header>
      <main id="main" className="p-6">
        <Outlet />
      </main>
    </div>
  );
}
