/**
 * Search across every kind of entry: the search page and the header's suggestions.
 * Routes reach the queries through this module (decision 036); it passes them on as they are until the
 * capability needs logic of its own.
 */
export { type SearchKind, searchEverything, suggestNames } from "~/queries/search.server";
