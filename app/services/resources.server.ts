/**
 * Resources as the public page and the admin screens read and change them.
 * Routes reach the queries through this module (decision 036); it passes them on as they are until the
 * capability needs logic of its own.
 */
export {
  createResource,
  deleteResource,
  getResourceById,
  listResources,
  type ResourceInput,
  type ResourceRow,
  searchResourcesForAdmin,
  updateResource,
} from "~/queries/resources.server";
