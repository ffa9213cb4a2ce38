import { isLanguage } from "~/lib/i18n/languages";
import { hitHref, suggestNames } from "~/services/search/search.server";
import type { Route } from "./+types/search-suggest";

/**
 * GET /api/search/suggest?q=[&lang=] -> { q, suggestions: [{ kind, name, href }] }: names to offer while a visitor
 * types in a search box, each in `lang` where the entry is translated into it (an unknown language reads as none:
 * originals). The same for everyone, so shared caches may keep an answer for a minute.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = params.get("q") ?? "";
  const lang = params.get("lang");
  const suggestions = await suggestNames(context.services.db, q, 8, isLanguage(lang) ? lang : undefined);
  return Response.json(
    { q, suggestions: suggestions.map((s) => ({ kind: s.kind, name: s.label, href: hitHref(s) })) },
    { headers: { "Cache-Control": "public, max-age=60" } },
  );
}
