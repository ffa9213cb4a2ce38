import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { LANGUAGE_ROOT_ROUTE } from "~/lib/i18n/languages";
import { pagePath, routeTree, unknownLanguagePrefix } from "./route-tree";

// The shape of React Router's route manifest, as the server build provides it: the public pages under the optional
// language segment, a catch-all, and a resource route.
const build = {
  routes: {
    root: { id: "root", path: "" },
    layout: { id: "layout", parentId: "root" },
    [LANGUAGE_ROOT_ROUTE]: { id: LANGUAGE_ROOT_ROUTE, parentId: "layout", path: ":lang?" },
    home: { id: "home", parentId: LANGUAGE_ROOT_ROUTE, index: true },
    application: { id: "application", parentId: LANGUAGE_ROOT_ROUTE, path: "application" },
    map: { id: "map", parentId: LANGUAGE_ROOT_ROUTE, path: "map" },
    splat: { id: "splat", parentId: "layout", path: "*" },
    language: { id: "language", parentId: "root", path: "language/:lang" },
  },
} as unknown as ServerBuild;
const tree = routeTree(build);

describe("a public page behind something that is not a language", () => {
  it("is recognised in page addresses and in the app's data requests alike", () => {
    for (const path of ["/xx/application", "/xx/application.data", "/en/map", "/xx", "/xx.data", "/EN/application"]) {
      expect({ path, refused: unknownLanguagePrefix(tree, path) }).toEqual({ path, refused: true });
    }
  });

  it("leaves every real page alone, in every language, with or without JavaScript", () => {
    const pages = ["/", "/_root.data", "/es", "/es.data", "/application", "/application.data", "/es/application"];
    for (const path of [...pages, "/es/application.data", "/map", "/de/map/", "/language/xx", "/no/such/page"]) {
      expect({ path, refused: unknownLanguagePrefix(tree, path) }).toEqual({ path, refused: false });
    }
  });
});

describe("the page a request is for", () => {
  it("reads data requests and trailing slashes as React Router does", () => {
    expect(pagePath("/_root.data")).toBe("/");
    expect(pagePath("/es.data")).toBe("/es");
    expect(pagePath("/es/location/a-place.data")).toBe("/es/location/a-place");
    expect(pagePath("/locations/")).toBe("/locations");
    expect(pagePath("/")).toBe("/");
  });
});
