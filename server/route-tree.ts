import type { ServerBuild } from "react-router";
import { matchRoutes, type RouteObject } from "react-router";
import { isPrefixLanguage, LANGUAGE_ROOT_ROUTE } from "~/lib/i18n/languages";

/** Turns React Router's flat route manifest into a tree for matching URL paths to routes outside React Router. */
export function routeTree(build: ServerBuild): RouteObject[] {
  type Manifest = NonNullable<ServerBuild["routes"][string]>;
  const byParent = new Map<string | undefined, Manifest[]>();
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    const list = byParent.get(r.parentId) ?? [];
    list.push(r);
    byParent.set(r.parentId, list);
  }
  const make = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((r) => {
      const children = make(r.id);
      return r.index
        ? ({ id: r.id, index: true, path: r.path } as RouteObject)
        : ({ id: r.id, path: r.path, caseSensitive: r.caseSensitive, children } as RouteObject);
    });
  return make(undefined);
}

/**
 * Whether a path reaches a public page through the optional language segment with something that is not a language
 * in it (`/xx/application`, `/en/newsletter`). Such a page does not exist; React Router would still run the page's
 * action before the language root's loader refuses the address, so form posts there are refused first.
 */
export function unknownLanguagePrefix(tree: RouteObject[], pathname: string): boolean {
  const match = matchRoutes(tree, pagePath(pathname))?.find((m) => m.route.id === LANGUAGE_ROOT_ROUTE);
  const lang = match?.params.lang;
  return lang !== undefined && !isPrefixLanguage(lang);
}

/**
 * The page a request is for, as React Router reads it: the app's own data requests name the page with `.data`
 * added (`/es/application.data` for a form sent from `/es/application` with JavaScript, `/_root.data` for `/`), and a
 * trailing slash is dropped.
 */
export function pagePath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  const path = pathname.endsWith(".data") ? pathname.slice(0, -5) : pathname;
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path || "/";
}
