import { publicWebAddress, scrubContacts } from "~/lib/contact-scrub";
import { absolute } from "~/lib/feeds/xml";
import {
  type DumpChangeMakerRow,
  type DumpPlaceRow,
  type DumpProgramRow,
  type DumpResourceRow,
  dumpChangeMakerBatches,
  dumpPlaceBatches,
  dumpProgramBatches,
  dumpResourceBatches,
} from "~/queries/open-data-dumps.server";
import type { Executor } from "~db/client";
import { ENTRY_KINDS } from "../entries/registry.server";
import type { ReferenceData } from "../site/reference.server";

/*
 * What each dump holds (decision 071): per kind, its columns as a Frictionless Table Schema field and the value of
 * each column for a row. The CSV files, the GeoJSON properties and datapackage.json are all made from these lists,
 * so a column cannot be in a file and missing from its schema. Free text is scrubbed of e-mail addresses and phone
 * numbers, web addresses are http(s) only: no contact detail leaves the site in bulk.
 */

export type FieldType = "string" | "number" | "integer" | "date" | "datetime";

/** A Table Schema field and how to read its value from a row. */
export type DumpField<R> = {
  name: string;
  type: FieldType;
  description: string;
  format?: "uri";
  required?: boolean;
  value: (row: R, ctx: DumpContext) => string | number | null;
};

/** What the values need besides the row: the site's address and the reference names. */
export type DumpContext = { siteUrl: string; ref: ReferenceData };

export type DumpTable<R> = {
  /** The resource's name in datapackage.json, and its CSV file's name without `.csv`. */
  name: "places" | "programs" | "change-makers" | "resources";
  title: string;
  fields: DumpField<R>[];
  batches: (db: Executor) => AsyncGenerator<R[]>;
};

/** Coordinates with at most 6 decimals (about 10 cm): as precise as any place in the directory is. */
export function coordinate(x: number | null): number | null {
  return x === null ? null : Math.round(x * 1e6) / 1e6;
}

const text = (s: string | null | undefined): string | null => {
  const t = scrubContacts(s ?? "").trim();
  return t === "" ? null : t;
};
const iso = (d: Date) => d.toISOString();
const focusNames = (ids: readonly string[], ctx: DumpContext) =>
  ids
    .map((id) => ctx.ref.focusAreasById.get(id)?.name ?? "")
    .filter((n) => n !== "")
    .join("; ") || null;

function commonTail<
  R extends { focusAreas: string[]; language: string; createdAt: Date; updatedAt: Date },
>(): DumpField<R>[] {
  return [
    {
      name: "focus_areas",
      type: "string",
      description: "Focus areas by name, separated by '; '",
      value: (r, ctx) => focusNames(r.focusAreas, ctx),
    },
    {
      name: "language",
      type: "string",
      description: "The language the entry is written in (ISO 639-1)",
      required: true,
      value: (r) => r.language,
    },
    {
      name: "created_at",
      type: "datetime",
      description: "When the entry was added",
      required: true,
      value: (r) => iso(r.createdAt),
    },
    {
      name: "updated_at",
      type: "datetime",
      description: "When the entry last changed",
      required: true,
      value: (r) => iso(r.updatedAt),
    },
  ];
}

/** A free-text column, scrubbed of contact details. */
function textField<R>(name: string, description: string, get: (row: R) => string | null): DumpField<R> {
  return { name, type: "string", description, value: (r) => text(get(r)) };
}

/** A web address column: http(s) only. */
function webField<R>(name: string, description: string, get: (row: R) => string | null): DumpField<R> {
  return { name, type: "string", format: "uri", description, value: (r) => publicWebAddress(get(r)) };
}

/** A picture's address, made absolute. */
function imageField<R>(name: string, description: string, get: (row: R) => string | null): DumpField<R> {
  return { name, type: "string", format: "uri", description, value: (r, ctx) => imageAddress(get(r), ctx) };
}

/** An entry's name and the address of its page on this site. */
function nameAndPage<R extends { id: string; name: string }>(
  noun: string,
  pagePath: (row: R) => string | null,
): DumpField<R>[] {
  return [
    { name: "name", type: "string", description: `The ${noun}'s name`, required: true, value: (r) => r.name },
    {
      name: "url",
      type: "string",
      format: "uri",
      description: `The ${noun}'s page on this site`,
      required: true,
      value: (r, ctx) => absolute(ctx.siteUrl, pagePath(r) ?? "/"),
    },
  ];
}

/**
 * A table's definition: its id first, then its own fields, then what every entry has (focus areas, language, times).
 */
function dumpTable<R extends { id: string; focusAreas: string[]; language: string; createdAt: Date; updatedAt: Date }>(
  name: DumpTable<R>["name"],
  title: string,
  batches: (db: Executor) => AsyncGenerator<R[]>,
  fields: DumpField<R>[],
): DumpTable<R> {
  return { name, title, batches: (db) => batches(db), fields: [idField<R>(), ...fields, ...commonTail<R>()] };
}

const idField = <R extends { id: string }>(): DumpField<R> => ({
  name: "id",
  type: "string",
  description: "The entry's permanent identifier (a UUID)",
  required: true,
  value: (r) => r.id,
});

export const PLACES = dumpTable<DumpPlaceRow>("places", "Places", dumpPlaceBatches, [
  ...nameAndPage("place", (r) => ENTRY_KINDS.location.publicPath(r)),
  {
    name: "latitude",
    type: "number",
    description: "WGS 84 latitude, at most 6 decimals",
    value: (r) => coordinate(r.latitude),
  },
  {
    name: "longitude",
    type: "number",
    description: "WGS 84 longitude, at most 6 decimals",
    value: (r) => coordinate(r.longitude),
  },
  textField("description", "A short description", (r) => r.shortDescription),
  textField("long_description", "The full description", (r) => r.longDescription),
  webField("website", "The place's own website", (r) => r.website),
  textField("address", "Street address", (r) => r.address),
  textField("city", "Town or city", (r) => r.city),
  textField("state", "State or province", (r) => r.state),
  textField("postal_code", "Postal code", (r) => r.postalCode),
  textField("country", "Country (English name)", (r) => r.country),
  {
    name: "region",
    type: "string",
    description: "The directory's region",
    value: (r, ctx) => (r.regionId ? ctx.ref.regionsById.get(r.regionId)?.name : undefined) ?? text(r.regionName),
  },
  {
    name: "sub_region",
    type: "string",
    description: "The directory's sub-region",
    value: (r, ctx) => (r.subRegionId ? (ctx.ref.subRegionsById.get(r.subRegionId)?.name ?? null) : null),
  },
  imageField("image_url", "A picture of the place", (r) => r.imageUrl),
  {
    name: "marker_type",
    type: "string",
    description: "The map marker the place is shown with",
    value: (r) => r.markerType || "standard",
  },
]);

export const PROGRAMS = dumpTable<DumpProgramRow>("programs", "Programs", dumpProgramBatches, [
  ...nameAndPage("program", (r) => ENTRY_KINDS.program.publicPath(r)),
  textField("summary", "A short summary", (r) => r.summary),
  textField("description", "The full description", (r) => r.description),
  {
    name: "place_id",
    type: "string",
    description: "The id of its place in places.csv, if any",
    value: (r) => r.placeIds[0] ?? null,
  },
  { name: "start_date", type: "date", description: "First day", value: (r) => r.startDate },
  { name: "end_date", type: "date", description: "Last day", value: (r) => r.endDate },
  {
    name: "format",
    type: "string",
    description: "in-person, online or hybrid",
    required: true,
    value: (r) => r.format,
  },
  {
    name: "price",
    type: "number",
    description: "Price in the currency's units (empty when not given)",
    value: (r) => (r.priceCents === null ? null : r.priceCents / 100),
  },
  { name: "currency", type: "string", description: "ISO 4217 currency code", value: (r) => r.currency },
  {
    name: "educators",
    type: "string",
    description: "Educators by name, separated by '; '",
    value: (r) => text(r.educators.join("; ")),
  },
  webField("application_url", "Where to apply", (r) => r.applicationUrl),
  { name: "capacity", type: "integer", description: "Places available", value: (r) => r.capacity },
  {
    name: "instruction_languages",
    type: "string",
    description: "Languages it is taught in (ISO 639-1), separated by spaces",
    value: (r) => r.instructionLanguages.join(" ") || null,
  },
  imageField("image_url", "A picture", (r) => r.imageUrl),
]);

export const CHANGE_MAKERS = dumpTable<DumpChangeMakerRow>("change-makers", "Change-makers", dumpChangeMakerBatches, [
  ...nameAndPage("change-maker", (r) => ENTRY_KINDS["change-maker"].publicPath(r)),
  textField("role", "Their role", (r) => r.role),
  textField("bio", "A short biography", (r) => r.bio),
  textField("country", "Country (English name)", (r) => r.country),
  imageField("photo_url", "A photo", (r) => r.photoUrl),
  {
    name: "links",
    type: "string",
    description: "Their web links, separated by spaces",
    value: (r) =>
      r.links
        .map((l) => publicWebAddress(l.url))
        .filter((u) => u !== null)
        .join(" ") || null,
  },
  {
    name: "related_place_ids",
    type: "string",
    description: "Ids of related places in places.csv, separated by spaces",
    value: (r) => r.relatedPlaceIds.join(" ") || null,
  },
]);

export const RESOURCES = dumpTable<DumpResourceRow>("resources", "Resources", dumpResourceBatches, [
  { name: "title", type: "string", description: "The resource's title", required: true, value: (r) => r.title },
  { name: "type", type: "string", description: "What kind of resource it is", required: true, value: (r) => r.type },
  webField("url", "Where the resource is", (r) => r.url),
  textField("description", "A description", (r) => r.description),
  textField("author", "Its author", (r) => r.author),
  imageField("image_url", "A picture", (r) => r.imageUrl),
]);

/** The four tables, in the order datapackage.json lists them. */
export const DUMP_TABLES = [PLACES, PROGRAMS, CHANGE_MAKERS, RESOURCES] as const;

/** An image's absolute address: site paths made absolute, other http(s) addresses as they are. */
function imageAddress(url: string | null, ctx: DumpContext): string | null {
  if (!url) return null;
  return url.startsWith("/") ? publicWebAddress(absolute(ctx.siteUrl, url)) : publicWebAddress(url);
}

/** One row as the values of its fields, in field order. */
export function rowValues<R>(table: DumpTable<R>, row: R, ctx: DumpContext): (string | number | null)[] {
  return table.fields.map((f) => f.value(row, ctx));
}
