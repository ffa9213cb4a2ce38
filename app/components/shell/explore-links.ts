import { REGIONS, RESOURCE_TYPES } from "~/lib/taxonomy";
import type { SiteLink } from "./nav-links";

// The Explore panel's filter links, apart from nav-links.ts: the panel is loaded when it opens, so the taxonomy they
// come from stays out of every page's first JavaScript.

/** Region filter links of the Explore > Locations panel. */
export const REGION_LINKS: readonly SiteLink[] = REGIONS.map((r) => ({
  to: `/locations?region=${r.key}`,
  label: `region.${r.key}`,
}));

/** Resource-type filter links; encodeURIComponent keeps spaces as %20 ("youtube%20channel"), as the site's URLs always have. */
export const RESOURCE_TYPE_LINKS: readonly SiteLink[] = RESOURCE_TYPES.map((t) => ({
  to: `/resources?type=${encodeURIComponent(t.value)}`,
  label: `resourceType.${t.value}`,
}));
