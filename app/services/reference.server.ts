/**
 * The reference lists (regions, focus areas) that forms, filters and feeds offer.
 * Routes reach the queries through this module (decision 036); it passes them on as they are until the
 * capability needs logic of its own.
 */
export { listFocusAreas, listRegions, loadReferenceData } from "~/queries/reference.server";
