import type { EntryStatus } from "~/lib/vocabulary";
import type { Database } from "~db/client";
import type { Services } from "../services.server";
import type { SessionUser } from "../staff/guard.server";
import { deleteContent, readDeleteId } from "./content-actions.server";
import { type AnyEntryRow, type EntryKind, entryKind, entryName, entryPublicPath } from "./registry.server";

/**
 * The admin list screens of the four collections (locations, programs, change-makers, resources) read their address,
 * search, page and offer to delete the same way; what differs per kind is only the search itself and the columns.
 */

/** What a collection's list reads from its address (parsed by the screen, `readEntryListQuery`). */
export type EntryListQuery = {
  q: string;
  status: EntryStatus | "";
  page: number;
  range: { limit: number; offset: number };
  confirmId: string;
};

/** The search a list screen hands in: the words, the status (or "any") and the page's range. */
export type EntrySearch<Row extends { updatedAt: Date }> = (
  db: Database,
  filter: { q: string | undefined; status: EntryStatus | "any"; limit: number; offset: number },
) => Promise<{ rows: Row[]; total: number }>;

/** An entry of a kind, as the list and its delete action need it: its id and its name (a resource's title). */
async function findNamed(db: Database, kind: EntryKind, id: string) {
  const row = await entryKind(kind).find(db, id);
  return row ? { id: row.id, name: entryName(kind, row) } : null;
}

/**
 * One page of a collection's admin list: the search as asked, its rows (dates as text for the page) and the entry
 * awaiting the no-JavaScript delete confirmation (`?delete=<id>`), by its name.
 */
export async function listEntries<Row extends { updatedAt: Date }>(
  { db }: Pick<Services, "db">,
  kind: EntryKind,
  query: EntryListQuery,
  search: EntrySearch<Row>,
) {
  const { q, status, page, range, confirmId } = query;
  const [result, confirm] = await Promise.all([
    search(db, { q: q || undefined, status: status || "any", ...range }),
    confirmId ? findNamed(db, kind, confirmId) : null,
  ]);
  return {
    q,
    status,
    page,
    total: result.total,
    rows: result.rows.map((r) => ({
      ...r,
      updatedAt: r.updatedAt.toISOString(),
      /** The entry's public page, as its kind's record makes it (null for a kind without pages). */
      publicPath: entryPublicPath(kind, r as unknown as AnyEntryRow),
    })),
    confirm,
  };
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A collection list's delete action, after its guard: the one id posted, then delete, audit entry, content-changed
 * notice and back to the list with a toast ("Program deleted"; "That program no longer exists." when it was gone).
 */
export async function deleteEntry(
  services: Pick<Services, "db" | "bus">,
  user: SessionUser,
  request: Request,
  kind: EntryKind,
) {
  const { remove, channel, admin } = entryKind(kind);
  return deleteContent(services, {
    user,
    id: await readDeleteId(request, kind),
    find: (db, id) => findNamed(db, kind, id),
    remove,
    audit: { entity: kind, summary: (item) => `Deleted ${kind} "${item.name}"` },
    channel,
    redirectTo: admin.list,
    missing: `That ${kind} no longer exists.`,
    done: `${capitalised(kind)} deleted`,
  });
}
