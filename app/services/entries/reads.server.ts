/**
 * The directory's plain reads that routes use as they are: a query adds nothing to them, so no service wraps them
 * (decision 068). Writes are not here: every change to an entry goes through its kind's record in the registry.
 */

export {
  type ChangeMakerInput,
  type ChangeMakerRow,
  countChangeMakers,
  findChangeMakersByNames,
  getChangeMakerById,
  listChangeMakers,
  searchChangeMakersForAdmin,
} from "~/queries/change-makers.server";
export {
  countLocations,
  findLocationNameClash,
  getLocationById,
  getLocationIdsByNames,
  getLocationNamesByIds,
  type LocationInput,
  type LocationSort,
  listLocationFeatures,
  listLocationNames,
  locationFacetCounts,
  searchLocations,
} from "~/queries/locations.server";
export {
  findProgramByAddressKey,
  findProgramNameClash,
  getProgramById,
  getProgramBySlug,
  listProgramCountries,
  listProgramInstructionLanguages,
  listProgramSummaries,
  listPrograms,
  type ProgramInput,
  type ProgramRow,
  type ProgramSummary,
  searchProgramsForAdmin,
} from "~/queries/programs.server";
export { findRedirect } from "~/queries/redirects.server";
export {
  getResourceById,
  listResources,
  type ResourceInput,
  type ResourceRow,
  searchResourcesForAdmin,
} from "~/queries/resources.server";
