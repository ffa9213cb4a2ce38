/**
 * Where a typed town or place is, for the distance filter and "Near me" without a position.
 * Routes reach the queries through this module (decision 036); it passes them on as they are until the
 * capability needs logic of its own.
 */
export { resolvePlace } from "~/queries/distance.server";
