import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { DEFAULT_LANGUAGE, LANGUAGE_ROOT_ROUTE, LANGUAGES } from "./lib/i18n/languages";
import routes from "./routes";

/** The route config as React Router matches it (ids as the build gives them: the file without its extension). */
function toRouteObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((e) => {
    const id = e.id ?? e.file.replace(/\.[jt]sx?$/, "");
    return e.index
      ? ({ id, index: true } as RouteObject)
      : ({ id, path: e.path, children: toRouteObjects(e.children ?? []) } as RouteObject);
  });
}

const config = routes as RouteConfigEntry[];
const tree = toRouteObjects(config);
const languageRoot = config
  .find((r) => r.file === "routes/public-layout.tsx")
  ?.children?.find((r) => r.id === LANGUAGE_ROOT_ROUTE);
const pages = (languageRoot?.children ?? []).map((r) => ({
  id: r.id ?? r.file.replace(/\.[jt]sx?$/, ""),
  path: r.index ? "" : (r.path ?? ""),
}));
// Values a page's parameter may take that are also the names of pages or languages: the likeliest to be misread.
const names = [...new Set(pages.flatMap((p) => p.path.split("/")).filter((s) => s && !s.startsWith(":")))];
const values = ["green-acres", ...names, ...LANGUAGES];

describe("every public address", () => {
  it("reaches its own page, in every language, whatever its values are", () => {
    expect(pages.length).toBeGreaterThan(15);
    const wrong: string[] = [];
    for (const page of pages) {
      const params = page.path.split("/").filter((s) => s.startsWith(":"));
      // Each parameter in turn takes every tricky value, the others a plain one.
      const fills = params.length === 0 ? [{}] : params.flatMap((p) => values.map((v) => ({ [p]: v })));
      for (const fill of fills) {
        const rest = page.path
          .split("/")
          .map((s) => (s.startsWith(":") ? ((fill as Record<string, string>)[s] ?? "x") : s))
          .join("/");
        for (const lang of LANGUAGES) {
          const prefix = lang === DEFAULT_LANGUAGE ? "" : `/${lang}`;
          const address = `${prefix}/${rest}`.replace(/\/$/, "") || "/";
          const matches = matchRoutes(tree, address) ?? [];
          const leaf = matches.at(-1)?.route.id;
          const readLang = matches.find((m) => m.route.id === LANGUAGE_ROOT_ROUTE)?.params.lang;
          const expectedLang = lang === DEFAULT_LANGUAGE ? undefined : lang;
          if (leaf !== page.id || readLang !== expectedLang) {
            wrong.push(`${address}: ${leaf} with language ${readLang}, not ${page.id} with ${expectedLang}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
