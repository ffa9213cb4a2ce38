import { locationPath, programPath } from "./slug";

export type SearchKindName = "location" | "program" | "change-maker" | "resource" | "episode";

/** Where a search result's page is: its own page, a resource's own address, or the episode on the podcast page. */
export function searchHref(hit: { kind: SearchKindName; name: string; key: string }): string {
  switch (hit.kind) {
    case "location":
      return locationPath(hit.name);
    case "program":
      return programPath(hit.name);
    case "change-maker":
      return `/change-makers/${encodeURIComponent(hit.key)}`;
    case "resource":
      return hit.key;
    case "episode":
      return `/podcast#episode-${hit.key}`;
  }
}

export const SEARCH_KIND_LABELS: Record<SearchKindName, { one: string; many: string }> = {
  location: { one: "Place", many: "Places" },
  program: { one: "Program", many: "Programs" },
  "change-maker": { one: "Change-maker", many: "Change-makers" },
  resource: { one: "Resource", many: "Resources" },
  episode: { one: "Podcast episode", many: "Podcast episodes" },
};
