/**
 * The files of the open-data dumps (`/data/<name>`, decision 071), in the order the /open-data page lists them.
 * `kind` says what the file holds; the page names it in the visitor's language.
 */
export const DUMP_FILES = [
  { name: "places.geojson", kind: "places", format: "GeoJSON", mediaType: "application/geo+json" },
  { name: "places.ndjson", kind: "places", format: "NDJSON", mediaType: "application/x-ndjson" },
  { name: "places.csv", kind: "places", format: "CSV", mediaType: "text/csv; charset=utf-8; header=present" },
  { name: "programs.csv", kind: "programs", format: "CSV", mediaType: "text/csv; charset=utf-8; header=present" },
  {
    name: "change-makers.csv",
    kind: "change-makers",
    format: "CSV",
    mediaType: "text/csv; charset=utf-8; header=present",
  },
  { name: "resources.csv", kind: "resources", format: "CSV", mediaType: "text/csv; charset=utf-8; header=present" },
  { name: "datapackage.json", kind: "package", format: "JSON", mediaType: "application/json; charset=utf-8" },
] as const;

export type DumpFileName = (typeof DUMP_FILES)[number]["name"];

/** Where the dumps are served. */
export const DUMP_URL_PREFIX = "/data/";

/** The dump file of a name in an address, or undefined: only these names are ever looked up. */
export function dumpFileNamed(name: string) {
  return DUMP_FILES.find((f) => f.name === name);
}
