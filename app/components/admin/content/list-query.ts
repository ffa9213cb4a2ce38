// Plain functions rather than Zod schemas: this module is reachable from browser code (the list screens import
// it), and a schema built at the top of a module would put Zod into every admin list's bundle.

import { ADMIN_PAGE_SIZE } from "~/lib/constants";
import { ENTRY_STATUS_LABELS, ENTRY_STATUSES, type EntryStatus } from "~/lib/vocabulary";

const MAX_PAGE = 100_000;
const MAX_QUERY_LENGTH = 200;

/** Reads `?page=` as a positive whole number (1 for anything else: missing, "abc", "2.5", "0"). */
export function parsePage(value: string | null, max = MAX_PAGE): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : 1;
}

/** Reads `?q=` trimmed and capped so a huge query string cannot reach the database. */
export function parseQuery(value: string | null, max = MAX_QUERY_LENGTH): string {
  return (value ?? "").trim().slice(0, max);
}

/**
 * What every admin list reads from its address: the search, the page (as the query's limit and offset) and the
 * item awaiting the no-JavaScript delete confirmation (`?delete=<id>`). A screen with two lists names its own
 * search and page parameters.
 */
export function readListQuery(url: URL, pageSize: number, params = { q: "q", page: "page" }) {
  const q = parseQuery(url.searchParams.get(params.q));
  const page = parsePage(url.searchParams.get(params.page));
  return {
    q,
    page,
    range: { limit: pageSize, offset: (page - 1) * pageSize },
    confirmId: url.searchParams.get("delete") ?? "",
  };
}

/** Reads `?status=` as one entry status, or "" for every status (anything unknown counts as none chosen). */
export function parseStatusFilter(value: string | null): EntryStatus | "" {
  return ENTRY_STATUSES.find((s) => s === value) ?? "";
}

/** The status filter's choices on the admin lists. */
export const STATUS_FILTER_OPTIONS = ENTRY_STATUSES.map((s) => ({ value: s, label: ENTRY_STATUS_LABELS[s] }));

/**
 * What a collection's admin list (locations, programs, change-makers, resources) reads from its address: the list
 * query, a page of the admin page size, and the status filter.
 */
export function readEntryListQuery(url: URL) {
  return { ...readListQuery(url, ADMIN_PAGE_SIZE), status: parseStatusFilter(url.searchParams.get("status")) };
}
