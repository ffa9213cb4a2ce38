/**
 * The OpenAPI 3.0 description of `/ogc` (OGC API – Features, conformance class "OpenAPI 3.0", decision 073): every
 * path, its parameters with their bounds, and the shapes of its answers. Served at `/ogc/api` and linked from the
 * landing page as `service-desc`.
 */
import { API_DEFAULT_LIMIT, API_MAX_LIMIT } from "./open-data-params";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const param = (name: string) => ({ $ref: `#/components/parameters/${name}` });
const problem = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: ref("problem") } },
});
const PROBLEMS = {
  "400": problem("A parameter the API does not take, or a value it cannot read; `detail` names it."),
  "406": problem("The Accept header asks for a format other than JSON."),
  "429": problem("Too many requests from this address; Retry-After says when to try again."),
};
const ok = (description: string, type: string, schema: string) => ({
  description,
  content: { [type]: { schema: ref(schema) } },
});

const link = {
  type: "object",
  required: ["href", "rel"],
  properties: {
    href: { type: "string", format: "uri" },
    rel: { type: "string" },
    type: { type: "string" },
    title: { type: "string" },
  },
};
const links = { type: "array", items: ref("link") };
const bbox = { type: "array", minItems: 4, maxItems: 4, items: { type: "number" } };

/** The description, its server at `base` (the site's `/ogc`), its licence the data's, its collections' ids. */
export function ogcOpenApi(opts: {
  base: string;
  licence: { license: { name: string; url: string } };
  collections: string[];
}): Record<string, unknown> {
  const get = (summary: string, operationId: string, parameters: unknown[], responses: Record<string, unknown>) => ({
    get: { summary, operationId, parameters, responses: { ...responses, ...PROBLEMS } },
  });
  const notFound = problem("No such collection or feature.");
  return {
    openapi: "3.0.3",
    info: {
      title: "Permaculture Network: OGC API – Features",
      version: "1.0.0",
      description:
        "The directory's places, and the programs held at them, as GeoJSON features (OGC API – Features, Part 1: Core). Coordinates are WGS 84 longitude and latitude (CRS84). Read-only, anonymous, CORS for any origin; answers carry an ETag (If-None-Match gives 304) and the rate-limit fields RateLimit and RateLimit-Policy.",
      license: { name: opts.licence.license.name, url: opts.licence.license.url },
    },
    servers: [{ url: opts.base }],
    // Anonymous: no operation asks for credentials.
    security: [],
    paths: {
      "/": get("Landing page", "getLandingPage", [param("f")], {
        "200": ok("Links to the API's parts.", "application/json", "landingPage"),
      }),
      "/conformance": get("Conformance classes", "getConformanceDeclaration", [param("f")], {
        "200": ok("The conformance classes implemented.", "application/json", "confClasses"),
      }),
      "/api": get("This API definition", "getApiDefinition", [param("f")], {
        "200": {
          description: "This document.",
          content: { "application/vnd.oai.openapi+json;version=3.0": { schema: { type: "object" } } },
        },
      }),
      "/collections": get("The feature collections", "getCollections", [param("f")], {
        "200": ok("Every collection with its extent.", "application/json", "collections"),
      }),
      "/collections/{collectionId}": get(
        "A feature collection",
        "describeCollection",
        [param("collectionId"), param("f")],
        {
          "200": ok("The collection with its extent.", "application/json", "collection"),
          "404": notFound,
        },
      ),
      "/collections/{collectionId}/items": get(
        "A page of a collection's features",
        "getFeatures",
        [param("collectionId"), param("bbox"), param("datetime"), param("limit"), param("cursor"), param("f")],
        {
          "200": ok(
            "A page of features, with numberMatched, numberReturned and, while there are more, a `next` link (also in the Link header).",
            "application/geo+json",
            "featureCollectionGeoJSON",
          ),
          "404": notFound,
        },
      ),
      "/collections/{collectionId}/items/{featureId}": get(
        "One feature",
        "getFeature",
        [param("collectionId"), param("featureId"), param("f")],
        { "200": ok("The feature.", "application/geo+json", "featureGeoJSON"), "404": notFound },
      ),
    },
    components: {
      parameters: {
        collectionId: {
          name: "collectionId",
          in: "path",
          required: true,
          description: "A collection's id.",
          schema: { type: "string", enum: opts.collections },
        },
        featureId: {
          name: "featureId",
          in: "path",
          required: true,
          description: "A feature's id: the entry's id (a UUID), the same as in /api/v1.",
          schema: { type: "string", format: "uuid" },
        },
        f: {
          name: "f",
          in: "query",
          required: false,
          description: "The format of the answer; JSON (GeoJSON for features) is the only one.",
          schema: { type: "string", enum: ["json"] },
        },
        bbox: {
          name: "bbox",
          in: "query",
          required: false,
          explode: false,
          style: "form",
          description:
            "Only features inside this box: minLon,minLat,maxLon,maxLat in WGS 84 degrees (CRS84); a box whose minLon is greater than its maxLon crosses the antimeridian.",
          schema: bbox,
        },
        datetime: {
          name: "datetime",
          in: "query",
          required: false,
          description:
            'Programs only: those whose days overlap this instant or interval (RFC 3339 date-times or dates; ".." for an open end, e.g. 2026-05-01/.. ). Times are read as the UTC day they fall on. Places have no dates: the parameter is a 400 there.',
          schema: { type: "string" },
        },
        limit: {
          name: "limit",
          in: "query",
          required: false,
          style: "form",
          explode: false,
          description: `How many features a page holds at most: ${API_DEFAULT_LIMIT} unless said, ${API_MAX_LIMIT} at most (a larger number gives pages of ${API_MAX_LIMIT}; 0 or anything but a whole number is a 400).`,
          schema: { type: "integer", minimum: 1, maximum: API_MAX_LIMIT, default: API_DEFAULT_LIMIT },
        },
        cursor: {
          name: "cursor",
          in: "query",
          required: false,
          description:
            "Where a page starts: copied from the previous page's `next` link with the same other parameters (good for a day).",
          schema: { type: "string" },
        },
      },
      schemas: {
        link,
        landingPage: {
          type: "object",
          required: ["links"],
          properties: { title: { type: "string" }, description: { type: "string" }, links },
        },
        confClasses: {
          type: "object",
          required: ["conformsTo"],
          properties: { conformsTo: { type: "array", items: { type: "string" } } },
        },
        extent: {
          type: "object",
          properties: {
            spatial: {
              type: "object",
              properties: { bbox: { type: "array", minItems: 1, items: bbox }, crs: { type: "string" } },
            },
            temporal: {
              type: "object",
              properties: {
                interval: {
                  type: "array",
                  minItems: 1,
                  items: {
                    type: "array",
                    minItems: 2,
                    maxItems: 2,
                    items: { type: "string", format: "date-time", nullable: true },
                  },
                },
                trs: { type: "string" },
              },
            },
          },
        },
        collection: {
          type: "object",
          required: ["id", "links"],
          properties: {
            id: { type: "string" },
            title: { type: "string" },
            description: { type: "string" },
            links,
            extent: ref("extent"),
            itemType: { type: "string" },
            crs: { type: "array", items: { type: "string" } },
          },
        },
        collections: {
          type: "object",
          required: ["links", "collections"],
          properties: { links, collections: { type: "array", items: ref("collection") } },
        },
        pointGeoJSON: {
          type: "object",
          required: ["type", "coordinates"],
          properties: {
            type: { type: "string", enum: ["Point"] },
            coordinates: { type: "array", minItems: 2, maxItems: 2, items: { type: "number" } },
          },
        },
        featureGeoJSON: {
          type: "object",
          required: ["type", "geometry", "properties"],
          properties: {
            type: { type: "string", enum: ["Feature"] },
            id: { type: "string", format: "uuid" },
            geometry: { type: "object", nullable: true, allOf: [ref("pointGeoJSON")] },
            properties: { type: "object", nullable: true },
            links,
          },
        },
        featureCollectionGeoJSON: {
          type: "object",
          required: ["type", "features"],
          properties: {
            type: { type: "string", enum: ["FeatureCollection"] },
            features: { type: "array", items: ref("featureGeoJSON") },
            links,
            timeStamp: { type: "string", format: "date-time" },
            numberMatched: { type: "integer", minimum: 0 },
            numberReturned: { type: "integer", minimum: 0 },
          },
        },
        problem: {
          type: "object",
          description: "RFC 9457 problem details.",
          properties: {
            type: { type: "string" },
            title: { type: "string" },
            status: { type: "integer" },
            detail: { type: "string" },
            instance: { type: "string" },
          },
        },
      },
    },
  };
}
