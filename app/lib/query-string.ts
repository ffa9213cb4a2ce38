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

import type { ProgramFormat } from "./vocabulary";

export { PROGRAM_FORMATS, type ProgramFormat } from "./vocabulary";
export const PROGRAM_FORMAT_LABELS: Record<ProgramFormat, string> = {
  "in-person": "In person",
  online: "Online",
  hybrid: "Hybrid",
};
