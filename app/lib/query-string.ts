// Zod-free pieces of the list filters, for code that runs in the browser (filters.ts holds the schemas and
// re-exports these), so list pages do not download the validation library.

/** Builds a query string from the non-empty values (page 1 is left out so URLs stay canonical). */
export function toQueryString(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null || v === "") continue;
    if (k === "page" && Number(v) === 1) continue;
    params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** `path` with the current query changed: a `null` value removes that key, any other sets it. */
export function hrefWithParams(path: string, current: URLSearchParams, changes: Record<string, string | null>): string {
  const p = new URLSearchParams(current);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) p.delete(k);
    else p.set(k, v);
  }
  const qs = p.toString();
  return `${path}${qs ? `?${qs}` : ""}`;
}

import type { ProgramFormat } from "./vocabulary";

export { PROGRAM_FORMATS, type ProgramFormat } from "./vocabulary";
export const PROGRAM_FORMAT_LABELS: Record<ProgramFormat, string> = {
  "in-person": "In person",
  online: "Online",
  hybrid: "Hybrid",
};
