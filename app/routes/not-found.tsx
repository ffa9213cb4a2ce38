import { data } from "react-router";
import { NotFoundContent } from "../components/shell/not-found-content";

/** Any unknown public path: a real 404 status, rendered inside the shell by the public layout's ErrorBoundary. */
export function loader() {
  throw data("Page not found", { status: 404 });
}

export default function NotFound() {
  return <NotFoundContent />;
}
