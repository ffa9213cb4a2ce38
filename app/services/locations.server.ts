/**
 * Places as the public pages, the admin screens and the feeds read and change them.
 * Routes reach the queries through this module (decision 036); it passes them on as they are until the
 * capability needs logic of its own.
 */
export {
  countLocations,
  createLocation,
  deleteLocation,
  findLocationNameClash,
  getLocationById,
  getLocationIdsByNames,
  getLocationNamesByIds,
  isLocationNameTaken,
  type LocationInput,
  type LocationSort,
  listLocationFeatures,
  listLocationNames,
  locationFacetCounts,
  searchLocations,
  updateLocation,
} from "~/queries/locations.server";
