/**
 * The read API's description (decision 074): the OpenAPI 3.1 document `/api/v1/openapi.json` serves, written here as
 * one typed object. Its paths come from the collections the routes answer (API_COLLECTIONS, API_TAXONOMIES) and each
 * collection's parameters from the keys its reader accepts, with the limits the reader enforces
 * (lib/open-data-params), so the code and the description cannot name different things. The item schemas refuse
 * members they do not list (`additionalProperties: false`): a member added to an item without being described here
 * fails the contract test (openapi.test.ts).
 */
import { dataLicence } from "~/lib/data-licences";
import { LANGUAGES } from "~/lib/i18n/languages";
import {
  API_CHANGES_MAX_AGE_DAYS,
  API_DEFAULT_LIMIT,
  API_MAX_LIMIT,
  API_MAX_VALUE_LENGTH,
  ITEM_KEYS,
  type PLACE_KEYS,
  type PROGRAM_KEYS,
} from "~/lib/open-data-params";
import { PROJECT_CATEGORIES, REGIONS } from "~/lib/taxonomy";
import { PROGRAM_FORMATS, RESOURCE_TYPE_VALUES } from "~/lib/vocabulary";
import type { LicenceMembers } from "./answer.server";
import { API_COLLECTIONS, type ApiCollection } from "./collections.server";
import { API_TAXONOMIES, type ApiTaxonomy } from "./taxonomies.server";

/** The version of the API's description; the path's `v1` changes only with a change that breaks clients. */
export const OPENAPI_VERSION = "1.0.0";

/** A JSON Schema (2020-12, OpenAPI 3.1's dialect). */
export type JsonSchema = { [key: string]: unknown };

type Parameter = {
  name: string;
  in: "query" | "path";
  description: string;
  required?: boolean;
  schema: JsonSchema;
  style?: "form";
  explode?: boolean;
  example?: unknown;
};
type Header = { description: string; required?: boolean; schema: JsonSchema };
type Response = {
  description: string;
  headers?: Record<string, Header | { $ref: string }>;
  content?: Record<string, { schema: JsonSchema }>;
};
type Operation = {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters: ({ $ref: string } | Parameter)[];
  responses: Record<string, Response | { $ref: string }>;
};

/** The document: what an OpenAPI 3.1 reader needs, typed as far as this API uses it. */
export type OpenApiDocument = {
  openapi: "3.1.0";
  info: {
    title: string;
    version: string;
    summary: string;
    description: string;
    license: { name: string; identifier?: string; url?: string };
    contact: { name: string; url: string; email?: string };
  };
  servers: { url: string; description: string }[];
  security: [];
  tags: { name: string; description: string }[];
  paths: Record<string, { get: Operation }>;
  components: {
    parameters: Record<string, Parameter>;
    headers: Record<string, Header>;
    responses: Record<string, Response>;
    schemas: Record<string, JsonSchema>;
  };
};

const ref = (kind: "schemas" | "parameters" | "headers" | "responses", name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});
const schemaRef = (name: string) => ref("schemas", name);

// --- Parameters: one per key a reader accepts, with the reader's limits -------------------------------------------

const UUID: JsonSchema = { type: "string", format: "uuid" };
const STRING: JsonSchema = { type: "string" };
const REGION_KEYS = REGIONS.map((r) => r.key);
const CATEGORY_IDS = PROJECT_CATEGORIES.map((c) => c.id);

/** Every query parameter any operation takes, by the name the reader knows it by. */
type QueryKey = (typeof PLACE_KEYS)[number] | (typeof PROGRAM_KEYS)[number];

const QUERY_PARAMETERS: Record<QueryKey, Omit<Parameter, "name" | "in">> = {
  limit: {
    description: `How many items a page holds, from 1 to ${API_MAX_LIMIT}.`,
    schema: { type: "integer", minimum: 1, maximum: API_MAX_LIMIT, default: API_DEFAULT_LIMIT },
  },
  cursor: {
    description:
      "Where the page starts: the opaque value of the previous page's `next` link. Good for a day and for the same other parameters only; start again from the first page otherwise.",
    schema: { type: "string", maxLength: API_MAX_VALUE_LENGTH },
  },
  updated_since: {
    description: `Lists what changed after this RFC 3339 date-time (with its time zone), in change order, with tombstones for entries deleted, unpublished or merged. Reaches back ${API_CHANGES_MAX_AGE_DAYS} days at most and takes no filters. A page's \`updates\` link gives the value to poll with next.`,
    schema: { type: "string", format: "date-time" },
    example: "2026-11-27T10:00:00Z",
  },
  lang: {
    description:
      "Names and texts in this language where staff translated them (the original otherwise); each item then says which fields were translated.",
    schema: { type: "string", enum: [...LANGUAGES] },
  },
  bbox: {
    description:
      "Only places inside this box: minLon,minLat,maxLon,maxLat in degrees (WGS 84). A minLon greater than maxLon crosses the antimeridian.",
    schema: { type: "array", items: { type: "number" }, minItems: 4, maxItems: 4 },
    style: "form",
    explode: false,
    example: [-10, 35, 30, 60],
  },
  q: {
    description:
      "Words to search for: the site's own search, with the same results in the same order as its search page (pages then follow the search's rank).",
    schema: { type: "string", maxLength: API_MAX_VALUE_LENGTH },
  },
  region: {
    description: "Only places in this region (its key, in any letter case) or in this region or sub-region (its id).",
    schema: { anyOf: [{ type: "string", enum: REGION_KEYS }, UUID] },
  },
  country: {
    description: "Only places in this country: its ISO 3166-1 alpha-2 code, in any letter case.",
    schema: { type: "string", pattern: "^[A-Za-z]{2}$" },
    example: "KE",
  },
  focus: { description: "Only places with this focus area (an id from `/focus-areas`).", schema: UUID },
  category: {
    description: "Only places with a focus area of this project category (an id from `/categories`).",
    schema: { type: "string", enum: CATEGORY_IDS },
  },
  from: {
    description: "Only programs that end on or after this day (or start on or after it when they have no end).",
    schema: { type: "string", format: "date" },
  },
  to: { description: "Only programs that start on or before this day.", schema: { type: "string", format: "date" } },
  place: { description: "Only programs held at this place (a place's id).", schema: UUID },
};

const paramName = (key: string) => `${key.replace(/_(.)/g, (_, c: string) => c.toUpperCase())}Param`;

function queryParameters(): Record<string, Parameter> {
  return Object.fromEntries(
    Object.entries(QUERY_PARAMETERS).map(([name, p]) => [paramName(name), { name, in: "query" as const, ...p }]),
  );
}

// --- Headers -------------------------------------------------------------------------------------------------------

/** A header every answer of its kind carries. */
const header = (description: string, schema: JsonSchema): Header => ({ description, required: true, schema });

const HEADERS: Record<string, Header> = {
  ETag: header("The answer's entity tag: send it back in `If-None-Match` to get a 304 while nothing changed.", {
    type: "string",
    pattern: '^(W/)?"[^"]*"$',
  }),
  CacheControl: header("Shared caches may keep a public answer briefly and revalidate it with its ETag.", STRING),
  Link: header(
    'The data licence (`rel="license"`) on every answer, and the next page (`rel="next"`) while there is one.',
    { type: "string", pattern: 'rel="license"' },
  ),
  RateLimitPolicy: header(
    "The per-address budget (IETF httpapi rate-limit header fields): `q` requests per `w` seconds. A revalidation answered 304 costs a tenth.",
    { type: "string", pattern: '^"[a-z-]+";q=\\d+;w=\\d+$' },
  ),
  RateLimit: header("What is left of the budget (`r`) and the seconds until it is renewed (`t`).", {
    type: "string",
    pattern: '^"[a-z-]+";r=\\d+;t=\\d+$',
  }),
  RetryAfter: header("Seconds to wait before asking again.", { type: "string", pattern: "^\\d+$" }),
  AccessControlAllowOrigin: header("Any site's scripts may read the answer (no cookies are read or set).", {
    type: "string",
    const: "*",
  }),
};

const headerRefs = (...names: string[]) => {
  const wire: Record<string, string> = {
    CacheControl: "Cache-Control",
    RateLimitPolicy: "RateLimit-Policy",
    RetryAfter: "Retry-After",
    AccessControlAllowOrigin: "Access-Control-Allow-Origin",
  };
  return Object.fromEntries(names.map((n) => [wire[n] ?? n, ref("headers", n)]));
};
const RATE = ["RateLimitPolicy", "RateLimit"];
const ANSWER_HEADERS = headerRefs("ETag", "CacheControl", "Link", "AccessControlAllowOrigin", ...RATE);

// --- Schemas -------------------------------------------------------------------------------------------------------

const str = (description: string): JsonSchema => ({ type: "string", description });
const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: "null" }] });
const object = (properties: Record<string, JsonSchema>, optional: string[] = []): JsonSchema => ({
  type: "object",
  properties,
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  additionalProperties: false,
});
const TIME: JsonSchema = { type: "string", format: "date-time" };
const PAGE_URL: JsonSchema = { type: "string", format: "uri", description: "The entry's public page on this site." };
const IMAGE = nullable(str("The image's address (a path on this site or a full URL)."));

/** What every item says about its language; `lang` and `translated_fields` only when `lang` was asked. */
const LANGUAGE_MEMBERS: Record<string, JsonSchema> = {
  language: { type: "string", enum: [...LANGUAGES], description: "The language the entry was written in." },
  lang: { type: "string", enum: [...LANGUAGES], description: "The language asked with `lang`." },
  translated_fields: {
    type: "array",
    items: STRING,
    description: "The fields shown in the language asked (the others are the original).",
  },
};
const LANGUAGE_OPTIONAL = ["lang", "translated_fields"];

/**
 * An entry's item: its id and `head` first, then what every entry has (its language, its page, when it changed),
 * then `rest`.
 */
const entryItem = (head: Record<string, JsonSchema>, url: JsonSchema, rest: Record<string, JsonSchema>) =>
  object({ id: UUID, ...head, ...LANGUAGE_MEMBERS, url, updated_at: TIME, ...rest }, LANGUAGE_OPTIONAL);

const FOCUS_AREAS: JsonSchema = {
  type: "array",
  items: object({ id: UUID, name: STRING, category: nullable({ type: "string", enum: CATEGORY_IDS }) }),
};
const COUNTRY = {
  country: nullable(str("The country's name as stored.")),
  country_code: nullable({ type: "string", pattern: "^[A-Z]{2}$", description: "ISO 3166-1 alpha-2." }),
};

/** A place's properties; a single place's answer adds the contact fields its public page shows. */
function placeProperties(detail: boolean): JsonSchema {
  const contact: Record<string, JsonSchema> = detail
    ? {
        email: nullable(str("The contact e-mail address the place's page shows.")),
        phone: nullable(str("The contact phone number the place's page shows.")),
        address: nullable(str("The street address.")),
        postal_code: nullable(str("The postal code.")),
      }
    : {};
  return object(
    {
      name: STRING,
      short_description: STRING,
      long_description: STRING,
      ...LANGUAGE_MEMBERS,
      url: PAGE_URL,
      updated_at: TIME,
      ...COUNTRY,
      region: nullable(object({ id: UUID, key: STRING, name: STRING })),
      sub_region: nullable(object({ id: UUID, name: STRING })),
      city: nullable(STRING),
      state: nullable(STRING),
      ...contact,
      website: nullable(str("The place's own site (http or https).")),
      image: IMAGE,
      focus_areas: FOCUS_AREAS,
      marker_type: STRING,
    },
    LANGUAGE_OPTIONAL,
  );
}

const POINT = object({
  type: { const: "Point" },
  coordinates: {
    type: "array",
    prefixItems: [
      { type: "number", minimum: -180, maximum: 180 },
      { type: "number", minimum: -90, maximum: 90 },
    ],
    minItems: 2,
    maxItems: 2,
    description: "[longitude, latitude] in degrees (WGS 84), with at most 6 decimals.",
  },
});

const placeFeature = (detail: boolean): JsonSchema => ({
  ...object({
    type: { const: "Feature" },
    id: UUID,
    geometry: nullable(schemaRef("Point")),
    properties: schemaRef(detail ? "PlaceDetailProperties" : "PlaceProperties"),
  }),
  description: detail
    ? "A place with the contact fields its public page shows."
    : "A place (GeoJSON Feature); lists carry no e-mail address or phone number.",
});

const TOMBSTONE_MEMBERS: Record<string, JsonSchema> = {
  deleted: { const: true },
  updated_at: { ...TIME, description: "When the entry was deleted, unpublished or merged." },
  merged_into: nullable({ ...UUID, description: "The entry it was merged into, if it was merged." }),
};

const ITEM_SCHEMAS: Record<string, JsonSchema> = {
  Point: POINT,
  PlaceProperties: placeProperties(false),
  PlaceDetailProperties: placeProperties(true),
  Place: placeFeature(false),
  PlaceTombstone: {
    ...object({
      type: { const: "Feature" },
      id: UUID,
      geometry: { type: "null" },
      properties: object(TOMBSTONE_MEMBERS),
    }),
    description: "A place that was deleted, unpublished or merged: remove it from a copy.",
  },
  Tombstone: {
    ...object({ id: UUID, ...TOMBSTONE_MEMBERS }),
    description: "An entry that was deleted, unpublished or merged: remove it from a copy.",
  },
  Program: entryItem({ name: STRING, summary: STRING, description: STRING }, PAGE_URL, {
    start_date: nullable({ type: "string", format: "date" }),
    end_date: nullable({ type: "string", format: "date" }),
    format: { type: "string", enum: [...PROGRAM_FORMATS] },
    price: nullable(object({ amount: { type: "number" }, currency: STRING })),
    educators: { type: "array", items: STRING },
    application_url: nullable(str("Where to apply (http or https).")),
    capacity: nullable({ type: "integer" }),
    place: nullable({ ...UUID, description: "The place it is held at (`/places/{id}`)." }),
    instruction_languages: { type: "array", items: STRING },
    focus_areas: FOCUS_AREAS,
    image: IMAGE,
  }),
  ChangeMaker: entryItem({ name: STRING, role: STRING, bio: STRING }, PAGE_URL, {
    ...COUNTRY,
    photo: IMAGE,
    links: { type: "array", items: object({ label: STRING, url: STRING }) },
    related_places: { type: "array", items: UUID },
    focus_areas: FOCUS_AREAS,
  }),
  Resource: entryItem(
    { title: STRING, description: STRING },
    str("The resource itself (it has no page on this site)."),
    {
      type: { type: "string", enum: [...RESOURCE_TYPE_VALUES] },
      author: STRING,
      image: IMAGE,
      focus_areas: FOCUS_AREAS,
    },
  ),
  Episode: entryItem({ number: { type: "integer" }, title: STRING, summary: STRING, show_notes: STRING }, PAGE_URL, {
    published_at: TIME,
    guest: STRING,
    audio: nullable(object({ url: STRING, type: STRING, bytes: nullable({ type: "integer" }) })),
    duration_seconds: { type: "integer" },
    image: IMAGE,
  }),
  Region: object({
    id: UUID,
    key: { type: "string", enum: REGION_KEYS },
    name: STRING,
    description: STRING,
    sub_regions: { type: "array", items: object({ id: UUID, name: STRING }) },
  }),
  FocusArea: object({ id: UUID, name: STRING, category: nullable({ type: "string", enum: CATEGORY_IDS }) }),
  Category: object({
    id: { type: "string", enum: CATEGORY_IDS },
    name: STRING,
    focus_areas: { type: "array", items: object({ id: UUID, name: STRING }) },
  }),
};

/** The licence and attribution every body carries. */
const LICENCE_MEMBERS: Record<string, JsonSchema> = {
  license: object({ id: STRING, name: STRING, url: { type: "string", format: "uri" } }),
  attribution: str("The credit to give when reusing the data."),
};

const ENVELOPE_SCHEMAS: Record<string, JsonSchema> = {
  Link: object(
    {
      rel: str(
        "`self`, `next` (the next page, while there is one) or `updates` (where to poll for changes after this answer).",
      ),
      href: { type: "string", format: "uri" },
      type: STRING,
      title: STRING,
    },
    ["type", "title"],
  ),
  Problem: {
    type: "object",
    description: "An RFC 9457 problem: `detail` says what to change.",
    properties: {
      type: STRING,
      title: STRING,
      status: { type: "integer" },
      detail: STRING,
      instance: STRING,
      ...LICENCE_MEMBERS,
    },
    required: ["type", "title", "status", "detail"],
  },
};

const LINKS: JsonSchema = { type: "array", items: schemaRef("Link") };
const NUMBER_RETURNED: JsonSchema = { type: "integer", minimum: 0, description: "How many items this page holds." };

/** The schema names of each collection's items. */
const COLLECTION_ITEMS: Record<ApiCollection, { item: string; detail: string; tag: string }> = {
  places: { item: "Place", detail: "PlaceDetail", tag: "Places" },
  programs: { item: "Program", detail: "Program", tag: "Programs" },
  "change-makers": { item: "ChangeMaker", detail: "ChangeMaker", tag: "Change-makers" },
  resources: { item: "Resource", detail: "Resource", tag: "Resources" },
  episodes: { item: "Episode", detail: "Episode", tag: "Episodes" },
};
const TAXONOMY_ITEMS: Record<ApiTaxonomy, { item: string; name: string }> = {
  regions: { item: "Region", name: "regions with their sub-regions" },
  "focus-areas": { item: "FocusArea", name: "focus areas" },
  categories: { item: "Category", name: "project categories with their focus areas" },
};

const pascal = (name: string) => name.replace(/(^|-)(.)/g, (_, __, c: string) => c.toUpperCase());

/** A page of a collection: a GeoJSON FeatureCollection for places, `{ data, links }` for the others. */
function pageSchema(collection: ApiCollection): JsonSchema {
  const { item } = COLLECTION_ITEMS[collection];
  const tombstone = collection === "places" ? "PlaceTombstone" : "Tombstone";
  // anyOf, not oneOf: the two never both match (a tombstone has no name), but a linter cannot prove it.
  const items: JsonSchema = { type: "array", items: { anyOf: [schemaRef(item), schemaRef(tombstone)] } };
  const members: Record<string, JsonSchema> =
    collection === "places"
      ? { type: { const: "FeatureCollection" }, features: items }
      : { data: { ...items, description: "Tombstones appear only in answers to `updated_since`." } };
  return object({ ...members, links: LINKS, number_returned: NUMBER_RETURNED, ...LICENCE_MEMBERS });
}

/** A single entry's answer (200), or its tombstone (410). */
function entrySchema(collection: ApiCollection, gone: boolean): JsonSchema {
  const { detail } = COLLECTION_ITEMS[collection];
  if (collection === "places") {
    const feature = (gone ? ITEM_SCHEMAS.PlaceTombstone : placeFeature(true)) as {
      properties: Record<string, JsonSchema>;
    };
    return object({ ...feature.properties, links: LINKS, ...LICENCE_MEMBERS });
  }
  return object({ data: schemaRef(gone ? "Tombstone" : detail), links: LINKS, ...LICENCE_MEMBERS });
}

const PAGE_SCHEMAS = Object.fromEntries(
  (Object.keys(COLLECTION_ITEMS) as ApiCollection[]).flatMap((c) => [
    [`${pascal(c)}Page`, pageSchema(c)],
    [`${pascal(c)}Entry`, entrySchema(c, false)],
    [`${pascal(c)}Gone`, entrySchema(c, true)],
  ]),
);
const TAXONOMY_SCHEMAS = Object.fromEntries(
  API_TAXONOMIES.map((t) => [
    `${pascal(t)}List`,
    object({ data: { type: "array", items: schemaRef(TAXONOMY_ITEMS[t].item) }, links: LINKS, ...LICENCE_MEMBERS }),
  ]),
);

// --- Responses -----------------------------------------------------------------------------------------------------

const PROBLEM_CONTENT = { "application/problem+json": { schema: schemaRef("Problem") } };
const SHARED_RESPONSES: Record<string, Response> = {
  NotModified: {
    description: "Not Modified: the `If-None-Match` tag is still the answer's; keep the copy you have.",
    headers: ANSWER_HEADERS,
  },
  BadRequest: {
    description:
      "Bad Request: a parameter the API does not understand, or a value out of its limits (`detail` says which).",
    headers: headerRefs("Link", "AccessControlAllowOrigin", ...RATE),
    content: PROBLEM_CONTENT,
  },
  NotFound: {
    description: "Not Found: no entry ever had this id.",
    headers: headerRefs("Link", "AccessControlAllowOrigin", ...RATE),
    content: PROBLEM_CONTENT,
  },
  TooManyRequests: {
    description: "Too Many Requests: this address spent its budget; ask again after `Retry-After` seconds.",
    headers: headerRefs("Link", "AccessControlAllowOrigin", "RetryAfter", ...RATE),
    content: PROBLEM_CONTENT,
  },
};
const ERRORS = {
  "304": ref("responses", "NotModified"),
  "400": ref("responses", "BadRequest"),
  "429": ref("responses", "TooManyRequests"),
};

const ok = (description: string, type: string, schema: string): Response => ({
  description,
  headers: ANSWER_HEADERS,
  content: { [type]: { schema: schemaRef(schema) } },
});

const keysOf = (collection: ApiCollection) => API_COLLECTIONS[collection].keys as readonly QueryKey[];

// --- Operations ----------------------------------------------------------------------------------------------------

const COLLECTION_TEXT: Record<ApiCollection, string> = {
  places:
    "Published places as a GeoJSON FeatureCollection, with filters; pages in id order (or the search's rank with `q`).",
  programs: "Published programs (courses, workshops, residencies), filtered by dates and place; pages in id order.",
  "change-makers": "Published change-makers (people and groups); pages in id order.",
  resources: "Published resources (books, sites, channels …); pages in id order.",
  episodes: "Published podcast episodes; pages in id order.",
};

function collectionOperations(): Record<string, { get: Operation }> {
  const paths: Record<string, { get: Operation }> = {};
  for (const collection of Object.keys(COLLECTION_ITEMS) as ApiCollection[]) {
    const { tag } = COLLECTION_ITEMS[collection];
    const name = pascal(collection);
    const type = collection === "places" ? "application/geo+json" : "application/json";
    paths[`/${collection}`] = {
      get: {
        operationId: `list${name}`,
        summary: `List ${collection.replace("-", " ")}`,
        description: `${COLLECTION_TEXT[collection]} Follow the \`next\` link (in \`links\` and the \`Link\` header) until there is none; then poll the \`updates\` link for changes.`,
        tags: [tag],
        parameters: keysOf(collection).map((k) => ref("parameters", paramName(k))),
        responses: { "200": ok("A page of the collection.", type, `${name}Page`), ...ERRORS },
      },
    };
    paths[`/${collection}/{id}`] = {
      get: {
        operationId: `get${name.replace(/s$/, "")}`,
        summary: `Get one of the ${collection.replace("-", " ")}`,
        description:
          "One published entry, with the contact fields its public page shows; 410 with its tombstone once it was deleted, unpublished or merged.",
        tags: [tag],
        parameters: [
          { name: "id", in: "path", required: true, description: "The entry's id.", schema: UUID },
          ...ITEM_KEYS.map((k) => ref("parameters", paramName(k))),
        ],
        responses: {
          "200": ok("The entry.", type, `${name}Entry`),
          ...ERRORS,
          "404": ref("responses", "NotFound"),
          "410": {
            description: "Gone: the entry was deleted, unpublished or merged (`merged_into`).",
            headers: headerRefs("Link", "AccessControlAllowOrigin", ...RATE),
            content: { [type]: { schema: schemaRef(`${name}Gone`) } },
          },
        },
      },
    };
  }
  for (const taxonomy of API_TAXONOMIES) {
    paths[`/${taxonomy}`] = {
      get: {
        operationId: `list${pascal(taxonomy)}`,
        summary: `List ${TAXONOMY_ITEMS[taxonomy].name}`,
        description: `All the ${TAXONOMY_ITEMS[taxonomy].name}, in one answer (the filters of \`/places\` take their ids).`,
        tags: ["Reference"],
        parameters: [ref("parameters", "langParam")],
        responses: { "200": ok("The whole list.", "application/json", `${pascal(taxonomy)}List`), ...ERRORS },
      },
    };
  }
  return paths;
}

/** The description's answers: tagged (304) with CORS and the licence, but outside the rate budget. */
const DESCRIPTION_HEADERS = headerRefs("ETag", "CacheControl", "Link", "AccessControlAllowOrigin");
const DESCRIPTION_NOT_MODIFIED: Response = { description: "Not Modified.", headers: DESCRIPTION_HEADERS };
const DESCRIPTION_BAD_REQUEST: Response = {
  description: "Bad Request: it takes no parameters.",
  content: PROBLEM_CONTENT,
};

/** The operations that describe the API itself. */
const DESCRIPTION_PATHS: Record<string, { get: Operation }> = {
  "/openapi.json": {
    get: {
      operationId: "getOpenApiDocument",
      summary: "This description",
      description: "The API's OpenAPI 3.1 document.",
      tags: ["Description"],
      parameters: [],
      responses: {
        "200": {
          description: "The OpenAPI document.",
          headers: DESCRIPTION_HEADERS,
          content: {
            "application/json": {
              schema: object({
                openapi: { type: "string", pattern: "^3\\.1\\." },
                info: { type: "object" },
                servers: { type: "array" },
                security: { type: "array" },
                tags: { type: "array" },
                paths: { type: "object" },
                components: { type: "object" },
              }),
            },
          },
        },
        "304": DESCRIPTION_NOT_MODIFIED,
        "400": DESCRIPTION_BAD_REQUEST,
      },
    },
  },
  "/docs": {
    get: {
      operationId: "getApiReference",
      summary: "This description to read",
      description: "A page showing this document as a readable reference.",
      tags: ["Description"],
      parameters: [],
      responses: {
        "200": {
          description: "The reference page.",
          headers: DESCRIPTION_HEADERS,
          content: { "text/html": { schema: STRING } },
        },
        "304": DESCRIPTION_NOT_MODIFIED,
        "400": DESCRIPTION_BAD_REQUEST,
      },
    },
  },
};

const API_DESCRIPTION = `The directory's places, programs, change-makers, resources and podcast episodes, read-only and anonymous.

**Paging**: \`limit\` (1–${API_MAX_LIMIT}, default ${API_DEFAULT_LIMIT}) and an opaque \`cursor\`; each page links the next one (\`links\` with \`rel: "next"\`, and a \`Link\` header) until the last. Pages are keyset pages: a walk while entries change never returns an id twice and never skips an entry that stayed unchanged.

**Mirrors**: copy a collection once, then poll the \`updates\` link of the last page (\`updated_since\`): changes come in change order, with tombstones for entries deleted, unpublished or merged, kept for more than ${API_CHANGES_MAX_AGE_DAYS} days.

**HTTP**: every answer has an \`ETag\` (send \`If-None-Match\` for a 304), \`Access-Control-Allow-Origin: *\`, the \`RateLimit-Policy\` and \`RateLimit\` fields of the per-address budget (a 304 costs a tenth; over it, 429 with \`Retry-After\`) and the data licence in a \`Link\` header and in every body. Errors are RFC 9457 problem details.

**Privacy**: lists never carry e-mail addresses or phone numbers; a single entry carries the contact fields its public page shows.`;

/** The OpenAPI document for this site: its address, and the data licence and contact staff chose. */
export function openApiDocument(opts: {
  siteUrl: string;
  siteName: string;
  licence: LicenceMembers;
  contactEmail: string | null;
}): OpenApiDocument {
  const spdx = dataLicence(opts.licence.license.id);
  return {
    openapi: "3.1.0",
    info: {
      title: `${opts.siteName} open data API`,
      version: OPENAPI_VERSION,
      summary: "The worldwide permaculture directory's data, for other sites, maps, mirrors and research.",
      description: `${API_DESCRIPTION}\n\n**Licence**: ${spdx.name}. Credit: “${opts.licence.attribution}”.`,
      license: { name: spdx.name, identifier: spdx.spdx },
      contact: {
        name: opts.siteName,
        url: `${opts.siteUrl}/open-data`,
        ...(opts.contactEmail ? { email: opts.contactEmail } : {}),
      },
    },
    servers: [{ url: `${opts.siteUrl}/api/v1`, description: opts.siteName }],
    security: [],
    tags: [
      ...Object.values(COLLECTION_ITEMS).map((c) => ({ name: c.tag, description: `${c.tag}, one page at a time.` })),
      { name: "Reference", description: "The regions, focus areas and categories the filters take." },
      { name: "Description", description: "This description of the API." },
    ],
    paths: { ...collectionOperations(), ...DESCRIPTION_PATHS },
    components: {
      parameters: queryParameters(),
      headers: HEADERS,
      responses: SHARED_RESPONSES,
      schemas: { ...ITEM_SCHEMAS, ...ENVELOPE_SCHEMAS, ...PAGE_SCHEMAS, ...TAXONOMY_SCHEMAS },
    },
  };
}
