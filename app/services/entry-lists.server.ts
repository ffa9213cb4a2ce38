import type { AppLoadContext } from "react-router";
import type { EntryStatus } from "~/lib/vocabulary";
import type { Database } from "~db/client";
import { deleteChangeMaker, getChangeMakerById } from "./change-makers.server";
import { deleteContent, readDeleteId } from "./content-actions.server";
import type { ContentEntity } from "./content-events.server";
import type { SessionUser } from "./guard.server";
import { deleteLocation, getLocationById } from "./locations.server";
import { deleteProgram, getProgramById } from "./programs.server";
import { deleteResource, getResourceById } from "./resources.server";

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

type Collection<Item extends { id: string }> = {
  find: (db: Database, id: string) => Promise<Item | null | undefined>;
  remove: (db: Database, id: string) => Promise<unknown>;
  /** The entry's name as staff read it (a resource's title). */
  nameOf: (item: Item) => string;
  channel: ContentEntity;
  list: string;
};

/** A kind's record, its entries read as their id and name (all the list and its delete action need of them). */
function collection<Item extends { id: string }>({ find, nameOf, ...rest }: Collection<Item>) {
  const findNamed = async (db: Database, id: string) => {
    const item = await find(db, id);
    return item ? { id: item.id, name: nameOf(item) } : null;
  };
  return { ...rest, find: findNamed };
}

const COLLECTIONS = {
  location: collection({
    find: getLocationById,
    remove: deleteLocation,
    nameOf: (l) => l.name,
    channel: "locations",
    list: "/admin/dashboard/locations",
  }),
  program: collection({
    find: getProgramById,
    remove: deleteProgram,
    nameOf: (p) => p.name,
    channel: "programs",
    list: "/admin/dashboard/programs",
  }),
  "change-maker": collection({
    find: getChangeMakerById,
    remove: deleteChangeMaker,
    nameOf: (p) => p.name,
    channel: "changeMakers",
    list: "/admin/dashboard/change-makers",
  }),
  resource: collection({
    find: getResourceById,
    remove: deleteResource,
    nameOf: (r) => r.title,
    channel: "resources",
    list: "/admin/dashboard/resources",
  }),
};

export type ListedKind = keyof typeof COLLECTIONS;

/**
 * One page of a collection's admin list: the search as asked, its rows (dates as text for the page) and the entry
 * awaiting the no-JavaScript delete confirmation (`?delete=<id>`), by its name.
 */
export async function listEntries<Row extends { updatedAt: Date }>(
  db: Database,
  kind: ListedKind,
  query: EntryListQuery,
  search: EntrySearch<Row>,
) {
  const { find } = COLLECTIONS[kind];
  const { q, status, page, range, confirmId } = query;
  const [result, confirm] = await Promise.all([
    search(db, { q: q || undefined, status: status || "any", ...range }),
    confirmId ? find(db, confirmId) : null,
  ]);
  return {
    q,
    status,
    page,
    total: result.total,
    rows: result.rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })),
    confirm: confirm,
  };
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A collection list's delete action, after its guard: the one id posted, then delete, audit entry, content-changed
 * notice and back to the list with a toast ("Program deleted"; "That program no longer exists." when it was gone).
 */
export async function deleteEntry(context: AppLoadContext, user: SessionUser, request: Request, kind: ListedKind) {
  const { find, remove, channel, list } = COLLECTIONS[kind];
  return deleteContent(context, {
    user,
    id: await readDeleteId(request, kind),
    find,
    remove,
    audit: { entity: kind, summary: (item) => `Deleted ${kind} "${item.name}"` },
    channel,
    redirectTo: list,
    missing: `That ${kind} no longer exists.`,
    done: `${capitalised(kind)} deleted`,
  });
}
