/** The project category taxonomy: the source of focus areas. */
export const PROJECT_CATEGORIES = [
  {
    id: "agriculture",
    name: "Agriculture & Food Production",
    subcategories: [
      "Regenerative Agriculture",
      "Sustainable Farming",
      "Aquaponics",
      "Grass-Fed Livestock",
      "Holistic Grazing",
      "Soil Health",
    ],
  },
  {
    id: "building",
    name: "Building & Infrastructure",
    subcategories: ["Natural Building", "Off-grid Systems", "Sustainable Design", "Water Management"],
  },
  {
    id: "education",
    name: "Education & Community",
    subcategories: ["Youth Education", "Environmental Education", "Community Engagement", "Sustainable Living"],
  },
  {
    id: "conservation",
    name: "Conservation & Restoration",
    subcategories: ["Marine Conservation", "Coral Restoration", "Ocean Repair", "Land Restoration"],
  },
  {
    id: "waste",
    name: "Waste & Resource Management",
    subcategories: ["Community Composting", "Waste Management", "Resource Conservation"],
  },
  {
    id: "tourism",
    name: "Business & Tourism",
    subcategories: ["Agritourism", "Sustainable Tourism", "Eco-tourism"],
  },
] as const;

export type ProjectCategoryId = (typeof PROJECT_CATEGORIES)[number]["id"];
export type FocusAreaName = (typeof PROJECT_CATEGORIES)[number]["subcategories"][number];

/** All subcategories as one flat list. */
export function allSubcategories(): { name: FocusAreaName; categoryId: ProjectCategoryId; categoryName: string }[] {
  return PROJECT_CATEGORIES.flatMap((c) =>
    c.subcategories.map((name) => ({ name, categoryId: c.id, categoryName: c.name })),
  );
}

/** The regions: enum key, display name. */
export const REGIONS = [
  { key: "NorthAmerica", name: "North America" },
  { key: "SouthAmerica", name: "South America" },
  { key: "Europe", name: "Europe" },
  { key: "Africa", name: "Africa" },
  { key: "Asia", name: "Asia" },
  { key: "Oceania", name: "Oceania" },
] as const;
export type RegionKey = (typeof REGIONS)[number]["key"];
export type RegionName = (typeof REGIONS)[number]["name"];

export const RESOURCE_TYPES = [
  { value: "website", label: "Websites" },
  { value: "youtube channel", label: "YouTube Channels" },
  { value: "book", label: "Books" },
  { value: "podcast", label: "Podcasts" },
  { value: "article", label: "Articles" },
  { value: "app", label: "Apps" },
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number]["value"];

export { MARKER_TYPES, type MarkerType } from "./vocabulary";

import type { MarkerType } from "./vocabulary";
export const DEFAULT_MARKER_TYPE: MarkerType = "standard";
