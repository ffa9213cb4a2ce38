/**
 * Change-makers as the admin screens list, read, create, change and delete them.
 * Routes reach the queries through this module (decision 036); it passes them on as they are until the
 * capability needs logic of its own.
 */
export {
  type ChangeMakerInput,
  type ChangeMakerRow,
  createChangeMaker,
  deleteChangeMaker,
  getChangeMakerById,
  searchChangeMakersForAdmin,
  updateChangeMaker,
} from "~/queries/change-makers.server";
