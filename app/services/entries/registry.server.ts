/**
 * The kinds of directory entry, one record each (decision 063): what staff's form validates with and the fields it
 * labels, how an entry is read, created, changed and deleted, how its name is kept unique (and so its page address),
 * where it lives on the public site and in the admin, the channel its changes are announced on (the caches that hold
 * it), and the JSON-LD its page carries. Code that handles "any entry" (history, reverts, corrections, proposals,
 * drafts from applications, saves and deletes) reads the record instead of branching on the kind.
 *
 * Adding a field to a kind: docs/changing-an-entry.md.
 */

import { ENTRY_ADMIN_PATHS } from "~/lib/admin-paths";
import { courseJsonLd, personJsonLd, placeJsonLd } from "~/lib/jsonld-entries";
import { ChangeMakerSchema } from "~/lib/schemas/change-maker";
import { CORRECTION_FIELDS, type CorrectionField } from "~/lib/schemas/correction";
import { LOCATION_NAME_TAKEN, LocationSchema } from "~/lib/schemas/location";
import { PROGRAM_NAME_TAKEN, ProgramSchema } from "~/lib/schemas/program";
import { ResourceSchema } from "~/lib/schemas/resource";
import { locationPath, programPath } from "~/lib/slug";
import type { z } from "~/lib/zod";
import {
  type ChangeMakerInput,
  type ChangeMakerRow,
  createChangeMaker,
  deleteChangeMaker,
  getChangeMakerById,
  updateChangeMaker,
} from "~/queries/change-makers.server";
import {
  createLocation,
  deleteLocation,
  findLocationNameClash,
  getLocationById,
  type LocationInput,
  type LocationRow,
  updateLocation,
} from "~/queries/locations.server";
import {
  createProgram,
  deleteProgram,
  findProgramNameClash,
  getProgramById,
  type ProgramInput,
  type ProgramRow,
  updateProgram,
} from "~/queries/programs.server";
import {
  createResource,
  deleteResource,
  getResourceById,
  type ResourceInput,
  type ResourceRow,
  updateResource,
} from "~/queries/resources.server";
import type { ContentEntity } from "~/services/entries/content-events.server";
import type { Executor } from "~db/client";

/** A field of staff's form: the entry's column and the label the form (and its errors) give it. */
export type EntryField = { key: string; label: string };

/** One kind of directory entry. `Row` is what `find` reads, `Input` what `create` writes. */
export type EntryKindRecord<Row extends { id: string; status: string }, Input, Schema extends z.ZodType = z.ZodType> = {
  /** The kind as URLs, the proposals and revisions tables and the audit log name it. */
  kind: EntryKind;
  /** The kind in a sentence ("location", "change-maker"), as audit summaries say it. */
  noun: string;
  /** What staff's form validates with (English messages), and its fields in the form's order with their labels. */
  schema: Schema;
  fields: readonly EntryField[];
  /** What a visitor may correct (none for a kind visitors cannot correct). */
  correctable: readonly CorrectionField[];
  find: (db: Executor, id: string) => Promise<Row | null>;
  create: (db: Executor, input: Input) => Promise<string>;
  update: (db: Executor, id: string, input: Partial<Input>) => Promise<boolean>;
  remove: (db: Executor, id: string) => Promise<boolean>;
  /** The column that names an entry (a resource has a title). */
  nameField: "name" | "title";
  /**
   * For kinds whose page address is made from the name: another entry whose name gives the same address, and the
   * error the name field shows then. Kinds without (change-makers, resources) may share names.
   */
  nameRule: {
    clash: (db: Executor, name: string, exceptId?: string) => Promise<{ id: string; name: string } | null>;
    taken: string;
  } | null;
  /**
   * The public page of an entry (whatever its status) from its id and name (a resource's title), or null for a kind
   * without pages of its own.
   */
  publicPath: (entry: { id: string; name: string }) => string | null;
  admin: { list: string; add: string; edit: string };
  /** The channel its changes are announced on: the caches that hold this kind drop it (content-events.server.ts). */
  channel: ContentEntity;
  /** The JSON-LD its public page carries (lib/jsonld-entries.ts), where it has one. */
  jsonLd: ((...args: never[]) => unknown) | null;
  /**
   * A new draft made from what someone else told us (a visitor's proposed place, an application): the values given,
   * every other field empty, status draft. Kinds that are only ever added by staff have none.
   */
  draft?: (values: Partial<Input> & Pick<Input & { name: string }, "name">) => Input;
};

const LOCATION_FIELDS: readonly EntryField[] = [
  { key: "name", label: "Name" },
  { key: "status", label: "Status" },
  { key: "shortDescription", label: "Short description" },
  { key: "longDescription", label: "Long description" },
  { key: "originalImageUrl", label: "Original image URL" },
  { key: "webpImageUrl", label: "WebP image URL" },
  { key: "website", label: "Website" },
  { key: "country", label: "Country" },
  { key: "regionId", label: "Region" },
  { key: "subRegionId", label: "Sub-region" },
  { key: "contactEmail", label: "Contact e-mail" },
  { key: "contactPhone", label: "Contact phone" },
  { key: "contactAddress", label: "Contact address" },
  { key: "contactCity", label: "City" },
  { key: "contactState", label: "State or province" },
  { key: "contactZipCode", label: "ZIP or postal code" },
  { key: "focusAreas", label: "Focus areas" },
  { key: "latitude", label: "Latitude" },
  { key: "longitude", label: "Longitude" },
  { key: "markerType", label: "Marker type" },
  { key: "featured", label: "Featured" },
];

const PROGRAM_FIELDS: readonly EntryField[] = [
  { key: "name", label: "Name" },
  { key: "status", label: "Status" },
  { key: "summary", label: "Summary" },
  { key: "description", label: "Description" },
  { key: "hostLocation", label: "Host location" },
  { key: "startDate", label: "Start date" },
  { key: "endDate", label: "End date" },
  { key: "format", label: "Format" },
  { key: "price", label: "Price" },
  { key: "currency", label: "Currency" },
  { key: "educators", label: "Educators" },
  { key: "applicationUrl", label: "Booking link" },
  { key: "capacity", label: "Capacity" },
  { key: "focusAreas", label: "Focus areas" },
  { key: "instructionLanguages", label: "Languages of instruction" },
  { key: "imageUrl", label: "Image URL" },
];

const CHANGE_MAKER_FIELDS: readonly EntryField[] = [
  { key: "name", label: "Name" },
  { key: "status", label: "Status" },
  { key: "role", label: "Role" },
  { key: "bio", label: "Biography" },
  { key: "country", label: "Country" },
  { key: "photoUrl", label: "Photo URL" },
  { key: "webpPhotoUrl", label: "WebP photo URL" },
  { key: "links", label: "Links" },
  { key: "relatedLocations", label: "Related locations" },
  { key: "focusAreas", label: "Focus areas" },
];

const RESOURCE_FIELDS: readonly EntryField[] = [
  { key: "title", label: "Title" },
  { key: "status", label: "Status" },
  { key: "type", label: "Type" },
  { key: "url", label: "URL" },
  { key: "description", label: "Description" },
  { key: "author", label: "Author" },
  { key: "imageUrl", label: "Image URL" },
  { key: "focusAreas", label: "Focus areas" },
];

const location = {
  kind: "location",
  noun: "location",
  schema: LocationSchema,
  fields: LOCATION_FIELDS,
  correctable: CORRECTION_FIELDS.location,
  find: getLocationById,
  create: createLocation,
  update: updateLocation,
  remove: deleteLocation,
  nameField: "name",
  nameRule: { clash: findLocationNameClash, taken: LOCATION_NAME_TAKEN },
  publicPath: (entry) => locationPath(entry.name),
  admin: ENTRY_ADMIN_PATHS.location,
  channel: "locations",
  jsonLd: placeJsonLd,
  // The keys in the form's order, so a draft's first revision lists them as the form does.
  draft: ({ name, ...values }) => ({
    name,
    shortDescription: "",
    longDescription: "",
    originalImageUrl: null,
    webpImageUrl: null,
    website: null,
    country: "",
    regionId: null,
    regionName: "",
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
    markerType: undefined,
    featured: undefined,
    status: "draft",
    ...values,
  }),
} satisfies EntryKindRecord<LocationRow, LocationInput>;

const program = {
  kind: "program",
  noun: "program",
  schema: ProgramSchema,
  fields: PROGRAM_FIELDS,
  correctable: CORRECTION_FIELDS.program,
  find: getProgramById,
  create: createProgram,
  update: updateProgram,
  remove: deleteProgram,
  nameField: "name",
  nameRule: { clash: findProgramNameClash, taken: PROGRAM_NAME_TAKEN },
  publicPath: (entry) => programPath(entry.name),
  admin: ENTRY_ADMIN_PATHS.program,
  channel: "programs",
  jsonLd: courseJsonLd,
} satisfies EntryKindRecord<ProgramRow, ProgramInput>;

const changeMaker = {
  kind: "change-maker",
  noun: "change-maker",
  schema: ChangeMakerSchema,
  fields: CHANGE_MAKER_FIELDS,
  correctable: CORRECTION_FIELDS["change-maker"],
  find: getChangeMakerById,
  create: createChangeMaker,
  update: updateChangeMaker,
  remove: deleteChangeMaker,
  nameField: "name",
  nameRule: null,
  publicPath: (entry) => `/change-makers/${entry.id}`,
  admin: ENTRY_ADMIN_PATHS["change-maker"],
  channel: "changeMakers",
  jsonLd: personJsonLd,
  draft: (values) => ({ ...values, status: "draft" }),
} satisfies EntryKindRecord<ChangeMakerRow, ChangeMakerInput>;

const resource = {
  kind: "resource",
  noun: "resource",
  schema: ResourceSchema,
  fields: RESOURCE_FIELDS,
  correctable: [],
  find: getResourceById,
  create: createResource,
  update: updateResource,
  remove: deleteResource,
  nameField: "title",
  nameRule: null,
  // Resources are listed on /resources and link out; they have no page of their own.
  publicPath: () => null,
  admin: ENTRY_ADMIN_PATHS.resource,
  channel: "resources",
  jsonLd: null,
} satisfies EntryKindRecord<ResourceRow, ResourceInput>;

/** Every kind of directory entry, by the name URLs and tables give it. */
export const ENTRY_KINDS = {
  location,
  program,
  "change-maker": changeMaker,
  resource,
} as const;

export type EntryKind = "location" | "program" | "change-maker" | "resource";
export const ENTRY_KIND_NAMES = Object.keys(ENTRY_KINDS) as EntryKind[];

export function isEntryKind(kind: unknown): kind is EntryKind {
  return typeof kind === "string" && Object.hasOwn(ENTRY_KINDS, kind);
}

/** An entry as code that handles every kind sees it: its columns by name. */
export type AnyEntryRow = Record<string, unknown> & { id: string; status: string };

/**
 * A kind's record for code that handles any kind (history, reverts, corrections): rows as plain records and values
 * by column name. The values come from a form parsed by the kind's own schema, or from a stored revision of it.
 */
export function entryKind(kind: EntryKind): EntryKindRecord<AnyEntryRow, Record<string, unknown>> {
  return ENTRY_KINDS[kind] as unknown as EntryKindRecord<AnyEntryRow, Record<string, unknown>>;
}

/** An entry's name (a resource's title), as it is now. */
export function entryName(kind: EntryKind, row: Record<string, unknown>): string {
  return String(row[ENTRY_KINDS[kind].nameField] ?? "");
}

/** The public page of an entry as stored, or null for a kind without pages of its own. */
export function entryPublicPath(kind: EntryKind, row: AnyEntryRow): string | null {
  return ENTRY_KINDS[kind].publicPath({ id: row.id, name: entryName(kind, row) });
}
