import type { LocationInput } from "~/queries/locations.server";

/** A location as the admin form would save it: the name, every optional field empty, and the given overrides. */
export function locationInput(name: string, overrides: Partial<LocationInput> = {}): LocationInput {
  return {
    name,
    shortDescription: "",
    longDescription: "",
    originalImageUrl: null,
    webpImageUrl: null,
    website: null,
    country: "Chile",
    regionName: "",
    regionId: null,
    subRegionId: null,
    contactEmail: null,
    contactPhone: null,
    contactAddress: null,
    contactCity: null,
    contactState: null,
    contactZipCode: null,
    focusAreas: [],
    latitude: null,
    longitude: null,
    ...overrides,
  };
}
