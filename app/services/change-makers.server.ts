/**
 * Change-makers as the public pages and the admin screens read and change them.
 * Routes reach the queries through this module (decision 036); it passes them on as they are until the
 * capability needs logic of its own.
 */
export {
  type ChangeMakerInput,
  type ChangeMakerRow,
  countChangeMakers,
  createChangeMaker,
  deleteChangeMaker,
  findChangeMakersByNames,
  getChangeMakerById,
  listChangeMakers,
  searchChangeMakersForAdmin,
  updateChangeMaker,
} from "~/queries/change-makers.server";
