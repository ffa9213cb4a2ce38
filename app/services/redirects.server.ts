/**
 * Old addresses of renamed entries, which answer with a redirect to the new one.
 * Routes reach the queries through this module (decision 036); it passes them on as they are until the
 * capability needs logic of its own.
 */
export { findRedirect } from "~/queries/redirects.server";
