import { data } from "react-router";
import { isPrefixLanguage } from "~/lib/i18n/languages";
import type { Route } from "./+types/language-root";

/**
 * The optional language segment above every public page (`/es/locations`, `/locations`): a first segment that is
 * not a prefixed language (`/xx/locations`, `/en/map`) is a page that does not exist, answered inside the shell by
 * the public layout's error page, like any unknown address. Form posts to such an address are refused before any
 * action runs (`server/route-tree.ts`). No component: the page below renders in its place.
 */
export function loader({ params }: Route.LoaderArgs) {
  if (params.lang !== undefined && !isPrefixLanguage(params.lang)) throw data("Page not found", { status: 404 });
  return null;
}
