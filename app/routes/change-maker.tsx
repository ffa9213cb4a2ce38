import { data } from "react-router";
import type { Route } from "./+types/change-maker";

export function loader({ params }: Route.LoaderArgs) {
  throw data(`Not found: ${params.id}`, { status: 404 });
}

export default function Page() {
  return null;
}
