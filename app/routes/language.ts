import { data, redirect } from "react-router";
import { isLanguage, localizeHref } from "~/lib/i18n/languages";
import { languageCookie } from "~/lib/i18n/negotiate.server";
import type { Route } from "./+types/language";

/**
 * The language switcher's links: `/language/es?to=/location/green-acres` remembers the choice in the preference
 * cookie and sends the visitor to the same page in that language. Plain links and a redirect, so it works without
 * JavaScript. Only site paths are followed (`to` must start with a single slash).
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isLanguage(params.lang)) throw data("Unknown language", { status: 404 });
  const to = new URL(request.url).searchParams.get("to") ?? "/";
  const target = /^\/(?![/\\])/.test(to) ? to : "/";
  const secure = context.services.config.siteUrl.startsWith("https://");
  return redirect(localizeHref(target, params.lang), {
    headers: { "Set-Cookie": languageCookie(params.lang, secure), "Cache-Control": "no-store" },
  });
}
