import { redirect } from "react-router";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  const res = await context.services.auth.api.signOut({ headers: request.headers, asResponse: true });
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const c of res.headers.getSetCookie()) headers.append("Set-Cookie", c);
  return redirect("/admin/login", { headers });
}

export function loader() {
  return redirect("/admin/login");
}
