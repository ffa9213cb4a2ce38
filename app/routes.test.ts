import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { DEFAULT_LANGUAGE, LANGUAGES } from "./lib/i18n/languages";
import routes from "./routes";

/** The id the build gives a route: its own, or its file without the extension. */
const idOf = (e: RouteConfigEntry) => e.id ?? e.file.replace(/\.[jt]sx?$/, "");

/** The route config as React Router matches it. */
function toRouteObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((e) =>
    e.index
      ? ({ id: idOf(e), index: true } as RouteObject)
      : ({ id: idOf(e), path: e.path, children: toRouteObjects(e.children ?? []) } as RouteObject),
  );
}

const config = routes as RouteConfigEntry[];
const tree = toRouteObjects(config);
// The English pages: the public layout's children whose ids carry no language (the other languages' copies do).
const pages = (config.find((r) => r.file === "routes/public-layout.tsx")?.children ?? [])
  .filter((r) => !/^[a-z]{2}\//.test(r.id ?? ""))
  .map((r) => ({ id: idOf(r), path: r.index ? "" : (r.path ?? "") }));
// Values a page's parameter may take that are also the names of pages or languages: the likeliest to be misread.
const names = [...new Set(pages.flatMap((p) => p.path.split("/")).filter((s) => s && !s.startsWith(":")))];
const values = ["green-acres", ...names, ...LANGUAGES];

describe("every public address", () => {
  it("reaches its own page in its own language, whatever its values are", () => {
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
          const english = lang === DEFAULT_LANGUAGE;
          const address = `${english ? "" : `/${lang}`}/${rest}`.replace(/\/$/, "") || "/";
          const expected = english ? page.id : `${lang}/${page.id}`;
          const leaf = matchRoutes(tree, address)?.at(-1)?.route.id;
          if (leaf !== expected) wrong.push(`${address}: ${leaf}, not ${expected}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("leaves an address under an unknown prefix to the not-found page", () => {
    for (const address of ["/xx/locations", "/en/map", "/xx", "/es/xx"]) {
      expect({ address, leaf: matchRoutes(tree, address)?.at(-1)?.route.id }).toEqual({
        address,
        leaf: address.startsWith("/es/") ? "es/routes/not-found" : "routes/not-found",
      });
    }
  });
});
