import { searchHref } from "~/lib/search-links";
import { suggestNames } from "~/services/search.server";
import type { Route } from "./+types/search-suggest";

/**
 * GET /api/search/suggest?q= -> { q, suggestions: [{ kind, name, href }] }: names to offer while a visitor types in
 * a search box. The same for everyone, so shared caches may keep an answer for a minute.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const suggestions = await suggestNames(context.services.db, q);
  return Response.json(
    { q, suggestions: suggestions.map((s) => ({ kind: s.kind, name: s.name, href: searchHref(s) })) },
    { headers: { "Cache-Control": "public, max-age=60" } },
  );
}
