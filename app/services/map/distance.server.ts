import type { Language } from "~/lib/i18n/languages";
import { type Point, resolvePlace as resolveListedPlace } from "~/queries/distance.server";
import type { Services } from "../services.server";
import { findTown } from "./towns.server";

/**
 * Where a typed town or place is, for the distance filter and "Near me" without a position: a town of the built-in
 * GeoNames list first (any town of 15,000 inhabitants or more, named in any of the site's languages, the most
 * populous of a name unless a country follows a comma: "Berlin" is Berlin, Germany, whether or not a place is
 * listed there), else a smaller town where places are listed (their city), else a listed place by its name.
 * The label is in the page's language for a town of the list.
 */
export async function resolvePlace(
  { db }: Pick<Services, "db">,
  typed: string,
  lang: Language,
): Promise<(Point & { label: string }) | null> {
  const town = await findTown(typed, lang);
  if (town) return { lat: town.lat, lng: town.lng, label: town.label };
  return resolveListedPlace(db, typed);
}
