import { data } from "react-router";
import type { Route } from "./+types/program";

export function loader({ params }: Route.LoaderArgs) {
  throw data(`Not found: ${params.slug}`, { status: 404 });
}

export default function Page() {
  return null;
}
