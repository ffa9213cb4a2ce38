export type SearchKindName = "location" | "program" | "change-maker" | "resource" | "episode";

/** The message keys of each kind's name, one entry and many ("Place", "Places"). */
export const SEARCH_KIND_LABELS: Record<SearchKindName, { one: string; many: string }> = {
  location: { one: "search.kindLocation", many: "search.kindLocations" },
  program: { one: "search.kindProgram", many: "search.kindPrograms" },
  "change-maker": { one: "search.kindChangeMaker", many: "search.kindChangeMakers" },
  resource: { one: "search.kindResource", many: "search.kindResources" },
  episode: { one: "search.kindEpisode", many: "search.kindEpisodes" },
};
