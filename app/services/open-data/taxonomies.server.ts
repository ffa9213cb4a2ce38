/**
 * The read API's reference collections (decision 069): regions with their sub-regions, focus areas, and the project
 * categories focus areas belong to. Small and changed rarely, so whole in one answer (its ETag makes a poll cheap).
 */
import { readItemLang, readParams } from "~/lib/open-data-params";
import { PROJECT_CATEGORIES } from "~/lib/taxonomy";
import type { Services } from "../services.server";
import { loadReferenceData, referenceNamesFor } from "../site/reference.server";

export const API_TAXONOMIES = ["regions", "focus-areas", "categories"] as const;
export type ApiTaxonomy = (typeof API_TAXONOMIES)[number];

export function isApiTaxonomy(name: string): name is ApiTaxonomy {
  return (API_TAXONOMIES as readonly string[]).includes(name);
}

/** A reference collection's items, names in `lang` where staff translated them (English otherwise). */
export async function readTaxonomy(
  services: Pick<Services, "db" | "bus">,
  name: ApiTaxonomy,
  params: URLSearchParams,
): Promise<Record<string, unknown>[]> {
  const lang = readItemLang(readParams(params, ["lang"]));
  const base = await loadReferenceData(services);
  const ref = lang ? referenceNamesFor(base, lang) : base;
  if (name === "regions")
    return ref.regions.map((r) => ({
      id: r.id,
      key: r.key,
      name: r.name,
      description: r.description,
      sub_regions: ref.subRegions.filter((s) => s.regionId === r.id).map((s) => ({ id: s.id, name: s.name })),
    }));
  if (name === "focus-areas")
    return ref.focusAreas.map((f) => ({ id: f.id, name: f.name, category: f.categoryId || null }));
  return PROJECT_CATEGORIES.map((c) => ({
    id: c.id,
    name: c.name,
    focus_areas: ref.focusAreas.filter((f) => f.categoryId === c.id).map((f) => ({ id: f.id, name: f.name })),
  }));
}
