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

/** The message keys of each kind's name, one entry and many ("Place", "Places"). */
export const SEARCH_KIND_LABELS: Record<SearchKindName, { one: string; many: string }> = {
  location: { one: "search.kindLocation", many: "search.kindLocations" },
  program: { one: "search.kindProgram", many: "search.kindPrograms" },
  "change-maker": { one: "search.kindChangeMaker", many: "search.kindChangeMakers" },
  resource: { one: "search.kindResource", many: "search.kindResources" },
  episode: { one: "search.kindEpisode", many: "search.kindEpisodes" },
};
