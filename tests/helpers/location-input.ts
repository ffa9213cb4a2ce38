import type { LocationInput } from "~/queries/locations.server";
import { ENTRY_KINDS } from "~/services/entries/registry.server";

/**
 * A location as the admin form would save it: the name, every optional field empty (the registry's new-draft
 * defaults), published unless the overrides say otherwise, in Chile, with the given overrides.
 */
export function locationInput(name: string, overrides: Partial<LocationInput> = {}): LocationInput {
  return { ...ENTRY_KINDS.location.draft({ name }), status: undefined, country: "Chile", ...overrides };
}
