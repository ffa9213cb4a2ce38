import { data, redirect } from "react-router";
import { isLanguage, localizeHref } from "~/lib/i18n/languages";
import { CONTROL_CHARACTER, sameSitePath } from "~/lib/site-path";
import { serverTranslate } from "~/server-lib/messages.server";
import { languageCookie } from "~/server-lib/negotiate.server";
import type { Route } from "./+types/language";

/**
 * The language switcher's links: `/language/es?to=/location/green-acres` remembers the choice in the preference
 * cookie and sends the visitor to the same page in that language. Plain links and a redirect, so it works without
 * JavaScript. Only paths of this site are followed, judged as a browser would read them (`sameSitePath`); any other
 * target leads to the chosen language's home. A target with a control character is no link the site made: it is
 * refused (400) rather than redirected (browsers drop tabs and line breaks, so `/<tab>/evil.example` is another site).
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isLanguage(params.lang)) throw data("Unknown language", { status: 404 });
  const to = new URL(request.url).searchParams.get("to") ?? "/";
  if (CONTROL_CHARACTER.test(to)) {
    return new Response(serverTranslate(params.lang)("rest.address.control"), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const { siteUrl } = context.services.config;
  const target = sameSitePath(to, siteUrl) ?? "/";
  const secure = siteUrl.startsWith("https://");
  return redirect(localizeHref(target, params.lang), {
    headers: { "Set-Cookie": languageCookie(params.lang, secure), "Cache-Control": "no-store" },
  });
}
