/**
 * Likely duplicates of a place, shown before staff save or accept one.
 * Routes reach the queries through this module (decision 036); it passes them on as they are until the
 * capability needs logic of its own.
 */
export { findLikelyDuplicates } from "~/queries/duplicates.server";
